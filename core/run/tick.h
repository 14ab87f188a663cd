/*
 * tick.h - the plan's tick hooks (run.h), called from the controller's
 * wait loop, and the instance counts they are given (tick.c, a run mode:
 * every hook is first due one interval after the first fork, st->t0,
 * and the instances are counted once for all hooks due at a wake-up).
 */
#ifndef STRESSKIT_TICK_H
#define STRESSKIT_TICK_H

#include "run_state.h"

/* Fills t's bogo-ops and instance counts from the slots and the child table. */
void tick_count(const struct run_state *st, struct run_tick *t);

#endif
