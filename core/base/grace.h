/*
 * grace.h - how long something told to stop may take (grace.c): the run's
 * instances after the stop signal, an instance's helper after its EOF.
 */
#ifndef STRESSKIT_GRACE_H
#define STRESSKIT_GRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* At most this many windows in all, however long progress goes on. */
#define GRACE_WINDOWS_MAX 30

/*
 * The end of the next grace window, or 0 when the grace is over and what
 * is left is to be killed. start: when the stop was asked; window: the
 * seconds of one window; now: the end of the window just waited;
 * progress: whether that window saw any (a child exited, a helper ran).
 */
double grace_next(double start, double window, double now, bool progress);

/*
 * Whether a process told to stop progressed in the window just waited by
 * its CPU seconds: at_stop when the stop was asked, before at the last
 * window's end, now at this one's (-1: unknown). It did when it used CPU,
 * or when it is waiting for one (waiting: runnable, while other processes
 * have the CPUs), as long as it has used at most budget
 * seconds since the stop: stopping costs little CPU, so one that keeps
 * using more is deaf, only busy.
 */
bool grace_cpu_progress(double at_stop, double before, double now,
			double budget, bool waiting);

/* Process pid's state letter from /proc/PID/stat (R, S, D ...), or '\0'
 * when it is gone. */
char grace_state(pid_t pid);

/* Whether process pid (its main thread) is waiting, not ignoring a stop:
 * running or waiting for a CPU (/proc/PID/stat's state R), or in an
 * uninterruptible kernel wait (D: an exit queued on a lock). */
bool grace_runnable(pid_t pid);

/* The CPU seconds every thread of process pid has used, or -1 when the
 * kernel will not say (the process is gone). */
double grace_cpu_time(pid_t pid);

#endif
