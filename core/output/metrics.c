/*
 * metrics.c - aggregation. stress-ng's definitions: real time is the mean
 * of the instances' run times, bogo ops/s (real time) is the total ops over
 * it, (usr+sys time) is the total ops over the summed CPU time.
 */
#include "metrics.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double mean_geometric(const double *v, size_t n)
{
	double log_sum = 0;

	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (v[i] <= 0)
			return 0;
		log_sum += log(v[i]);
	}
	return exp(log_sum / (double)n);
}

double mean_harmonic(const double *v, size_t n)
{
	double inv_sum = 0;

	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (v[i] <= 0)
			return 0;
		inv_sum += 1.0 / v[i];
	}
	return (double)n / inv_sum;
}

double mean_arithmetic(const double *v, size_t n)
{
	double sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += v[i];
	return n ? sum / (double)n : 0;
}

const char *mean_name(enum metric_mean mean)
{
	switch (mean) {
	case MEAN_GEOMETRIC:
		return "geometric mean";
	case MEAN_HARMONIC:
		return "harmonic mean";
	case MEAN_TOTAL:
		return "total";
	case MEAN_ARITHMETIC:
		return "arithmetic mean";
	}
	return "mean";
}

static double metrics_combine(enum metric_mean mean, const double *v, size_t n)
{
	switch (mean) {
	case MEAN_GEOMETRIC:
		return mean_geometric(v, n);
	case MEAN_HARMONIC:
		return mean_harmonic(v, n);
	case MEAN_TOTAL:
		return mean_arithmetic(v, n) * (double)n;
	case MEAN_ARITHMETIC:
		return mean_arithmetic(v, n);
	}
	return 0;
}

/*
 * A geometric or harmonic mean of rates leaves out the instances whose
 * value is not positive, as stress-ng's does: an instance the stop reached
 * before its first op reports a rate of 0, and one such instance among
 * thousands made the whole mean 0. The count printed beside the mean is
 * of the instances in it.
 */
static bool metric_counts(enum metric_mean mean, double value)
{
	return (mean != MEAN_GEOMETRIC && mean != MEAN_HARMONIC) || value > 0;
}

/* Extra metrics are matched by description, in first-seen order. */
static void metrics_extra(const struct stressor_result *sr,
			  struct stressor_summary *out)
{
	double *values = malloc((sr->n ? sr->n : 1) * sizeof(*values));

	for (uint32_t k = 0; k < sr->n; k++) {
		const struct instance_result *r = &sr->inst[k];

		for (uint32_t m = 0; m < r->n_metrics; m++) {
			size_t j;

			for (j = 0; j < out->n_metrics; j++)
				if (!strcmp(out->metrics[j].desc, r->metrics[m].desc))
					break;
			if (j == out->n_metrics && j < INSTANCE_METRICS_MAX) {
				out->metrics[j].desc = r->metrics[m].desc;
				out->metrics[j].mean = r->metrics[m].mean;
				out->metrics[j].higher_is_better =
					r->metrics[m].higher_is_better;
				out->n_metrics++;
			}
		}
	}
	for (size_t j = 0; values && j < out->n_metrics; j++) {
		struct metric_summary *ms = &out->metrics[j];
		size_t n = 0;

		for (uint32_t k = 0; k < sr->n; k++) {
			const struct instance_result *r = &sr->inst[k];

			for (uint32_t m = 0; m < r->n_metrics; m++)
				if (!strcmp(ms->desc, r->metrics[m].desc) &&
				    metric_counts(ms->mean, r->metrics[m].value))
					values[n++] = r->metrics[m].value;
		}
		ms->n = (uint32_t)n;
		ms->value = metrics_combine(ms->mean, values, n);
	}
	free(values);
}

void metrics_summarize(const struct stressor_result *sr,
		       struct stressor_summary *out)
{
	double time_sum = 0, cpu;
	uint32_t timed = 0;
	bool first = true;

	memset(out, 0, sizeof(*out));
	out->name = sr->entry->stressor->name;
	out->instances = sr->n;
	out->status = sr->status;
	for (uint32_t k = 0; k < sr->n; k++) {
		const struct instance_result *r = &sr->inst[k];

		out->utime += r->utime;
		out->stime += r->stime;
		if (r->maxrss_kb > out->maxrss_kb)
			out->maxrss_kb = r->maxrss_kb;
		if (r->torn) {
			out->untrustworthy = true;
			continue;
		}
		out->ops += r->ops;
		if (!r->started)
			continue;
		time_sum += r->duration;
		timed++;
		if (r->duration > 0) {
			double rate = (double)r->ops / r->duration;

			if (first || rate < out->inst_rate_min)
				out->inst_rate_min = rate;
			if (first || rate > out->inst_rate_max)
				out->inst_rate_max = rate;
			first = false;
		}
	}
	out->real_time = timed ? time_sum / timed : 0;
	cpu = out->utime + out->stime;
	out->ops_per_sec_real = out->real_time > 0 ?
				(double)out->ops / out->real_time : 0;
	out->ops_per_sec_cpu = cpu > 0 ? (double)out->ops / cpu : 0;
	out->cpu_percent = out->real_time > 0 && sr->n ?
			   100.0 * cpu / out->real_time / sr->n : 0;
	metrics_extra(sr, out);
}
