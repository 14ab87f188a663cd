/*
 * sampler_mode.c - the time series (--sample-interval, --steady-state,
 * --series-csv, --status-interval) as a run mode: the sampler begins once
 * counting starts (after any --warmup, whose mode ranks before it), samples
 * from the controller's waits, takes its last sample at the stop while
 * the instances still run, and folds in the tail after the reap, before
 * the warmup is taken off the results it reads (the way out runs in
 * reverse). The run's sampler is the mode's state while it samples and
 * goes to the run's result after the reap, as its figures (sampler_of),
 * which the results read after the run. Apart from sampler.c, which is
 * the sampling itself.
 */
#include "sampler.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>

#include "log.h"
#include "opts.h"
#include "run_state.h"

/* The largest time the options take: far beyond any run (in ms). */
#define SAMPLER_TIME_MAX_MS 1000000000000000ULL

static const struct run_mode sampler_mode;

const struct sampler_opts *sampler_mode_opts(const struct run_plan *plan)
{
	static const struct sampler_opts none;	/* no table: no sampling asked */
	const struct sampler_opts *o = run_mode_opts(plan, &sampler_mode);

	return o ? o : &none;
}

/* On wherever the command line filled the sampling options: every run
 * of a session (a plan made by hand, as in the unit tests, has none). */
static bool sampler_mode_on(const struct run_plan *plan)
{
	return run_mode_opts(plan, &sampler_mode);
}

static struct sampler *sampler_mode_sampler(const struct run_state *st)
{
	void **state = run_mode_state(st, &sampler_mode);

	return state ? *state : NULL;
}

const struct sampler *sampler_of(const struct run_result *res)
{
	return run_mode_figures(res, &sampler_mode);
}

static void sampler_mode_free(void *out)
{
	sampler_free(out);
}

/* Before the fork: this run's sampler, or no run (no memory). */
static void sampler_mode_new(struct run_state *st)
{
	void **state = run_mode_state(st, &sampler_mode);
	struct sampler *sm = state ? sampler_new(sampler_mode_opts(st->plan)) : NULL;

	if (!sm) {
		log_fail("no memory for the run's time series");
		st->failed = SK_NO_RESOURCE;
		return;
	}
	*state = sm;
}

/* Counting starts: the sampler learns every instance's slot. */
static void sampler_mode_begin(struct run_state *st)
{
	struct sampler *sm = sampler_mode_sampler(st);

	if (sampler_begin(sm, st->res, sk_now()))
		return;
	for (size_t i = 0; i < st->n_children; i++)
		for (uint32_t k = 0; k < st->children[i].n_inst; k++)
			sampler_bind(sm, &st->children[i].res[k],
				     &st->children[i].slot[k],
				     st->children[i].pid, st->children[i].threads);
}

/* True once steady state is reached: the run stops as at its deadline. */
static bool sampler_mode_waiting(struct run_state *st, double *left)
{
	return sampler_poll(sampler_mode_sampler(st), sk_now(), left);
}

static void sampler_mode_stop(struct run_state *st)
{
	sampler_stop(sampler_mode_sampler(st), sk_now());
}

/* The tail after the reap folded in, the series go to the run's result. */
static void sampler_mode_end(struct run_state *st)
{
	void **state = run_mode_state(st, &sampler_mode);

	if (!state || !*state)
		return;
	sampler_end(*state);
	run_mode_hand_out(st, &sampler_mode, state);
}

/* Row indices, for the check's error line. */
enum { SAMPLER_ROW_INTERVAL, SAMPLER_ROW_STATUS, SAMPLER_ROW_CSV, SAMPLER_ROW_STEADY,
       SAMPLER_ROW_WINDOW };

/* What the rows cannot say alone: a window of two intervals or more,
 * both values quoted as typed. */
static int sampler_mode_check(void *opts, const struct run_mode_given *g, char *err,
			      size_t errlen)
{
	char window[96], interval[96];

	if (sampler_window_fits(opts))
		return 0;
	snprintf(err, errlen, "--steady-state-window %s holds fewer than two "
		 "--sample-interval %s intervals",
		 run_mode_typed(&sampler_mode, g, SAMPLER_ROW_WINDOW, window, sizeof(window)),
		 run_mode_typed(&sampler_mode, g, SAMPLER_ROW_INTERVAL, interval, sizeof(interval)));
	return -EINVAL;
}

static json_t *sampler_positive_or_null(double v)
{
	return v > 0 ? json_real(v) : json_null();
}

static void sampler_mode_record(json_t *c, const void *opts)
{
	const struct sampler_opts *s = opts;
	char spec[64];

	json_object_set_new(c, "sample-interval", json_real(s->interval));
	json_object_set_new(c, "status-interval", sampler_positive_or_null(s->status));
	json_object_set_new(c, "series-csv", s->csv_path ? json_string(s->csv_path) : json_null());
	if (s->steady.kind != STEADY_NONE) {
		steady_format(&s->steady, spec, sizeof(spec));
		json_object_set_new(c, "steady-state", json_string(spec));
	} else {
		json_object_set_new(c, "steady-state", json_null());
	}
	json_object_set_new(c, "steady-state-window", json_real(s->window));
}

/* Times with a 10 ms floor: min and max in ms. The window and the
 * intervals decide when a steady run stops; without --steady-state they
 * only shape the series and the last window's check. */
static const struct run_mode_opt sampler_mode_rows[] = {
	[SAMPLER_ROW_INTERVAL] = { .metavar = "TIME", .weight = WEIGHT_IF_EITHER, .when = "steady-state", .opt = {
		.name = "sample-interval", .type = OPT_PARSED, .parser = &opts_time_ms,
		.offset = offsetof(struct sampler_opts, interval), .def_str = SAMPLER_DEFAULT_INTERVAL,
		.min = SAMPLER_MIN_INTERVAL_MS, .max = SAMPLER_TIME_MAX_MS, .expect = SAMPLER_INTERVAL_EXPECT,
		.help = "sample every instance's bogo-ops every TIME for the results' series (default 1s, at least 10ms)" } },
	/* the controller wakes more often; the bogo-op is the same */
	[SAMPLER_ROW_STATUS] = { .metavar = "TIME", .weight = WEIGHT_NOTE, .opt = {
		.name = "status-interval", .type = OPT_PARSED, .parser = &opts_time_ms,
		.offset = offsetof(struct sampler_opts, status),
		.min = SAMPLER_MIN_INTERVAL_MS, .max = SAMPLER_TIME_MAX_MS, .expect = SAMPLER_STATUS_EXPECT,
		.help = "print an info line with each stressor's current bogo-ops/s every TIME (at least 10ms; no terminal needed)" } },
	[SAMPLER_ROW_CSV] = { .metavar = "FILE", .weight = WEIGHT_IGNORE, .opt = {
		.name = "series-csv", .type = OPT_STRING, .offset = offsetof(struct sampler_opts, csv_path),
		.flags = OPT_OUT_FILE,
		.help = "write the series of every stressor and instance to FILE as CSV" } },
	/* --steady-state ends the run early, at a time its own figures set */
	[SAMPLER_ROW_STEADY] = { .metavar = "SPEC", .weight = WEIGHT_REFUSE, .opt = {
		.name = "steady-state", .type = OPT_PARSED, .parser = &steady_opt,
		.offset = offsetof(struct sampler_opts, steady),
		.expect = "ops_slope:X% or ops_range:X% with X above 0, like ops_slope:0.5%",
		.help = "stop once the rate is steady over the window: ops_slope:X% or ops_range:X%" } },
	[SAMPLER_ROW_WINDOW] = { .metavar = "TIME", .weight = WEIGHT_IF_EITHER, .when = "steady-state", .opt = {
		.name = "steady-state-window", .type = OPT_PARSED, .parser = &opts_time_ms,
		.offset = offsetof(struct sampler_opts, window), .def_str = SAMPLER_DEFAULT_WINDOW,
		.max = SAMPLER_TIME_MAX_MS, .expect = SAMPLER_WINDOW_EXPECT,
		.help = "the window --steady-state judges, and the last window's check (default 10s)" } },
	{ .opt = OPT_TABLE_END },
};

static const struct run_mode sampler_mode = {
	.name = "sampler",
	.after = "warmup",	/* begins in the window, ends before it is taken off */
	.rank = 50,
	.on = sampler_mode_on,
	.at = {
		[RUN_BEFORE_FORK] = sampler_mode_new,
		[RUN_MEASURING] = sampler_mode_begin,
		[RUN_STOPPING] = sampler_mode_stop,
		[RUN_REAPED] = sampler_mode_end,
	},
	.waiting = sampler_mode_waiting,
	.state_size = sizeof(void *),	/* the run's struct sampler */
	.opts = sampler_mode_rows,
	.opts_size = sizeof(struct sampler_opts),
	.help_after = "perf-profile-freq",
	.check = sampler_mode_check,
	.record = sampler_mode_record,
	.out_free = sampler_mode_free,
	/* its series' figures in each entry (output/series_output.c and
	 * envelope_output.c) */
	.entry_objects = (const char *const[]){ "fairness", "steady-state", "envelope", NULL },
	.figures = (const struct run_mode_figure[]){
		{ "fairness.instance-rate-min", 1 },
		{ "fairness.instance-rate-max", 1 },
		{ "fairness.instance-rate-cv-pct", -1 },
		{ "fairness.interval-rate-cv-pct", -1 },
		{ "steady-state.attained-at", -1 },
		{ "steady-state.window-bogo-ops-per-second", 1 },
		{ "steady-state.slope-pct", -1 },	/* |slope| */
		{ "steady-state.range-pct", -1 },
		{ "envelope.bogo-ops-per-second-real-time", 1 },
		{ "envelope.bogo-ops-per-second-usr-sys-time", 1 },
		{ "envelope.slow-windows-pct", -1 },
		{ NULL, 0 },
	},
	.not_figures = (const char *const[]){
		"sample-interval", "limit-pct", "window", "intervals", "window-intervals",
		"window-seconds", "quantile", "windows", NULL,
	},
};
RUN_MODE_REGISTER(sampler_mode);
