/*
 * recorder.h - what a session keeps of its runs beyond the text table:
 * the results document (--yaml, --json, --repeat's summary), the cost
 * of an op, and what the modes' outputs (mode_output.h) make of each run:
 * lines under each table, keys in the document, files. The session calls
 * it around each
 * scheduler_run() and after each table; it owns the files and the
 * document.
 * Every call but recorder_begin takes NULL: nothing recorded.
 */
#ifndef STRESSKIT_RECORDER_H
#define STRESSKIT_RECORDER_H

#include <jansson.h>

#include "plan.h"
#include "metrics.h"
#include "run.h"

struct recorder;

/*
 * Before anything runs: opens the results files. Returns
 * NULL with one line in err when a file cannot be written (exit 1).
 */
struct recorder *recorder_begin(const struct plan *p,
				char *err, size_t errlen);


/* After each scheduler_run(): keeps the run's figures. */
void recorder_run(struct recorder *r, const struct run_result *res,
		  const struct stressor_summary *sums);

/* The modes' miscellaneous-metric lines of stressor k of the pass's
 * table (report_more_fn; ctx is the recorder, or NULL: none). */
size_t recorder_more_lines(void *ctx, size_t k, bool print);

/* Right after the table of one pass over the plan: the lines under it. */
void recorder_report(struct recorder *r);

/* One pass over the plan is over, with this exit status: its times kept. */
void recorder_pass_done(struct recorder *r, int status);

/*
 * A pass that another process ran and recorded (pass_exec.h), in place of
 * recorder_run .. recorder_pass_done: run, its document's run object
 * (taken; NULL: it wrote none), joins the document as this pass, its
 * status the worse of its own and status, its process's exit.
 */
void recorder_pass_taken(struct recorder *r, json_t *run, int status, bool interrupted);

/*
 * --repeat-until, after recorder_pass_done(): whether every stressor's
 * ops/s interval is now narrow enough (one info line says how narrow).
 * False without --repeat-until.
 */
bool recorder_until_reached(struct recorder *r);

/*
 * After the last pass: the summary of several passes, the files written.
 * Returns status, or SK_USAGE when a file could not be written.
 */
int recorder_end(struct recorder *r, int status);

#endif
