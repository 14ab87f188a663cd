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

/* --times' figures, stress-ng's names, also kept in YAML/JSON. */
struct report_times {
	double run_time;	/* wall seconds */
	double available;	/* run_time * online CPUs */
	double user, system, total;	/* instance CPU seconds */
	bool have_load;
	double load[3];
};

void report_times_compute(const struct stressor_summary *sums, size_t n,
			  double wall, unsigned ncpus, struct report_times *t);

#endif
