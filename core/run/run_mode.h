/*
 * run_mode.h - a run mode (warm-up, perf counters, the sampler, the tick
 * hooks, ...) as hooks on the phases of a run, so that the scheduler runs
 * only the phases and a new mode is one file: its hooks, its descriptor
 * and RUN_MODE_REGISTER(). The scheduler calls, at each phase, the hook
 * of every mode that is on for the plan.
 *
 * Order: the hooks of the way in (before_fork to measuring, and waiting)
 * run by rank, lowest first; those of the way out (stopping to done) in
 * the reverse order, so a mode that starts after another ends before it
 * (the sampler begins once the warm-up has ended and ends before the
 * warm-up is taken off the results it reads).
 *
 * Whoever starts an instrument in a hook owns it and stops it in a later
 * one; nothing is handed back to the scheduler.
 */
#ifndef STRESSKIT_RUN_MODE_H
#define STRESSKIT_RUN_MODE_H

#include <stdbool.h>
#include <stddef.h>

#include <stresskit/stressor.h>
#include <stresskit-builtin.h>	/* SK_SECTION_ENTRY */

struct run_plan;
struct run_state;

enum run_phase {
	/* the way in */
	RUN_BEFORE_FORK,	/* t0 taken, shared mapping ready, nothing forked */
	RUN_FORKED,		/* every instance forked, none set up yet */
	RUN_RELEASED,		/* every instance ready: just before the barrier opens */
	RUN_MEASURING,		/* the warm-up is over: the counted window starts */
	/* the way out */
	RUN_STOPPING,		/* the timeout (or a signal): before the stop is sent */
	RUN_REAPED,		/* every instance reaped, res->wall set */
	RUN_DONE,		/* figures final: reports, before the status is judged */
	RUN_PHASES,
};

typedef void run_mode_hook(struct run_state *st);

struct run_mode {
	const char *name;
	int rank;			/* order on the way in (see above) */
	/* On for this plan? NULL: always on. */
	bool (*on)(const struct run_plan *plan);
	run_mode_hook *at[RUN_PHASES];	/* indexed by enum run_phase; NULL: none */
	/*
	 * Called from the controller's waits (the barrier, the warm-up, the
	 * run): may lower *left, the seconds until the wait wakes, to be
	 * called again in time; true ends the run as at its deadline.
	 */
	bool (*waiting)(struct run_state *st, double *left);
};

/* The most modes one run may have on; one past it is left off, said (run_mode.c). */
#define RUN_MODES_MAX 16

#define RUN_MODE_REGISTER(m)						\
	static const struct run_mode *const run_mode_ptr_##m		\
	SK_SECTION_ENTRY("sk_run_modes") = &(m)

/* Fills st->modes with the registered modes on for st->plan, by rank. */
void run_modes_select(struct run_state *st);
/* Calls hook p of every selected mode, in the order of p's direction. */
void run_modes_call(struct run_state *st, enum run_phase p);
/* Calls every waiting hook; true once one of them ends the run. */
bool run_modes_wait(struct run_state *st, double *left);

#endif
