/*
 * session.h - executes the runs of a plan in order and keeps what each one
 * found; one report covers them all. --repeat runs the list N times, a
 * --scale sweep (scale.c) reads the runs as its steps.
 */
#ifndef STRESSKIT_SESSION_H
#define STRESSKIT_SESSION_H

#include <stddef.h>

#include "metrics.h"
#include "plan.h"
#include "progress.h"
#include "recorder.h"
#include "status_line.h"

/* What one run of the plan found. */
struct session_run {
	bool ran;
	bool interrupted;
	int status;		/* the run's exit status */
	double wall;
	struct stressor_summary *sums;	/* one per stressor that ran */
	size_t n_sums;
};

struct session {
	const struct plan *plan;
	const struct run_plan *runs;	/* plan->runs, or a test's own */
	size_t n_runs;
	struct session_run *found;	/* one per run */
	/* what session_execute() found over every run */
	int status;
	double wall;			/* sum of the runs' wall times */
	bool interrupted;		/* a stop signal: later runs skipped */
	struct recorder *rec;		/* results files, perf; NULL: none */
	struct run_session *mode_session;	/* the run modes' session state; NULL: none */
	struct progress progress;
	struct status_line status_line;	/* --status, over every run */
};

/* Sets up a session over n runs of plan (runs: plan->runs). Returns 0 or -ENOMEM. */
int session_init(struct session *s, const struct plan *plan,
		 const struct run_plan *runs, size_t n);
void session_free(struct session *s);

/*
 * Opens what the session's runs share: the recorder (results files,
 * perf and profile lines) and the run modes' session state (a profile's
 * perf set, the --status and --progress lines). Returns 0, or the exit
 * status of a failure it said.
 */
int session_open(struct session *s);
/* Closes them; returns status as the recorder's end settles it. */
int session_close(struct session *s, int status);

/*
 * Runs run i and records it: the summaries, status, wall time and the
 * results document's entry. Returns the run's status.
 */
int session_run(struct session *s, size_t i);

/* --dry-run: prints every run, in order, and starts nothing. */
void session_print_plan(const struct session *s);

/*
 * Runs every run in order; a failing run does not stop the rest, a stop
 * signal does. Returns the exit status (stressor.h): the worst of the runs'.
 */
int session_execute(struct session *s);

/* One metrics table with a row per stressor run, then the final line. */
void session_report(const struct session *s);

/* main's entry: print the plan or run it (--repeat times). */
int session_main(const struct plan *plan);

#endif
