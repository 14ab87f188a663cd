/*
 * dup.c - will-it-scale's dup1: each instance dup()s a file of its own and
 * closes the copy. In thread mode every instance allocates from one file
 * descriptor table (its lock and bitmap are the contention); as processes
 * nothing is shared. One bogo-op is one dup(2) and one close(2).
 * The file is a memfd, so it lives on shmem whatever --temp-path says.
 */
#include <stresskit/stressor.h>

#include <fcntl.h>
#include <errno.h>
#include <unistd.h>

#include "wis_common.h"

static int dup1_run(struct instance *in)
{
	const bool verify = in->ctx->verify;
	int fd = wis_memfd("stresskit-dup1", 0);
	int status = SK_OK;
	struct instance_loop l;

	if (fd < 0)
		return instance_error(in, "memfd_create", fd);
	/* set up: the run starts at the barrier (STRESSOR_OWN_START) */
	instance_ready(in);
	l = instance_loop_begin(in);	/* after the start: it reads the warmup */
	while (instance_loop_continue(&l)) {
		int copy = dup(fd);

		if (copy < 0) {
			status = instance_syscall_failed(in, "dup");
			break;
		}
		/* dup() clears close-on-exec on the copy: a cheap sign it is one */
		if (verify && fcntl(copy, F_GETFD) != 0) {
			instance_fail(in, "verify: dup'ed descriptor %d has flags set", copy);
			close(copy);
			status = SK_FAILED;
			break;
		}
		close(copy);
		instance_loop_inc(&l);
	}
	close(fd);
	return status;
}

static const struct stressor dup1_stressor = {
	.name      = "dup1",
	.summary   = "dup() and close() a descriptor of a private file",
	.help      = "will-it-scale dup1: one bogo-op is one dup() of a file of the\n"
		     "instance's own and one close() of the copy. As threads, all\n"
		     "instances share one descriptor table. The file is a memfd, so it\n"
		     "lives on shmem (tmpfs) whatever --temp-path is. With --verify the\n"
		     "copy is checked to be a new descriptor (without close-on-exec).",
	.classes   = CLASS_FILESYSTEM | CLASS_OS,
	.flags     = STRESSOR_OWN_START,
	.needs     = "memfd_create",
	.syscalls  = SK_SYSCALLS("memfd_create", "dup", "fcntl"),
	.run       = dup1_run,
	.version   = "1",
};

STRESSOR_REGISTER(dup1_stressor);
