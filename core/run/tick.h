/*
 * tick.h - the session's tick hooks, called from the controller's wait
 * loop, and the instance counts they are given (tick_mode.c, a run mode: the
 * hooks are its session state; each is due every interval from the
 * first fork, st->t0, or goes on with its cadence from the run before;
 * the instances are counted once for all hooks due at a wake-up).
 */
#ifndef STRESSKIT_TICK_H
#define STRESSKIT_TICK_H

#include <stdbool.h>

#include "run.h"

struct run_state;

/* A tick hook's call: the counts of the run; it must be cheap. */
typedef void tick_fn(void *arg, const struct run_counts *t);

#define TICK_HOOKS 2	/* --progress and --status */

/*
 * Adds fn to every run of session s (run_session_begin), every interval
 * seconds: counted from each run's first fork, or, with across_runs, on
 * from where the run before left it (the first run counts from its
 * fork). Hooks are called in the order they were added. Returns 0,
 * -ENOSPC when every place is taken, -EINVAL without a session.
 */
int tick_hook_add(struct run_session *s, tick_fn *fn, void *arg,
		  double interval, bool across_runs);

/* Fills t's bogo-ops and instance counts from the slots and the child table. */
void tick_count(const struct run_state *st, struct run_counts *t);

#endif
