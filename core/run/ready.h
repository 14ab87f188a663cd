/*
 * ready.h - the controller's wait, between the last fork and the start
 * barrier, for every instance to be set up (STRESSOR_OWN_START) and
 * waiting at the barrier (ready.c).
 */
#ifndef STRESSKIT_READY_H
#define STRESSKIT_READY_H

#include <stdbool.h>
#include <stddef.h>

#include "run_state.h"

/* Seconds without one more instance ready before the barrier opens anyway. */
#define READY_STALL 10.0

/*
 * Waits until expect instances are ready or gone (reaped), reaping as
 * children die and running the tick hooks; opens the setup gate first.
 * Returns true when a stop signal came (the run is interrupted).
 */
bool ready_wait(struct run_state *st, size_t expect);

#endif
