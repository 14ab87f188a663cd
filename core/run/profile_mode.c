/*
 * profile_mode.c - --perf-profile as a run mode: perf record attaches
 * before the instances set up (so their set-up's helpers are in it),
 * samples the measured window only (after the warm-up, until the stop)
 * and is folded into each stressor's keys before the run directory that
 * holds its files goes (profile_of). What the machine lets a session
 * sample is probed once (the mode's session state); each run's perf
 * record is the run's (its state). The profile itself is profile.c's.
 */
#include "profile.h"

#include <jansson.h>
#include <stdlib.h>

#include "log.h"
#include "run_mode.h"
#include "run_state.h"
#include "shared.h"

static const struct run_mode profile_mode;

struct profile_opts {
	bool on;		/* --perf-profile */
	uint64_t freq;		/* --perf-profile-freq */
};

/* --perf-profile's samples a second when the plan asks for it, else 0. */
static unsigned profile_asked(const struct run_plan *plan)
{
	const struct profile_opts *o = run_mode_opts(plan, &profile_mode);

	return o && o->on ? (unsigned)o->freq : 0;
}

/* The mode's state over a session: what its runs may sample. */
struct profile_session {
	struct profile *profile;	/* NULL: not asked, or not available */
};

/* Each stressor's profile of one run (its run_mode_out). */
struct profile_out {
	size_t n;
	json_t *of[];		/* [n]: a "perf-profile" object, or NULL */
};

/* A profile that cannot be taken, or only in part, is said once, before
 * anything runs. */
static void profile_session_begin(void *state, const struct run_plan *base)
{
	struct profile_session *ps = state;
	struct profile *p = profile_asked(base) ? profile_new(profile_asked(base)) : NULL;

	if (p && profile_unavailable(p)) {
		log_warn("--perf-profile: %s; the run goes on without a profile",
			 profile_unavailable(p));
		profile_free(p);
		p = NULL;
	} else if (p && profile_user_only(p)) {
		log_info("--perf-profile: the run's own processes in user space "
			 "only (%s, no kernel frames): %s", profile_event(p),
			 profile_user_only(p));
	}
	ps->profile = p;
}

static void profile_session_end(void *state)
{
	profile_free(((struct profile_session *)state)->profile);
}

static struct profile *profile_mode_set(const struct run_plan *plan)
{
	const struct profile_session *ps = run_session_state(plan, &profile_mode);

	return ps ? ps->profile : NULL;
}

static bool profile_mode_asked(const struct run_plan *base)
{
	return profile_asked(base);
}

/* On when the session has a profile to take. */
static bool profile_mode_on(const struct run_plan *plan)
{
	return profile_mode_set(plan);
}

json_t *const *profile_of(const struct run_result *res)
{
	const struct profile_out *o = run_mode_figures(res, &profile_mode);

	return o ? o->of : NULL;
}

static void profile_out_free(void *out)
{
	struct profile_out *o = out;

	for (size_t i = 0; i < o->n; i++)
		json_decref(o->of[i]);
	free(o);
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
	{ .weight = WEIGHT_NOTE, .opt = {
		.name = "perf-profile", .type = OPT_BOOL,
		.offset = offsetof(struct profile_opts, on),
		.help = "sample call chains (perf record -a -g) over the measured window, split per stressor; perf-profile.* keys in --json/--yaml" } },
	{ .metavar = "HZ", .weight = WEIGHT_NOTE, .opt = {
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

/* The run's perf record (the mode's state), or NULL. */
static struct profile_run *profile_mode_run(const struct run_state *st)
{
	void **state = run_mode_state(st, &profile_mode);

	return state ? *state : NULL;
}

static void profile_mode_attach(struct run_state *st)
{
	void **state = run_mode_state(st, &profile_mode);

	if (state)
		*state = profile_attach(profile_mode_set(st->plan), st->res, st->run_dir);
}

/* A run stopped before it counted has no window to sample. */
static void profile_mode_begin(struct run_state *st)
{
	if (!st->res->interrupted)
		profile_begin(profile_mode_run(st));
}

static void profile_mode_end(struct run_state *st)
{
	profile_end(profile_mode_run(st));
}

/* Each stressor's profile, for the results (profile_of); none on no
 * memory. The run's perf record goes with the state. */
static void profile_mode_collect(struct run_state *st)
{
	void **state = run_mode_state(st, &profile_mode);
	struct profile_run *r = state ? *state : NULL;
	struct profile_out *o = calloc(1, sizeof(*o) + st->res->n * sizeof(*o->of));

	profile_collect(r);
	if (o) {
		o->n = st->res->n;
		for (size_t i = 0; i < o->n; i++)
			o->of[i] = profile_take(r, i);
		*run_mode_out(st->res, &profile_mode) = o;
	}
	profile_run_free(r);
	if (state)
		*state = NULL;
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
	.state_size = sizeof(void *),	/* the run's struct profile_run */
	.session_size = sizeof(struct profile_session),
	.session_begin = profile_session_begin,
	.session_end = profile_session_end,
	.one_process = "--perf-profile keeps one perf set over the passes",
	.asked = profile_mode_asked,
	.opts = profile_opts,
	.opts_size = sizeof(struct profile_opts),
	.help_after = "perf",
	.record = profile_mode_record,
	.out_free = profile_out_free,
};
RUN_MODE_REGISTER(profile_mode);
