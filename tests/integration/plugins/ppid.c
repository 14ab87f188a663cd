/*
 * ppid.c - a test plugin whose one metric is its instance's parent pid:
 * the controller that forked it. Passes of one --repeat that ran in
 * processes of their own record different values; passes that shared
 * one controller record the same.
 */
#include <stresskit/stressor.h>

#include <unistd.h>

static int ppid_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l) && instance_loop_ops(&l) < 10)
		instance_loop_inc(&l);
	instance_metric(in, "controller pid", (double)getppid(), MEAN_ARITHMETIC,
			true);
	return SK_OK;
}

static const struct stressor ppid_stressor = {
	.name      = "ppid",
	.summary   = "a test plugin: records its controller's pid as a metric",
	.classes   = CLASS_CPU,
	.syscalls  = SK_SYSCALLS("getppid"),
	.run       = ppid_run,
};

STRESSOR_REGISTER(ppid_stressor);
