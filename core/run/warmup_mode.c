/*
 * warmup_mode.c - --warmup TIME as a run mode: it holds the measured window
 * (window.h) shut until TIME after the start barrier, so what the
 * instances do before it is left out of every figure; the timeout and
 * --NAME-ops count from the opening.
 */
#include "warmup.h"

#include "run_state.h"
#include "stop.h"
#include "window.h"

static const struct run_mode warmup_mode;

/* The --warmup of a plan's run, in seconds; 0: none. What the layers
 * above read of it is run_modes_held's. */
static double warmup_seconds(const struct run_plan *plan)
{
	const struct warmup_opts *o = run_mode_opts(plan, &warmup_mode);

	return o ? o->seconds : 0;
}

static bool warmup_mode_on(const struct run_plan *plan)
{
	return warmup_seconds(plan) > 0;
}

/* Before the fork (and the stressors' prepare()): each stressor reads
 * --warmup in its context, and the window is held; an instance reads it
 * at the barrier, and the sampler reads no instance's window as open
 * before the controller opens it. */
static void warmup_mode_begin(struct run_state *st)
{
	for (size_t i = 0; i < st->plan->n; i++)
		st->ctx[i].window_at = warmup_seconds(st->plan);
	window_hold(st);
}

/* The barrier is open: the warm-up is waited out here, and the counted
 * window (and the timeout) starts at its end. */
static void warmup_mode_wait(struct run_state *st)
{
	double end = st->ph.released + warmup_seconds(st->plan);

	if (!st->res->interrupted)
		st->res->interrupted = stop_wait(st, end);
	st->measure_from = end;
}

/* The largest time the option takes: far beyond any run. */
#define WARMUP_MAX 1000000000000ULL

static const struct run_mode_opt warmup_opts[] = {
	/* what is left out of the count: two warm-ups measure two windows */
	{ .metavar = "TIME", .weight = WEIGHT_REFUSE, .opt = {
		.name = "warmup", .type = OPT_TIME,
		.offset = offsetof(struct warmup_opts, seconds), .max = WARMUP_MAX,
		.expect = "a time of 0 or more, like 2, 2s, 1m (suffixes ms s m h d w y)",
		.help = "run TIME before counting starts (each --scale step too); the timeout and --NAME-ops follow it" } },
	{ .opt = OPT_TABLE_END },
};

static const struct run_mode warmup_mode = {
	.name = "warmup",
	.rank = 30,
	.on = warmup_mode_on,
	.held = warmup_seconds,
	.at = {
		[RUN_BEFORE_FORK] = warmup_mode_begin,
		[RUN_OPENED] = warmup_mode_wait,
		[RUN_MEASURING] = window_open,
		[RUN_REAPED] = window_take_off,
	},
	.opts = warmup_opts,
	.opts_size = sizeof(struct warmup_opts),
	.help_after = "scale-format",
};
RUN_MODE_REGISTER(warmup_mode);
