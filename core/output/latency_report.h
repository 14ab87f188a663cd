/*
 * latency_report.h - --latency in the reports: misc-metric lines in
 * stress-ng's shape, and the figures and full histogram in YAML/JSON.
 */
#ifndef STRESSKIT_LATENCY_REPORT_H
#define STRESSKIT_LATENCY_REPORT_H

#include <jansson.h>

#include "metrics.h"

/* The p50, p90, p99, p99.9 and max lines of one stressor's series. */
void latency_report_lines(const struct stressor_summary *s);

/*
 * Adds one stressor's latency to its results entry o: each figure under
 * stress-ng's key and in extra (lower is better, so compare judges it),
 * and a "latency" mapping with the ladder and the merged histogram.
 */
void latency_report_json(const struct run_result *res, size_t i,
			 const struct stressor_summary *s, json_t *o, json_t *extra);

/* "usecs p99.9 write latency": a figure's description. */
void latency_report_desc(const struct latency_figures *f, int rung,
			 char *out, size_t len);

#endif
