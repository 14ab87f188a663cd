/*
 * tick.h - the plan's tick hooks (run.h), called from the controller's
 * wait loop, and the instance counts they are given (tick.c, a run mode:
 * every hook is first due one interval after the first fork, st->t0,
 * and the instances are counted once for all hooks due at a wake-up).
 */
#ifndef STRESSKIT_TICK_H
#define STRESSKIT_TICK_H

#include "run.h"

struct run_state;

/* Fills t's bogo-ops and instance counts from the slots and the child table. */
void tick_count(const struct run_state *st, struct run_tick *t);

/* --status N: the seconds between stress-ng's status lines; 0: none (the
 * tick mode's option: the line itself is output/status_line.c's, whose
 * cadence goes on over the runs of a session). */
double tick_status(const struct run_plan *plan);

#endif
