/*
 * pwrite.c - will-it-scale's three pwrite cases on shmem. Every instance
 * loops pwrite(fd, buf, 4096, offset) on an open file of its own; one
 * bogo-op is one 4 KiB pwrite(2).
 *   pwrite1: a private file per instance, written at offset 0 (it starts
 *            empty: the first write extends it);
 *   pwrite2: one 4 KiB file shared by every instance, all writing page 0,
 *            so every task contends on the same page-cache folio and the
 *            inode's lock;
 *   pwrite3: one shared file, each instance writing a page of its own.
 * The files are memfds (include/stresskit/file.h), so they live on shmem
 * whatever --temp-path says.
 */
#include <stresskit/stressor.h>
#include <stresskit/file.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#define PWRITE_LEN	4096	/* will-it-scale's BUFLEN */

static int pwrite2_prepare(struct stressor_ctx *ctx)
{
	return sk_shared_file_prepare(ctx, SK_FILE_SHMEM, PWRITE_LEN, 0);
}

static int pwrite3_prepare(struct stressor_ctx *ctx)
{
	return sk_shared_file_prepare(ctx, SK_FILE_SHMEM, sk_file_pages(ctx), 0);
}

/*
 * --verify on a page no other instance writes: each write carries the op
 * count, which a pread must find there at once.
 */
static int pwrite_check(struct instance *in, int fd, off_t off, const char *buf)
{
	char back[PWRITE_LEN];

	if (pread(fd, back, PWRITE_LEN, off) != PWRITE_LEN) {
		instance_fail(in, "verify: cannot read back the page at %lld", (long long)off);
		return SK_FAILED;
	}
	if (memcmp(back, buf, PWRITE_LEN)) {
		instance_fail(in, "verify: the page at %lld reads back different data",
			      (long long)off);
		return SK_FAILED;
	}
	return SK_OK;
}

static int pwrite_loop(struct instance *in, int fd, off_t off, bool own_page)
{
	const bool verify = in->ctx->verify && own_page;
	char buf[PWRITE_LEN] __attribute__((aligned(64)));
	struct instance_loop l = instance_loop_begin(in);

	memset(buf, 0, sizeof(buf));
	while (instance_loop_continue(&l)) {
		ssize_t n;

		if (verify) {
			uint64_t stamp = instance_loop_ops(&l);

			memcpy(buf, &stamp, sizeof(stamp));
		}
		n = pwrite(fd, buf, PWRITE_LEN, off);
		if (n != PWRITE_LEN) {
			if (n < 0 && errno == EINTR)
				continue;
			if (n >= 0) {
				instance_fail(in, "pwrite wrote %zd bytes, expected %d", n, PWRITE_LEN);
				return SK_FAILED;
			}
			return instance_syscall_failed(in, "pwrite");
		}
		if (verify && pwrite_check(in, fd, off, buf))
			return SK_FAILED;
		instance_loop_inc(&l);
	}
	return SK_OK;
}

/* page: which page of the file this instance writes. */
static int pwrite_run_page(struct instance *in, uint32_t page, bool own_page)
{
	int fd = sk_instance_file(in, SK_FILE_SHMEM, 0, SK_FILE_SPARSE, O_RDWR);
	int status;

	if (fd < 0)
		return instance_error(in, "open the file", fd);
	/* set up: the run starts at the barrier (STRESSOR_OWN_START) */
	instance_ready(in);
	status = pwrite_loop(in, fd, (off_t)page * sysconf(_SC_PAGESIZE), own_page);
	close(fd);
	return status;
}

static int pwrite1_run(struct instance *in)
{
	return pwrite_run_page(in, 0, true);
}

static int pwrite2_run(struct instance *in)
{
	return pwrite_run_page(in, 0, false);
}

static int pwrite3_run(struct instance *in)
{
	return pwrite_run_page(in, in->index, true);
}

#define PWRITE_SYSCALLS SK_SYSCALLS(SK_FILE_SYSCALLS, "pread64")

#define PWRITE_HELP_TAIL							\
	"The file is a memfd, so it lives on shmem (tmpfs) whatever\n"		\
	"--temp-path is. One bogo-op is one 4 KiB pwrite(). Runs as processes\n"	\
	"or as threads (--instance-mode thread)."

static const struct stressor pwrite1_stressor = {
	.name      = "pwrite1",
	.summary   = "pwrite 4 KiB to a private shmem file per instance",
	.help      = "will-it-scale pwrite1: each instance writes page 0 of a file of\n"
		     "its own, so nothing is shared between instances. With --verify\n"
		     "each write is read back and compared.\n"
		     PWRITE_HELP_TAIL,
	.classes   = CLASS_IO | CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = PWRITE_SYSCALLS,
	.run       = pwrite1_run,
	.version   = "1",
};

static const struct stressor pwrite2_stressor = {
	.name      = "pwrite2",
	.summary   = "pwrite the same 4 KiB shmem page from every instance",
	.help      = "will-it-scale pwrite2: the parent makes one 4 KiB file shared by\n"
		     "every instance; each opens it on its own (its own open file) and\n"
		     "writes page 0, so all contend on one page and one inode. --verify\n"
		     "checks each write's length only: the page is everyone's.\n"
		     PWRITE_HELP_TAIL,
	.classes   = CLASS_IO | CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = PWRITE_SYSCALLS,
	.prepare   = pwrite2_prepare,
	.run       = pwrite2_run,
	.cleanup   = sk_shared_file_cleanup,
	.version   = "1",
};

static const struct stressor pwrite3_stressor = {
	.name      = "pwrite3",
	.summary   = "pwrite a shmem file shared by all, a page per instance",
	.help      = "will-it-scale pwrite3: the parent makes one file of a page per\n"
		     "instance; each instance opens it on its own and writes its own\n"
		     "page (instance i writes page i). With --verify each write is\n"
		     "read back and compared.\n"
		     PWRITE_HELP_TAIL,
	.classes   = CLASS_IO | CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = PWRITE_SYSCALLS,
	.prepare   = pwrite3_prepare,
	.run       = pwrite3_run,
	.cleanup   = sk_shared_file_cleanup,
	.version   = "1",
};

STRESSOR_REGISTER(pwrite1_stressor);
STRESSOR_REGISTER(pwrite2_stressor);
STRESSOR_REGISTER(pwrite3_stressor);
