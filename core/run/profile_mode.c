/*
 * profile_mode.c - --perf-profile as a run mode: perf record attaches
 * before the instances set up (so their set-up's helpers are in it),
 * samples the measured window only (after the warm-up, until the stop)
 * and is folded into each stressor's keys before the run directory that
 * holds its files goes. The profile itself is profile.c's.
 */
#include "profile.h"
#include "run_mode.h"
#include "run_state.h"
#include "shared.h"

static bool profile_mode_on(const struct run_plan *plan)
{
	return plan->profile;
}

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
};
RUN_MODE_REGISTER(profile_mode);
