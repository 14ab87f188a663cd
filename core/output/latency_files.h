/*
 * latency_files.h - --latency-csv and --latency-plot: every stressor's
 * latency series of every run and --repeat pass, written once at the end.
 */
#ifndef STRESSKIT_LATENCY_FILES_H
#define STRESSKIT_LATENCY_FILES_H

#include "metrics.h"
#include "plan.h"

struct latency_files;

/* NULL when neither file is asked for (or out of memory: said once). */
struct latency_files *latency_files_new(const struct plan *p);

/* Keeps the series of n summaries of the current pass. */
void latency_files_add(struct latency_files *lf, const struct stressor_summary *sums,
		       size_t n);
void latency_files_pass_done(struct latency_files *lf);

/* Writes the files and frees lf; returns 0 or -errno (said as one line). */
int latency_files_finish(struct latency_files *lf);

#endif
