/*
 * getppid.c - will-it-scale's getppid1: the cheapest real system call in a
 * loop, so what it measures is the kernel entry and exit path (and what
 * mitigations add to it). One bogo-op is one getppid(2).
 */
#include <stresskit/stressor.h>

#include <sys/syscall.h>
#include <unistd.h>

static int getppid1_run(struct instance *in)
{
	/* the raw call: a C library that caches the result would make no syscall */
	const pid_t parent = (pid_t)syscall(SYS_getppid);
	const bool verify = in->ctx->verify;
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		pid_t p = (pid_t)syscall(SYS_getppid);

		/* never fails, but a --sandbox block must end the loop */
		if (p < 0)
			return instance_syscall_failed(in, "getppid");
		if (verify && p != parent) {
			instance_fail(in, "verify: getppid returned %d, expected %d",
				      (int)p, (int)parent);
			return SK_FAILED;
		}
		instance_loop_inc(&l);
	}
	return SK_OK;
}

static const struct stressor getppid1_stressor = {
	.name      = "getppid1",
	.summary   = "getppid() in a loop: the system call entry and exit path",
	.help      = "will-it-scale getppid1: one bogo-op is one getppid() system call,\n"
		     "nothing shared between instances. Runs as processes or threads.\n"
		     "With --verify each result is checked against the first.",
	.classes   = CLASS_OS,
	.syscalls  = SK_SYSCALLS("getppid"),
	.run       = getppid1_run,
	.version   = "1",
};

STRESSOR_REGISTER(getppid1_stressor);
