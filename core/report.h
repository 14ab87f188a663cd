/*
 * report.h - the text report, stress-ng's --metrics / --metrics-brief table
 * column for column, its "miscellaneous metrics" lines and --times.
 */
#ifndef STRESSKIT_REPORT_H
#define STRESSKIT_REPORT_H

#include <stdbool.h>

#include "metrics.h"

/* full: --metrics (adds CPU used per instance and RSS max). */
void report_table(const struct stressor_summary *sums, size_t n, bool full);
void report_times(const struct stressor_summary *sums, size_t n,
		  double wall, unsigned ncpus);

#endif
