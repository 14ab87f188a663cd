/*
 * stats.c - mean, population stddev (what lkp-tests shows as ±%stddev),
 * median and range, and the significance rule compare flags rows by.
 */
#include "stats.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "student.h"

static int stats_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void stats_compute(const double *v, size_t n, struct stats *out)
{
	double sum = 0, sq = 0, *sorted;

	memset(out, 0, sizeof(*out));
	out->n = n;
	if (!n)
		return;
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	out->mean = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		sq += (v[i] - out->mean) * (v[i] - out->mean);
	out->stddev = sqrt(sq / (double)n);

	sorted = malloc(n * sizeof(*sorted));
	if (!sorted) {
		/* No median without memory: fall back to the mean. */
		out->median = out->min = out->max = out->mean;
		return;
	}
	memcpy(sorted, v, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), stats_cmp);
	out->min = sorted[0];
	out->max = sorted[n - 1];
	out->median = n % 2 ? sorted[n / 2] :
		      (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	free(sorted);
}

double stats_stddev_pct(const struct stats *s)
{
	return s->mean != 0 ? 100.0 * s->stddev / fabs(s->mean) : 0;
}

double stats_change_pct(const struct stats *base, const struct stats *new)
{
	return base->mean != 0 ?
	       100.0 * (new->mean - base->mean) / fabs(base->mean) : 0;
}

static bool stats_outside(double x, const struct stats *s)
{
	return x < s->min || x > s->max;
}

bool stats_medians_apart(const struct stats *a, const struct stats *b)
{
	return stats_outside(a->median, b) && stats_outside(b->median, a);
}

enum stats_verdict stats_judge(const struct stats *base, const struct stats *new)
{
	if (base->n < STATS_MIN_RUNS || new->n < STATS_MIN_RUNS)
		return STATS_TOO_FEW;
	if (fabs(stats_change_pct(base, new)) < STATS_MIN_CHANGE_PCT)
		return STATS_SAME;
	if (stats_medians_apart(base, new))
		return STATS_CHANGED;
	return STATS_SAME;
}

double stats_sample_var(const double *v, size_t n)
{
	double sum = 0, sq = 0, mean;

	if (n < 2)
		return 0;
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	mean = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		sq += (v[i] - mean) * (v[i] - mean);
	return sq / (double)(n - 1);
}

double stats_cv_pct(const double *v, size_t n)
{
	double sum = 0, mean;

	for (size_t i = 0; i < n; i++)
		sum += v[i];
	mean = n ? sum / (double)n : 0;
	if (n < 2 || mean == 0)
		return 0;
	return 100.0 * sqrt(stats_sample_var(v, n)) / fabs(mean);
}

int stats_confidence(const double *v, size_t n, double level, struct stats_ci *out)
{
	struct stats st;

	memset(out, 0, sizeof(*out));
	if (n < 2 || !(level > 0) || !(level < 100))
		return -EINVAL;
	stats_compute(v, n, &st);
	out->n = n;
	out->level = level;
	out->mean = st.mean;
	out->min = st.min;
	out->max = st.max;
	out->sd = sqrt(stats_sample_var(v, n));
	out->t = student_quantile(0.5 + level / 200.0, (double)(n - 1));
	out->half = out->t * out->sd / sqrt((double)n);
	out->low = out->mean - out->half;
	out->high = out->mean + out->half;
	if (out->mean != 0)
		out->half_pct = 100.0 * out->half / fabs(out->mean);
	else
		out->half_pct = out->half > 0 ? INFINITY : 0;
	return 0;
}
