/*
 * plugin.c - a stressor as a plugin author wrote it against the 1.0
 * headers beside it (abi/1.0/include), kept as it was: every later
 * stresskit of ABI major 1 must load it and run it as built
 * (tests/integration/test_abi.sh). It uses what 1.0 offers: an option
 * table, set-up before the start, the loop and its batch form, latency
 * timing, a metric. One bogo-op is one add to a running sum.
 */
#include <stresskit/stressor.h>

struct abi10_opts {
	uint64_t batch;		/* 0: one op per check and count */
	bool timed;
};

static const struct stressor_opt abi10_opts[] = {
	{ .name = "abi10-batch", .type = OPT_COUNT,
	  .offset = offsetof(struct abi10_opts, batch),
	  .min = 0, .max = 1024, .def = 0, .help = "ops per check and count" },
	{ .name = "abi10-timed", .type = OPT_BOOL,
	  .offset = offsetof(struct abi10_opts, timed), .help = "time each op" },
	OPT_TABLE_END,
};

static int abi10_run(struct instance *in)
{
	const struct abi10_opts *o = in->opts;
	volatile uint64_t sum = 0;
	struct instance_loop l;
	uint64_t n;

	instance_latency_name(in, 0, "add");
	instance_ready(in);
	l = instance_loop_begin(in);
	if (o->batch) {
		while ((n = instance_loop_batch(&l, o->batch))) {
			for (uint64_t i = 0; i < n; i++)
				sum += i;
			instance_loop_add(&l, n);
		}
	} else {
		while (instance_loop_continue(&l)) {
			uint64_t t0 = o->timed ? instance_latency_begin(in) : 0;

			sum += instance_loop_ops(&l);
			instance_latency_end(in, t0);
			instance_loop_inc(&l);
		}
	}
	instance_metric(in, "adds per sec", (double)instance_loop_ops(&l) /
			instance_elapsed(in), MEAN_GEOMETRIC, true);
	return SK_OK;
}

static const struct stressor abi10_stressor = {
	.name      = "abi10",
	.summary   = "a plugin built against the 1.0 headers",
	.classes   = CLASS_CPU,
	.flags     = STRESSOR_OWN_START,
	.opts      = abi10_opts,
	.opts_size = sizeof(struct abi10_opts),
	.syscalls  = SK_NO_SYSCALLS,
	.run       = abi10_run,
	.version   = "1",
};

STRESSOR_REGISTER(abi10_stressor);
