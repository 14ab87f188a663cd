/*
 * metrics.h - from per-instance results to the figures a report shows:
 * stress-ng's columns, and each extra metric combined over instances by
 * the mean it declares.
 */
#ifndef STRESSKIT_METRICS_H
#define STRESSKIT_METRICS_H

#include <stddef.h>

#include "run.h"

struct metric_summary {
	const char *desc;
	double value;
	enum metric_mean mean;
	bool higher_is_better;
	uint32_t n;		/* instances that reported it */
};

struct stressor_summary {
	const char *name;
	uint32_t instances;	/* forked */
	uint64_t ops;		/* sum over instances whose counter is intact */
	double real_time;	/* mean instance run time, seconds */
	double utime, stime;	/* sums over instances, seconds */
	double ops_per_sec_real;	/* ops / real_time */
	double ops_per_sec_cpu;		/* ops / (utime + stime) */
	double cpu_percent;	/* per instance: (utime + stime) / real_time / n */
	long maxrss_kb;		/* the largest instance's */
	double inst_rate_min, inst_rate_max;	/* per-instance ops/s */
	bool untrustworthy;	/* some counter was torn */
	int status;		/* the stressor's exit status (its worst instance's) */
	size_t n_metrics;
	struct metric_summary metrics[INSTANCE_METRICS_MAX];
};

double mean_geometric(const double *v, size_t n);
double mean_harmonic(const double *v, size_t n);
double mean_arithmetic(const double *v, size_t n);
const char *mean_name(enum metric_mean mean);

/* One stressor of a run, summed and averaged over its instances. */
void metrics_summarize(const struct stressor_result *sr,
		       struct stressor_summary *out);

#endif
