/*
 * status_line.h - --status N: every N seconds, one info line with the
 * instances by state, in stress-ng's words and order (status_line.c). As
 * stress-ng's, it covers the whole invocation: under --sequential the
 * time counts from the start and the exits, reaps, failures and SIGALRMs
 * add up over the stressors run so far, on one cadence.
 */
#ifndef STRESSKIT_STATUS_LINE_H
#define STRESSKIT_STATUS_LINE_H

#include <stddef.h>

#include "run.h"

struct run_session;

/*
 * Writes stress-ng's rendering of a run time rounded to whole seconds:
 * "0 sec", "2 secs", "1 min 5 secs", "1 hour 0 sec" (its units and
 * plurals, a year of 365.2425 days). Returns buf.
 */
char *status_line_duration(double secs, char *buf, size_t len);

struct progress;

/* The line's state over a session's runs; zeroed before the first. */
struct status_line {
	double start;		/* CLOCK_MONOTONIC at the attach */
	struct run_counts done;	/* what the runs that ended counted */
	struct progress *progress;
};

/*
 * Hooks the line to every run of the session, every --status seconds of
 * the session's base plan (none without --status), one cadence over the
 * runs. Attach it before --progress's line p, which it erases before it
 * prints.
 */
void status_line_attach(struct status_line *sl, struct run_session *session,
			const struct run_plan *base, struct progress *p);

/* A run ended: its instances, all reaped (run_result.counts), count on. */
void status_line_run_done(struct status_line *sl, const struct run_counts *counts);

#endif
