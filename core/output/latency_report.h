/*
 * latency_report.h - --latency in the reports: misc-metric lines in
 * stress-ng's shape, and the figures and full histogram in YAML/JSON.
 */
#ifndef STRESSKIT_LATENCY_REPORT_H
#define STRESSKIT_LATENCY_REPORT_H

#include <jansson.h>

#include "latency_summary.h"

/* The p50, p90, p99, p99.9 and max lines of stressor name's n series. */
void latency_report_lines(const char *name, const struct latency_figures *f, size_t n);

/*
 * Adds a stressor's latency, its n series' figures f (latency_summarize
 * of its instances' histograms li), to its results entry o: each figure
 * under stress-ng's key and in extra (lower is better, so compare judges
 * it), and a "latency" mapping with the ladder and the merged histogram.
 * Returns 0 or -ENOMEM.
 */
int latency_report_json(json_t *o, json_t *extra, const struct latency_figures *f,
			size_t n, const struct latency_instances *li);

/* "usecs p99.9 write latency": a figure's description. */
void latency_report_desc(const struct latency_figures *f, int rung,
			 char *out, size_t len);

#endif
