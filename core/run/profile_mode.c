/*
 * profile_mode.c - --perf-profile as a run mode: perf record attaches
 * before the instances set up (so their set-up's helpers are in it),
 * samples the measured window only (after the warm-up, until the stop)
 * and is folded into each stressor's keys before the run directory that
 * holds its files goes. The profile itself is profile.c's.
 */
#include "profile.h"

#include <jansson.h>

#include "run_mode.h"
#include "run_state.h"
#include "shared.h"

static const struct run_mode profile_mode;

struct profile_opts {
	bool on;		/* --perf-profile */
	uint64_t freq;		/* --perf-profile-freq */
};

unsigned profile_asked(const struct run_plan *plan)
{
	const struct profile_opts *o = run_mode_opts(plan, &profile_mode);

	return o && o->on ? (unsigned)o->freq : 0;
}

/* On when the results made the profile (they own it, and read it). */
static bool profile_mode_on(const struct run_plan *plan)
{
	return plan->profile;
}

/* The frequency is recorded only for a profile taken. */
static void profile_mode_record(json_t *c, const void *opts)
{
	const struct profile_opts *o = opts;

	json_object_set_new(c, "perf-profile", json_boolean(o->on));
	if (o->on)
		json_object_set_new(c, "perf-profile-freq", json_integer((json_int_t)o->freq));
}

/* The profile samples the whole machine's CPUs: a cost to the run
 * (make bench), not another bogo-op. */
static const struct run_mode_opt profile_opts[] = {
	{ .weight = MODE_NOTE, .opt = {
		.name = "perf-profile", .type = OPT_BOOL,
		.offset = offsetof(struct profile_opts, on),
		.help = "sample call chains (perf record -a -g) over the measured window, split per stressor; perf-profile.* keys in --json/--yaml" } },
	{ .metavar = "HZ", .weight = MODE_NOTE, .opt = {
		.name = "perf-profile-freq", .type = OPT_COUNT,
		.offset = offsetof(struct profile_opts, freq),
		.min = 1, .max = PROFILE_MAX_FREQ, .def = PROFILE_DEFAULT_FREQ,
		.expect = "a sampling frequency from 1 to 100000 Hz",
		.help = "--perf-profile's samples a second on each CPU (default 500)" } },
	{ .opt = OPT_TABLE_END },
};

/* The set-up gate stays shut until perf record runs (ready_wait opens it). */
static void profile_mode_hold_setup(struct run_state *st)
{
	st->sh->setup = 0;
}

static void profile_mode_attach(struct run_state *st)
{
	profile_attach(st->plan->profile, st->res, st->run_dir);
}

/* A run stopped before it counted has no window to sample. */
static void profile_mode_begin(struct run_state *st)
{
	if (!st->res->interrupted)
		profile_begin(st->plan->profile);
}

static void profile_mode_end(struct run_state *st)
{
	profile_end(st->plan->profile);
}

static void profile_mode_collect(struct run_state *st)
{
	profile_collect(st->plan->profile);
}

static const struct run_mode profile_mode = {
	.name = "perf-profile",
	.rank = 25,
	.on = profile_mode_on,
	.at = {
		[RUN_BEFORE_FORK] = profile_mode_hold_setup,
		[RUN_FORKED] = profile_mode_attach,
		[RUN_MEASURING] = profile_mode_begin,
		[RUN_STOPPING] = profile_mode_end,
		[RUN_DONE] = profile_mode_collect,
	},
	.opts = profile_opts,
	.opts_size = sizeof(struct profile_opts),
	.help_after = "perf",
	.record = profile_mode_record,
};
RUN_MODE_REGISTER(profile_mode);
