/*
 * results.h - the one document model of a session's results: a jansson
 * tree holding the system, the configuration, every run's metrics (with
 * per-instance figures, the modes' figures and times) and, on top, each
 * figure's mean over the runs in stress-ng's layout. --json dumps it,
 * --yaml walks it with libyaml's emitter, --repeat's summary and compare
 * read it back, so there is one place that says what a result is. Its
 * formats' files are doc_writers.h's.
 */
#ifndef STRESSKIT_RESULTS_H
#define STRESSKIT_RESULTS_H

#include <jansson.h>
#include <stdio.h>

#include "plan.h"
#include "metrics.h"
#include "report.h"
#include "run.h"

/* What one scheduler_run() left, as the session has it after the run. */
struct results_run {
	const struct run_result *res;
	const struct stressor_summary *sums;	/* res->n */
	/* each mode output's state (mode_outputs_at), as its run hook left
	 * it after res; NULL: no output's metrics in the entries */
	void *const *out;
};

/* A new document with system-info, configuration and an empty runs list. */
json_t *results_new(const struct plan *p);

/*
 * A run of the document is one repetition of the whole plan (--repeat):
 * begin it, add the entries of each scheduler_run() it takes (several in
 * --sequential mode), then end it with its status and times.
 */
int results_begin_run(json_t *doc);
int results_add_entries(json_t *doc, const struct results_run *run);
int results_end_run(json_t *doc, int status, bool interrupted,
		    const struct report_times *times);

/*
 * Sets the top-level metrics and times: one run's figures as they are,
 * or the mean of each figure over several runs.
 */
int results_finish(json_t *doc);
/* One figure of n passes (v[i] each pass's, n >= 1): numbers averaged
 * (kept as they are when equal), objects key by key, recursively. */
json_t *results_mean(json_t *const *v, size_t n);

/* stress-ng's YAML key of a metric description: "mb-per-sec-sent-to-devnull". */
void results_yaml_key(const char *desc, char *out, size_t len);

/* Emits doc as one YAML document; returns 0 or -EIO. */
int results_emit_yaml(const json_t *doc, FILE *f);

/* The system-info mapping: kernel, CPU model, CPU counts, version. */
json_t *results_system_info(void);

/* The configuration mapping: command line, options in force, stressors. */
json_t *results_configuration(const struct plan *p);

#endif
