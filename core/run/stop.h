/*
 * stop.h - the end of a run, from the controller's side (stop.c): the
 * stop flag and signal, the scaling grace, SIGKILL for whoever ignored
 * the stop, and reaping every child with its rusage.
 */
#ifndef STRESSKIT_STOP_H
#define STRESSKIT_STOP_H

#include <stdbool.h>
#include <stddef.h>

#include "run_state.h"

/* Whether a signal from the wait set is a stop: SIGINT, SIGTERM, SIGHUP,
 * and SIGPIPE when it was the output's (log_output_broken). */
bool stop_signal_stops(int sig);
/* Orders children by pid, for qsort and the lookup of a reaped pid. */
int stop_child_cmp(const void *a, const void *b);
/* Puts a child just forked in the run's process group, which the stop
 * signals with one kill(). */
void stop_join_group(struct run_state *st, pid_t pid);
/*
 * Waits until deadline (0: none) while children exit, reaping them and
 * running the tick hooks and the sampler; returns true when a stop signal
 * came, false at the deadline, at steady state or once none is live.
 */
bool stop_wait(struct run_state *st, double deadline);
/* Reaps every child that has exited (all of them when block); returns
 * how many. */
size_t stop_reap(struct run_state *st, bool block);
/* Stops every live child: flag, SIGALRM, the grace (grace.h), SIGKILL. */
void stop_run(struct run_state *st);

#endif
