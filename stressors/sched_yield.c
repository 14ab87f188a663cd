/*
 * sched_yield.c - will-it-scale's sched_yield: each instance calls
 * sched_yield(2) in a loop. One bogo-op is one sched_yield(). With one
 * task per CPU it is a round trip through the scheduler's pick path that
 * finds nothing else to run; with more tasks than CPUs, a switch.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <sched.h>

static int sched_yield_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		if (sched_yield() < 0)
			return instance_syscall_failed(in, "sched_yield");
		instance_loop_inc(&l);
	}
	return SK_OK;
}

static const struct stressor sched_yield_stressor = {
	.name      = "sched_yield",
	.summary   = "call sched_yield() in a loop",
	.help      = "will-it-scale sched_yield: one bogo-op is one sched_yield()\n"
		     "call. Runs as processes or as threads (--instance-mode thread).\n"
		     "--verify has nothing more to check than the call's result,\n"
		     "which is always checked.",
	.classes   = CLASS_SCHEDULER | CLASS_OS,
	.syscalls  = SK_SYSCALLS("sched_yield"),
	.run       = sched_yield_run,
	.version   = "1",
};

STRESSOR_REGISTER(sched_yield_stressor);
