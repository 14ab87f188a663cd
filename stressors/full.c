/*
 * full.c - stress-ng's full stressor: /dev/full, the device that is
 * always full. One bogo-op is stress-ng's round: open /dev/full, a 4 KiB
 * write() that must fail with ENOSPC, a 4 KiB read() that must give
 * zeros, a pread() at a random offset, fstat(), a read-only page mapped
 * and msync()ed and a writable one written (both anonymous, as stress-ng
 * maps them: MAP_ANONYMOUS with the fd), an lseek() to a random offset
 * and whence, ioctl FIONREAD and FIGETBSZ, close.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <linux/fs.h>
#include <unistd.h>

static const int full_whence[] = { SEEK_SET, SEEK_CUR, SEEK_END };

static uint64_t full_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* One round on an open /dev/full; SK_OK or a status having said why. */
static int full_round(struct instance *in, int fd, char *buf, size_t page, uint64_t *rnd)
{
	struct stat st;
	ssize_t n;
	char *p;
	int isz = 0;

	memset(buf, 0, 4096);
	n = write(fd, buf, 4096);
	if (n >= 0) {
		instance_fail(in, "a write to /dev/full succeeded, expected ENOSPC");
		return SK_FAILED;
	}
	if (errno != ENOSPC && errno != EAGAIN && errno != EINTR)
		return instance_syscall_failed(in, "write");
	n = read(fd, buf, 4096);
	if (n < 0)
		return instance_syscall_failed(in, "read");
	for (ssize_t i = 0; i < n; i++)
		if (buf[i]) {
			instance_fail(in, "a read of /dev/full gave non-zero bytes");
			return SK_FAILED;
		}
	if (pread(fd, buf, 4096, (off_t)(full_rand(rnd) & INT64_MAX)) < 0)
		return instance_syscall_failed(in, "pread");
	if (fstat(fd, &st) < 0)
		return instance_syscall_failed(in, "fstat");
	p = mmap(NULL, page, PROT_READ, MAP_ANONYMOUS | MAP_PRIVATE, fd, 0);
	if (p != MAP_FAILED) {
		(void)*(volatile char *)p;
		(void)msync(p, page, MS_SYNC);
		munmap(p, page);
	}
	p = mmap(NULL, page, PROT_WRITE, MAP_ANONYMOUS | MAP_PRIVATE, fd, 0);
	if (p != MAP_FAILED) {
		*(volatile char *)p = 0;
		munmap(p, page);
	}
	if (lseek(fd, (off_t)full_rand(rnd), full_whence[full_rand(rnd) % 3]) < 0 &&
	    errno != EINVAL)
		return instance_syscall_failed(in, "lseek");
	(void)ioctl(fd, FIONREAD, &isz);
	(void)ioctl(fd, FIGETBSZ, &isz);
	return SK_OK;
}

static int full_run(struct instance *in)
{
	const size_t page = (size_t)sysconf(_SC_PAGESIZE);
	char buf[4096] __attribute__((aligned(64)));
	uint64_t rnd = 0x2545f4914f6cdd1dULL + in->index;
	struct instance_loop l = instance_loop_begin(in);
	int status = SK_OK;

	while (status == SK_OK && instance_loop_continue(&l)) {
		int fd = open("/dev/full", O_RDWR | O_CLOEXEC);

		if (fd < 0)
			return errno == ENOENT ? instance_error(in, "/dev/full", -ENOSYS) :
			       instance_syscall_failed(in, "open /dev/full");
		status = full_round(in, fd, buf, page, &rnd);
		close(fd);
		if (status == SK_OK)
			instance_loop_inc(&l);
	}
	return status;
}

static const struct stressor full_stressor = {
	.name      = "full",
	.summary   = "write, read, pread, map, seek and ioctl /dev/full",
	.help      = "stress-ng's full: one bogo-op is one open of /dev/full, a write\n"
		     "that must fail with ENOSPC, a read that must give zeros, pread at a\n"
		     "random offset, fstat, a page mapped and msynced, one written, lseek\n"
		     "at random, FIONREAD and FIGETBSZ, close. The checks run always.",
	.classes   = CLASS_MEMORY | CLASS_OS,	/* stress-ng: dev, memory, os */
	.syscalls  = SK_SYSCALLS("openat", "read", "pread64", "fstat", "newfstatat",
				 "msync", "lseek", "ioctl"),
	.run       = full_run,
	.version   = "1",
};

STRESSOR_REGISTER(full_stressor);
