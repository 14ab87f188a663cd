/*
 * phases.h - where the time of one run goes, phase by phase (phases_mode.c):
 * fork, set-up (every instance ready at the barrier), start-barrier
 * release, run, stop-to-last-exit, final reap. All but the barrier
 * release are back to back (it is the run's start). The scheduler notes
 * each boundary; the run mode in phases_mode.c, once the run is done, warns
 * when the instances took over half the timeout to start (their rates
 * then cover only a short run each) and, under --verbose, prints each
 * instance's figures and one line with each phase's seconds.
 */
#ifndef STRESSKIT_PHASES_H
#define STRESSKIT_PHASES_H

#include <stddef.h>

#include <stresskit/stressor.h>

#include "slot.h"

/* CLOCK_MONOTONIC seconds at each boundary the scheduler notes;
 * 0 = not reached. */
struct run_phases {
	double t0;		/* before the first fork */
	double forked;		/* after the last fork */
	double released;	/* every instance ready, start barrier opened */
	double stopped;		/* stop flag set and signalled */
	double last_exit;	/* every child reaped (or grace over) */
	double reaped;		/* after the SIGKILL reap, or = last_exit */
};

#endif
