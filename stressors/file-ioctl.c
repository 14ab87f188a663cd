/*
 * file-ioctl.c - stress-ng's file-ioctl stressor: the generic file
 * ioctls on two 1 MiB files in the run directory (unlinked at once).
 * One bogo-op is stress-ng's round, in its order: FIOCLEX, FIONCLEX;
 * FIONBIO and FIOASYNC set and cleared, each checked with F_GETFL;
 * fstat + FIOQSIZE (the size checked); FIGETBSZ (checked); FICLONE;
 * five FICLONERANGE (a random range, the whole file, and three invalid);
 * two FIDEDUPERANGE (one with an impossible count); FIONREAD, and on a
 * bad fd; FS_IOC_GETVERSION; FS_IOC_FSGETXATTR + FSSETXATTR; RESVSP
 * and RESVSP64 three times each (from the start, the current offset
 * after an lseek, the end); UNRESVSP, UNRESVSP64, ZERO_RANGE; FIBMAP
 * of block 0 and of an impossible block. Most fail on most file systems
 * (EOPNOTSUPP: ext4 has no clone or dedupe); the calls are the op.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#define FILE_IOCTL_SIZE	(1 << 20)
#define FILE_IOCTL_BAD_FD 20001	/* what stress-ng's bad fd is here: none open */

/* XFS's space reservation ioctls, which the VFS takes for any file
 * system (<linux/fs.h> does not export them). */
struct file_ioctl_resv {
	int16_t l_type, l_whence;
	int64_t l_start, l_len;
	int32_t l_sysid;
	uint32_t l_pid;
	int32_t l_pad[4];
};
#define FILE_IOC_RESVSP		_IOW('X', 40, struct file_ioctl_resv)
#define FILE_IOC_UNRESVSP	_IOW('X', 41, struct file_ioctl_resv)
#define FILE_IOC_RESVSP64	_IOW('X', 42, struct file_ioctl_resv)
#define FILE_IOC_UNRESVSP64	_IOW('X', 43, struct file_ioctl_resv)
#define FILE_IOC_ZERO_RANGE	_IOW('X', 57, struct file_ioctl_resv)

struct file_ioctl_state {
	struct instance *in;
	int fd, dfd;
	uint32_t rnd;
};

/* FIONBIO/FIOASYNC: set or cleared, the flag must read back so. */
static int file_ioctl_flag(struct file_ioctl_state *s, unsigned long req,
			   const char *name, int flag)
{
	for (int on = 1; on >= 0; on--) {
		int opt = on, fl;

		if (ioctl(s->fd, req, &opt) != 0)
			continue;
		errno = 0;
		fl = fcntl(s->fd, F_GETFL);
		if (errno)
			continue;
		if (!!(fl & flag) != on) {
			instance_fail(s->in, "ioctl %s %s: F_GETFL reads 0x%x", name,
				      on ? "on" : "off", fl);
			return SK_FAILED;
		}
	}
	return SK_OK;
}

static void file_ioctl_resv(int fd, unsigned long req, int whence, int64_t start,
			    int64_t len)
{
	struct file_ioctl_resv r = { .l_whence = (int16_t)whence, .l_start = start,
				     .l_len = len };

	(void)ioctl(fd, req, &r);
}

static void file_ioctl_resv3(int fd, unsigned long req)
{
	file_ioctl_resv(fd, req, SEEK_SET, 0, 2LL * FILE_IOCTL_SIZE);
	if (lseek(fd, 0, SEEK_SET) != -1) {
		file_ioctl_resv(fd, req, SEEK_CUR, 0, FILE_IOCTL_SIZE);
		file_ioctl_resv(fd, req, SEEK_END, 0, 1);
	}
}

static void file_ioctl_clones(struct file_ioctl_state *s)
{
	struct file_clone_range r;
	const uint32_t x = s->rnd = s->rnd * 1664525u + 1013904223u;
	const uint64_t off = ((x >> 8) & 0xff) * 4096ULL & (FILE_IOCTL_SIZE - 1);

	(void)ioctl(s->dfd, FICLONE, s->fd);
	r = (struct file_clone_range){ .src_fd = s->fd, .src_offset = off,
		.src_length = 4096ULL * ((x >> 16) & 3), .dest_offset = off };
	(void)ioctl(s->dfd, FICLONERANGE, &r);
	r = (struct file_clone_range){ .src_fd = s->fd, .src_length = FILE_IOCTL_SIZE };
	(void)ioctl(s->dfd, FICLONERANGE, &r);
	r = (struct file_clone_range){ .src_fd = s->fd, .src_length = ~0ULL };
	(void)ioctl(s->dfd, FICLONERANGE, &r);
	r = (struct file_clone_range){ .src_fd = s->dfd };
	(void)ioctl(s->dfd, FICLONERANGE, &r);
	r = (struct file_clone_range){ .src_fd = s->dfd, .src_offset = FILE_IOCTL_SIZE,
		.src_length = 4096, .dest_offset = FILE_IOCTL_SIZE };
	(void)ioctl(s->dfd, FICLONERANGE, &r);
}

static void file_ioctl_dedupe(struct file_ioctl_state *s)
{
	char buf[sizeof(struct file_dedupe_range) + sizeof(struct file_dedupe_range_info)]
		__attribute__((aligned(64)));
	struct file_dedupe_range *d = (struct file_dedupe_range *)buf;

	memset(buf, 0, sizeof(buf));
	d->src_length = FILE_IOCTL_SIZE;
	d->dest_count = 1;
	d->info[0].dest_fd = s->dfd;
	(void)ioctl(s->fd, FIDEDUPERANGE, d);
	d->dest_count = (uint16_t)~0u;	/* stress-ng's ENOMEM */
	(void)ioctl(s->fd, FIDEDUPERANGE, d);
}

static int file_ioctl_round(struct file_ioctl_state *s)
{
	struct fsxattr xa;
	struct stat st;
	long long qsize = 0;
	int isz = 0, ver, block, status;

	(void)ioctl(s->fd, FIOCLEX);
	(void)ioctl(s->fd, FIONCLEX);
	status = file_ioctl_flag(s, FIONBIO, "FIONBIO", O_NONBLOCK);
	if (status == SK_OK)
		status = file_ioctl_flag(s, FIOASYNC, "FIOASYNC", O_ASYNC);
	if (status != SK_OK)
		return status;
	if (fstat(s->fd, &st) == 0 && ioctl(s->fd, FIOQSIZE, &qsize) == 0 &&
	    st.st_size != FILE_IOCTL_SIZE) {
		instance_fail(s->in, "FIOQSIZE: the file is %lld bytes, expected %d",
			      (long long)st.st_size, FILE_IOCTL_SIZE);
		return SK_FAILED;
	}
	if (ioctl(s->fd, FIGETBSZ, &isz) == 0 && isz < 1) {
		instance_fail(s->in, "FIGETBSZ gives a block size of %d", isz);
		return SK_FAILED;
	}
	file_ioctl_clones(s);
	file_ioctl_dedupe(s);
	(void)ioctl(s->fd, FIONREAD, &isz);
	(void)ioctl(FILE_IOCTL_BAD_FD, FIONREAD, &isz);
	(void)ioctl(s->fd, FS_IOC_GETVERSION, &ver);
	if (ioctl(s->fd, FS_IOC_FSGETXATTR, &xa) == 0)
		(void)ioctl(s->fd, FS_IOC_FSSETXATTR, &xa);
	file_ioctl_resv3(s->fd, FILE_IOC_RESVSP);
	file_ioctl_resv3(s->fd, FILE_IOC_RESVSP64);
	file_ioctl_resv(s->fd, FILE_IOC_UNRESVSP, SEEK_SET, FILE_IOCTL_SIZE,
			2LL * FILE_IOCTL_SIZE);
	file_ioctl_resv(s->fd, FILE_IOC_UNRESVSP64, SEEK_SET, FILE_IOCTL_SIZE,
			2LL * FILE_IOCTL_SIZE);
	file_ioctl_resv(s->fd, FILE_IOC_ZERO_RANGE, SEEK_SET, 0, FILE_IOCTL_SIZE / 2);
	block = 0;
	(void)ioctl(s->fd, FIBMAP, &block);
	block = -1;
	(void)ioctl(s->fd, FIBMAP, &block);
	return SK_OK;
}

/* A 1 MiB file in the run directory, unlinked: an fd or a status < 0. */
static int file_ioctl_file(struct instance *in, unsigned which)
{
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s/file-ioctl-%u-%u", in->ctx->run_dir, in->index,
		 which);
	fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0600);
	if (fd < 0)
		return -instance_syscall_failed(in, "open");
	unlink(path);
	(void)fallocate(fd, 0, 0, FILE_IOCTL_SIZE);
	return fd;
}

static int file_ioctl_run(struct instance *in)
{
	struct file_ioctl_state s = { .in = in, .rnd = 12345u + in->index, .dfd = -1 };
	struct instance_loop l;
	int status = SK_OK;

	s.fd = file_ioctl_file(in, 0);
	if (s.fd < 0)
		return -s.fd;
	s.dfd = file_ioctl_file(in, 1);
	if (s.dfd < 0) {
		close(s.fd);
		return -s.dfd;
	}
	(void)fsync(s.fd);
	instance_ready(in);
	l = instance_loop_begin(in);
	while (status == SK_OK && instance_loop_continue(&l)) {
		status = file_ioctl_round(&s);
		if (status == SK_OK)
			instance_loop_inc(&l);
	}
	close(s.dfd);
	close(s.fd);
	return status;
}

static const struct stressor file_ioctl_stressor = {
	.name      = "file-ioctl",
	.summary   = "the generic file ioctls (FIONBIO, FICLONE, FIDEDUPERANGE, RESVSP ...)",
	.help      = "stress-ng's file-ioctl: one bogo-op is one round of stress-ng's 35\n"
		     "generic file ioctls on two 1 MiB files in the run directory, with\n"
		     "its F_GETFL, FIOQSIZE and FIGETBSZ checks (always, as stress-ng's).",
	.classes   = CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.syscalls  = SK_SYSCALLS("openat", "unlink", "fallocate", "fsync", "ioctl",
				 "fcntl", "fstat", "newfstatat", "lseek"),
	.run       = file_ioctl_run,
	.version   = "1",
};

STRESSOR_REGISTER(file_ioctl_stressor);
