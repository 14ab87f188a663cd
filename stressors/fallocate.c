/*
 * fallocate.c - will-it-scale's fallocate1 and fallocate2: each instance
 * allocates a file of its own 8 KiB at a time up to 1 MiB, truncates it to
 * zero and starts again. One bogo-op is one fallocate(2) of 8 KiB (the
 * ftruncate(2) every 128 ops is part of the loop).
 *   fallocate1: the file is on tmpfs (a memfd: shmem page allocation);
 *   fallocate2: the file is in the run directory, so --temp-path decides
 *               the filesystem whose block allocator is measured.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "wis_common.h"

#define FALLOCATE_FILE_SIZE	(1L << 20)			/* FILESIZE */
#define FALLOCATE_STEP		(FALLOCATE_FILE_SIZE / 128)	/* BUFLEN, 8 KiB */

/*
 * fallocate2's file: made in the run directory and unlinked at once, as
 * will-it-scale does in /tmp, so nothing is left if the instance dies.
 * Returns fd or -errno.
 */
static int fallocate_tmpfile(const struct instance *in)
{
	char path[PATH_MAX];
	int fd;

	if (snprintf(path, sizeof(path), "%s/file-%u", in->ctx->run_dir, in->index) >=
	    (int)sizeof(path))
		return -ENAMETOOLONG;
	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	unlink(path);
	return fd;
}

/* --verify, once per pass: the whole 1 MiB is allocated before the truncate. */
static bool fallocate_full(int fd)
{
	struct stat st;

	return fstat(fd, &st) == 0 && st.st_size == FALLOCATE_FILE_SIZE &&
	       (off_t)st.st_blocks * 512 >= FALLOCATE_FILE_SIZE;
}

static int fallocate_loop(struct instance *in, int fd)
{
	const bool verify = in->ctx->verify;
	off_t place = 0;
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		if (fallocate(fd, 0, place, FALLOCATE_STEP) < 0) {
			if (errno == EINTR)
				continue;
			return instance_syscall_failed(in, "fallocate");
		}
		instance_loop_inc(&l);
		place += FALLOCATE_STEP;
		if (place < FALLOCATE_FILE_SIZE)
			continue;
		if (verify && !fallocate_full(fd)) {
			instance_fail(in, "verify: 1 MiB fallocated, the file holds less");
			return SK_FAILED;
		}
		if (ftruncate(fd, 0) < 0)
			return instance_syscall_failed(in, "ftruncate");
		place = 0;
	}
	return SK_OK;
}

static int fallocate_run_fd(struct instance *in, int fd, const char *what)
{
	int status;

	if (fd < 0)
		return instance_error(in, what, fd);
	/* set up: the run starts at the barrier (STRESSOR_OWN_START) */
	instance_ready(in);
	status = fallocate_loop(in, fd);
	close(fd);
	return status;
}

static int fallocate1_run(struct instance *in)
{
	return fallocate_run_fd(in, wis_memfd("stresskit-fallocate1", 0), "memfd_create");
}

static int fallocate2_run(struct instance *in)
{
	return fallocate_run_fd(in, fallocate_tmpfile(in), "creating the file");
}

#define FALLOCATE_HELP_TAIL						\
	"Runs as processes or threads. With --verify the file's size and\n"	\
	"blocks are checked each time it reaches 1 MiB."
#define FALLOCATE_SYSCALLS SK_SYSCALLS("memfd_create", "openat", "unlink", \
	"unlinkat", "fallocate", "ftruncate", "fstat", "newfstatat")

static const struct stressor fallocate1_stressor = {
	.name      = "fallocate1",
	.summary   = "fallocate() a private tmpfs file 8 KiB at a time to 1 MiB",
	.help      = "will-it-scale fallocate1: one bogo-op is one fallocate() of the\n"
		     "next 8 KiB of a file of the instance's own, truncated to 0 at\n"
		     "1 MiB. The file is a memfd, so it lives on shmem (tmpfs) whatever\n"
		     "--temp-path is. " FALLOCATE_HELP_TAIL,
	.classes   = CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = FALLOCATE_SYSCALLS,
	.run       = fallocate1_run,
	.version   = "1",
};

static const struct stressor fallocate2_stressor = {
	.name      = "fallocate2",
	.summary   = "fallocate() a private file under --temp-path, 8 KiB at a time",
	.help      = "will-it-scale fallocate2: fallocate1 on a real filesystem. The\n"
		     "file is made (and unlinked) in the run directory: --temp-path decides\n"
		     "the filesystem whose allocator is measured. One bogo-op is one\n"
		     "fallocate() of 8 KiB, truncated to 0 at 1 MiB. A filesystem\n"
		     "without fallocate() makes it not implemented (exit 4).\n"
		     FALLOCATE_HELP_TAIL,
	.classes   = CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.syscalls  = FALLOCATE_SYSCALLS,
	.run       = fallocate2_run,
	.version   = "1",
};

STRESSOR_REGISTER(fallocate1_stressor);
STRESSOR_REGISTER(fallocate2_stressor);
