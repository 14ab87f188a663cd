/*
 * recorder.h - what a session keeps of its runs beyond the text table:
 * the results document (--yaml, --json, --repeat's summary) and the perf
 * counters (--perf). main calls it around each run; it owns the files,
 * the document and the counters, so main stays a loop.
 */
#ifndef STRESSKIT_RECORDER_H
#define STRESSKIT_RECORDER_H

#include "cli.h"
#include "metrics.h"
#include "run.h"

struct recorder;

/*
 * Before anything runs: opens the results files and probes perf. Returns
 * NULL with one line in err when a file cannot be written (exit 1).
 */
struct recorder *recorder_begin(const struct cli_config *cfg,
				char *err, size_t errlen);

/* The perf set the scheduler attaches to each instance, or NULL. */
struct perf_set *recorder_perf(struct recorder *r);

/* After one run's table: perf lines under it, and the run kept. */
void recorder_run(struct recorder *r, const struct run_result *res,
		  const struct stressor_summary *sums);

/*
 * After the last run: the summary of several runs, the files written.
 * Returns status, or SK_USAGE when a file could not be written.
 */
int recorder_end(struct recorder *r, int status);

#endif
