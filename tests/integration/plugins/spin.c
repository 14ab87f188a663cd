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
	volatile uint64_t sum = 0;

	while (instance_continue(in)) {
		for (uint64_t i = 0; i < o->loops; i++)
			sum += i;
		instance_ops_inc(in);
	}
	instance_metric(in, "loops per sec", (double)instance_ops(in) * (double)o->loops /
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

#ifdef SPIN_OLD_ABI
/* what a plugin built against the headers before .version hands in: the
 * field is past the end of its descriptor, and must not be read */
__attribute__((constructor)) static void spin_register(void)
{
	sk_plugin_register(&spin_stressor, SK_ABI_MAJOR, SK_ABI_MINOR_STRESSOR_VERSION - 1);
}
#else
STRESSOR_REGISTER(spin_stressor);
#endif
