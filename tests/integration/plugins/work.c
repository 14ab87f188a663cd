/*
 * work.c - a test plugin whose bogo-op is exactly WORK getppid() calls
 * (-DWORK=N at build, 10 by default): two builds of it differ by a known
 * amount of kernel work per op, as two kernels would, for the tests that
 * check compare's verdicts and a git bisect driven by them.
 */
#include <unistd.h>

#include <stresskit/stressor.h>

#ifndef WORK
#define WORK 10
#endif

static int work_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l)) {
		for (int i = 0; i < WORK; i++)
			getppid();
		instance_loop_inc(&l);
	}
	return SK_OK;
}

static const struct stressor work_stressor = {
	.name      = "work",
	.summary   = "a test plugin: WORK getppid() calls a bogo-op",
	.classes   = CLASS_OS,
	.syscalls  = SK_SYSCALLS("getppid"),
	.run       = work_run,
};

STRESSOR_REGISTER(work_stressor);
