/*
 * spin.c - a test plugin: a stressor that allows thread instances and
 * needs no syscall, for --instance-mode thread and --scale with a plugin.
 * One bogo-op is --spin-loops iterations of an add.
 */
#include <stresskit/stressor.h>

struct spin_opts {
	uint64_t loops;
};

static const struct stressor_opt spin_opts[] = {
	{ .name = "spin-loops", .type = OPT_COUNT,
	  .offset = offsetof(struct spin_opts, loops),
	  .min = 1, .max = 1000000, .def = 1000, .help = "iterations per bogo-op" },
	OPT_TABLE_END,
};

static int spin_prepare(struct stressor_ctx *ctx)
{
	sk_log_debug("spin: prepared %u instances", ctx->instances);
	return SK_OK;
}

static int spin_run(struct instance *in)
{
	const struct spin_opts *o = in->opts;
	struct instance_loop l = instance_loop_begin(in);
	volatile uint64_t sum = 0;

	while (instance_loop_continue(&l)) {
		for (uint64_t i = 0; i < o->loops; i++)
			sum += i;
		instance_loop_inc(&l);
	}
	instance_metric(in, "loops per sec", (double)instance_loop_ops(&l) * (double)o->loops /
			instance_elapsed(in), MEAN_GEOMETRIC, true);
	return SK_OK;
}

/* the bogo-op's version; -DSPIN_VERSION='"2"' builds a changed one */
#ifndef SPIN_VERSION
#define SPIN_VERSION "1"
#endif

static const struct stressor spin_stressor = {
	.name      = "spin",
	.summary   = "a test plugin: add in a loop",
	.classes   = CLASS_CPU,
	.opts      = spin_opts,
	.opts_size = sizeof(struct spin_opts),
	.syscalls  = SK_NO_SYSCALLS,
	.prepare   = spin_prepare,
	.run       = spin_run,
#ifndef SPIN_NO_VERSION
	.version   = SPIN_VERSION,
#endif
};

STRESSOR_REGISTER(spin_stressor);
