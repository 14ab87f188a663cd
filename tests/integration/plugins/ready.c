/*
 * ready.c - a test plugin for STRESSOR_OWN_START: run() sets up for
 * --ready-setup seconds (a sleep), then calls instance_ready() as
 * --ready-mode says: once; twice (again after its loop, which must not
 * start it again: the metric "start moved by the second call" is 0); never (it counts, then returns); or it fails its
 * set-up and returns without calling it. One bogo-op is one add.
 */
#include <stresskit/stressor.h>

#include <time.h>

enum { READY_ONCE, READY_TWICE, READY_NEVER, READY_FAIL };

static const char *const ready_modes[] = { "once", "twice", "never", "fail", NULL };

struct ready_opts {
	unsigned mode;
	double setup;
};

static const struct stressor_opt ready_opts[] = {
	{ .name = "ready-mode", .type = OPT_CHOICE,
	  .offset = offsetof(struct ready_opts, mode), .choices = ready_modes,
	  .help = "how run() calls instance_ready()" },
	{ .name = "ready-setup", .type = OPT_TIME,
	  .offset = offsetof(struct ready_opts, setup), .max = 10,
	  .help = "seconds of set-up before it" },
	OPT_TABLE_END,
};

static int ready_run(struct instance *in)
{
	const struct ready_opts *o = in->opts;
	struct timespec ts = {
		.tv_sec = (time_t)o->setup,
		.tv_nsec = (long)((o->setup - (double)(time_t)o->setup) * 1e9),
	};
	struct instance_loop l;
	volatile uint64_t sum = 0;
	double elapsed;

	while (nanosleep(&ts, &ts) < 0)
		;
	if (o->mode == READY_FAIL)
		return SK_NO_RESOURCE;
	if (o->mode != READY_NEVER)
		instance_ready(in);
	l = instance_loop_begin(in);
	while (instance_loop_continue(&l)) {
		sum += instance_loop_ops(&l);
		instance_loop_inc(&l);
	}
	/* a second call must not start the run again: the start stays, so
	 * the run time does not shrink (it ends at the stop, or now) */
	if (o->mode == READY_TWICE) {
		elapsed = instance_elapsed(in);
		instance_ready(in);
		elapsed -= instance_elapsed(in);
		instance_metric(in, "start moved by the second call",
				elapsed > 0 ? elapsed : 0, MEAN_ARITHMETIC, false);
	}
	return SK_OK;
}

static const struct stressor ready_stressor = {
	.name      = "ready",
	.summary   = "a test plugin: set up, then instance_ready()",
	.classes   = CLASS_CPU,
	.flags     = STRESSOR_OWN_START,
	.opts      = ready_opts,
	.opts_size = sizeof(struct ready_opts),
	.syscalls  = SK_SYSCALLS("nanosleep", "clock_nanosleep"),
	.run       = ready_run,
};
STRESSOR_REGISTER(ready_stressor);
