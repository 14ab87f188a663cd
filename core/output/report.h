/*
 * report.h - the text report, stress-ng's --metrics / --metrics-brief table
 * column for column, its "miscellaneous metrics" lines and --times.
 */
#ifndef STRESSKIT_REPORT_H
#define STRESSKIT_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "metrics.h"

/*
 * More miscellaneous-metric lines of stressor k of the table, after its
 * own metrics (the run modes' outputs): prints them when print, and
 * returns how many there are.
 */
typedef size_t report_more_fn(void *ctx, size_t k, bool print);

/* full: --metrics (adds CPU used per instance and RSS max); more may be
 * NULL. */
void report_table(const struct stressor_summary *sums, size_t n, bool full,
		  report_more_fn *more, void *ctx);
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
