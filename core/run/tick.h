/*
 * tick.h - the plan's tick hooks (run.h), called from the controller's
 * wait loop, and the instance counts they are given (tick.c).
 */
#ifndef STRESSKIT_TICK_H
#define STRESSKIT_TICK_H

#include "run_state.h"

/* Every hook is first due one interval after the first fork (st->t0). */
void tick_begin(struct run_state *st);

/*
 * Calls each hook that is due, counting the instances once for all of
 * them; returns how long the wait may last before the next one is due
 * (left, or less).
 */
double tick_run(struct run_state *st, double left);

/* Fills t's bogo-ops and instance counts from the slots and the child table. */
void tick_count(const struct run_state *st, struct run_tick *t);

#endif
