/*
 * session.h - the list of runs one command line asks for. A session is
 * built from the plan of the selected stressors (cli_plan) and expanded
 * into runs: one for the stressors together, or one per stressor in
 * --sequential mode. Other expansions (--repeat: the list N times,
 * --scale: one run per instance count) append runs the same way with
 * session_add_run(). Then every run executes in order and one report
 * covers them all.
 */
#ifndef STRESSKIT_SESSION_H
#define STRESSKIT_SESSION_H

#include <stddef.h>

#include "cli.h"
#include "recorder.h"
#include "run.h"

#include "metrics.h"

struct session_run {
	struct run_plan plan;	/* entries owned by the run */
	/* what session_execute() found */
	bool ran;
	bool interrupted;
	int status;		/* the run's exit status */
	double wall;
	struct stressor_summary *sums;	/* one per stressor that ran */
	size_t n_sums;
};

struct session {
	const struct cli_config *cfg;
	struct run_plan base;		/* every selected stressor, name order */
	struct session_run *runs;
	size_t n_runs, cap_runs;
	/* what session_execute() found over every run */
	int status;
	double wall;			/* sum of the runs' wall times */
	bool interrupted;		/* a stop signal: later runs skipped */
	struct recorder *rec;		/* results files, perf; NULL: none */
};

/* Builds the runs the configuration asks for. Returns 0 or -ENOMEM. */
int session_build(const struct cli_config *cfg, struct session *s);

/*
 * Appends a run of n entries (copied) with tmpl's settings (timeout,
 * grace, verify, taskset ...). Returns 0 or -ENOMEM.
 */
int session_add_run(struct session *s, const struct run_plan *tmpl,
		    const struct plan_entry *entries, size_t n);

/* --dry-run: prints every run, in order, and starts nothing. */
void session_print_plan(const struct session *s);

/*
 * Runs every run in order, keeping each one's summaries and status; a
 * failing run does not stop the rest, a stop signal does. Returns the
 * exit status (stressor.h): the worst of the runs'.
 */
int session_execute(struct session *s);

/* One metrics table with a row per stressor run, then the final line. */
void session_report(const struct session *s);

void session_free(struct session *s);

/* main's entry: build, then print the plan or run it. */
int session_main(const struct cli_config *cfg);

#endif
