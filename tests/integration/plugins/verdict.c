/*
 * verdict.c - a test plugin whose run ends with the status it is built
 * with (-DVERDICT_STATUS=SK_NOT_IMPLEMENTED, SK_FAILED...) under the name
 * it is built with (-DVERDICT_NAME='"skipper"'), after a few bogo-ops:
 * for reports that must tell a pass, a failure and a skip apart (--ktap).
 */
#include <stresskit/stressor.h>

#ifndef VERDICT_STATUS
#define VERDICT_STATUS SK_OK
#endif
#ifndef VERDICT_NAME
#define VERDICT_NAME "verdict"
#endif

static int verdict_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l) && instance_loop_ops(&l) < 10)
		instance_loop_inc(&l);
	return VERDICT_STATUS;
}

static const struct stressor verdict_stressor = {
	.name      = VERDICT_NAME,
	.summary   = "a test plugin: ends with the status it is built with",
	.classes   = CLASS_CPU,
	.syscalls  = SK_NO_SYSCALLS,
	.run       = verdict_run,
};

STRESSOR_REGISTER(verdict_stressor);
