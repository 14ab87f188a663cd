/*
 * grace.h - how long something told to stop may take (grace.c): the run's
 * instances after the stop signal, an instance's helper after its EOF.
 */
#ifndef STRESSKIT_GRACE_H
#define STRESSKIT_GRACE_H

#include <stdbool.h>

/* At most this many windows in all, however long progress goes on. */
#define GRACE_WINDOWS_MAX 30

/*
 * The end of the next grace window, or 0 when the grace is over and what
 * is left is to be killed. start: when the stop was asked; window: the
 * seconds of one window; now: the end of the window just waited;
 * progress: whether that window saw any (a child exited, a helper ran).
 */
double grace_next(double start, double window, double now, bool progress);

#endif
