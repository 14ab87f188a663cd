/*
 * lseek.c - will-it-scale's lseek1 and lseek2: lseek(fd, 0, SEEK_SET) on a
 * 4 KiB file in a loop. One bogo-op is one lseek(2).
 *   lseek1: a file per instance;
 *   lseek2: one file shared by every instance, each through an open file
 *           of its own (so no f_pos lock is shared, only the inode).
 * The files are memfds, so they live on shmem whatever --temp-path says.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <unistd.h>

#include "wis_common.h"

#define LSEEK_FILE_SIZE	4096	/* will-it-scale's BUFLEN */

/* lseek2's file, made by the parent; each instance opens it on its own. */
static int lseek2_prepare(struct stressor_ctx *ctx)
{
	return sk_shared_file_prepare(ctx, SK_FILE_SHMEM, LSEEK_FILE_SIZE,
				      SK_FILE_SPARSE);
}

static int lseek_loop(struct instance *in, int fd)
{
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		off_t off = lseek(fd, 0, SEEK_SET);

		/* the new offset is the result to check, and it costs nothing */
		if (off != 0) {
			if (off < 0)
				return instance_syscall_failed(in, "lseek");
			instance_fail(in, "verify: lseek to 0 returned %lld", (long long)off);
			return SK_FAILED;
		}
		instance_loop_inc(&l);
	}
	return SK_OK;
}

static int lseek_run_fd(struct instance *in, int fd, const char *what)
{
	int status;

	if (fd < 0)
		return instance_error(in, what, fd);
	/* set up: the run starts at the barrier (STRESSOR_OWN_START) */
	instance_ready(in);
	status = lseek_loop(in, fd);
	close(fd);
	return status;
}

static int lseek1_run(struct instance *in)
{
	return lseek_run_fd(in, wis_memfd("stresskit-lseek1", LSEEK_FILE_SIZE),
			    "memfd_create");
}

static int lseek2_run(struct instance *in)
{
	return lseek_run_fd(in, sk_shared_file_open(in, O_RDWR), "open /proc/self/fd");
}

#define LSEEK_HELP_TAIL							\
	"The file is a memfd, so it lives on shmem (tmpfs) whatever\n"	\
	"--temp-path is. Runs as processes or threads. Every result is\n"	\
	"checked to be offset 0."

static const struct stressor lseek1_stressor = {
	.name      = "lseek1",
	.summary   = "lseek to 0 in a private 4 KiB shmem file",
	.help      = "will-it-scale lseek1: one bogo-op is one lseek(fd, 0, SEEK_SET)\n"
		     "on a 4 KiB file of the instance's own.\n" LSEEK_HELP_TAIL,
	.classes   = CLASS_IO | CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = SK_SYSCALLS("memfd_create", "ftruncate", "lseek"),
	.run       = lseek1_run,
	.version   = "1",
};

static const struct stressor lseek2_stressor = {
	.name      = "lseek2",
	.summary   = "lseek to 0 in one 4 KiB shmem file shared by all",
	.help      = "will-it-scale lseek2: the parent makes one 4 KiB file; each\n"
		     "instance opens it on its own (its own open file) and loops\n"
		     "lseek(fd, 0, SEEK_SET), one bogo-op each.\n" LSEEK_HELP_TAIL,
	.classes   = CLASS_IO | CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = SK_SYSCALLS("openat", "lseek"),
	.prepare   = lseek2_prepare,
	.run       = lseek2_run,
	.cleanup   = sk_shared_file_cleanup,
	.version   = "1",
};

STRESSOR_REGISTER(lseek1_stressor);
STRESSOR_REGISTER(lseek2_stressor);
