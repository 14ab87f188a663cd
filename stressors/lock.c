/*
 * lock.c - will-it-scale's lock1 and lock2: take a POSIX write lock on the
 * first byte of a file and release it, in a loop. One bogo-op is one
 * fcntl(F_SETLKW) call, lock or unlock (will-it-scale counts two per pair).
 *   lock1: a file per instance, so no lock is ever contended;
 *   lock2: one file shared by every instance, each through an open file of
 *          its own: as processes they queue for the one lock; as threads
 *          they are one lock owner (POSIX locks belong to the process), so
 *          they contend only on the inode's lock list.
 * The files are memfds, so they live on shmem whatever --temp-path says.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "wis_common.h"

/*
 * Locks or unlocks byte 0, waiting for it. Returns 0, -EINTR when the stop
 * signal interrupted a wait for the lock (not taken), or another -errno.
 */
static int lock_set(const struct instance *in, int fd, short type)
{
	struct flock lk = { .l_type = type, .l_whence = SEEK_SET, .l_start = 0, .l_len = 1 };

	while (fcntl(fd, F_SETLKW, &lk) < 0) {
		if (errno != EINTR)
			return -errno;
		if (type == F_WRLCK && instance_stopping(in))
			return -EINTR;
	}
	return 0;
}

static int lock_loop(struct instance *in, int fd)
{
	int err;
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		err = lock_set(in, fd, F_WRLCK);
		if (err == -EINTR)
			break;
		if (err)
			goto failed;
		instance_loop_inc(&l);
		/* always unlock; the step counts only while ops are left */
		err = lock_set(in, fd, F_UNLCK);
		if (err)
			goto failed;
		if (!instance_loop_continue(&l))
			break;
		instance_loop_inc(&l);
	}
	return SK_OK;
failed:
	return instance_error(in, "fcntl F_SETLKW", err);
}

/* lock2's file, made by the parent; each instance opens it on its own. */
static int lock2_prepare(struct stressor_ctx *ctx)
{
	return sk_shared_file_prepare(ctx, SK_FILE_SHMEM, 0, SK_FILE_SPARSE);
}

static int lock_run_fd(struct instance *in, int fd, const char *what)
{
	int status;

	if (fd < 0)
		return instance_error(in, what, fd);
	/* set up: the run starts at the barrier (STRESSOR_OWN_START) */
	instance_ready(in);
	status = lock_loop(in, fd);
	close(fd);
	return status;
}

static int lock1_run(struct instance *in)
{
	return lock_run_fd(in, wis_memfd("stresskit-lock1", 0), "memfd_create");
}

static int lock2_run(struct instance *in)
{
	return lock_run_fd(in, sk_shared_file_open(in, O_RDWR), "open /proc/self/fd");
}

#define LOCK_HELP_TAIL							\
	"The file is a memfd, so it lives on shmem (tmpfs) whatever\n"	\
	"--temp-path is. Runs as processes or threads. Every call's result\n"	\
	"is checked."

static const struct stressor lock1_stressor = {
	.name      = "lock1",
	.summary   = "fcntl() write-lock and unlock a byte of a private file",
	.help      = "will-it-scale lock1: one bogo-op is one fcntl(F_SETLKW), taking\n"
		     "or releasing a write lock on byte 0 of a file of the instance's\n"
		     "own, so no lock is contended.\n" LOCK_HELP_TAIL,
	.classes   = CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = SK_SYSCALLS("memfd_create", "fcntl"),
	.run       = lock1_run,
	.version   = "1",
};

static const struct stressor lock2_stressor = {
	.name      = "lock2",
	.summary   = "fcntl() write-lock and unlock a byte of one shared file",
	.help      = "will-it-scale lock2: the parent makes one file; each instance\n"
		     "opens it on its own and takes and releases a write lock on byte 0,\n"
		     "one fcntl(F_SETLKW) per bogo-op. As processes the instances queue\n"
		     "for that lock; as threads they are one lock owner and never wait.\n"
		     LOCK_HELP_TAIL,
	.classes   = CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = SK_SYSCALLS("openat", "fcntl"),
	.prepare   = lock2_prepare,
	.run       = lock2_run,
	.cleanup   = sk_shared_file_cleanup,
	.version   = "1",
};

STRESSOR_REGISTER(lock1_stressor);
STRESSOR_REGISTER(lock2_stressor);
