/*
 * estimator.c - the estimators' table and their arithmetic (see
 * estimator.h). The sampler only counts; every figure made of its
 * windows is made here.
 */
#include "estimator.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Window i's rate on basis b, or NAN where its CPU time is unknown. */
static double estimator_rate(const struct estimator_windows *w, size_t i,
			     enum estimator_basis b)
{
	double t = b == ESTIMATOR_CPU_TIME ? (w->cpu ? w->cpu[i] : NAN) : w->len[i];

	return t > 0 ? (double)w->ops[i] / t : NAN;
}

bool estimator_window_usable(const struct estimator_windows *w, size_t i,
			     enum estimator_basis b)
{
	double len = w->len[i];

	if (!(fabs(len - w->nominal) <= ESTIMATOR_LEN_TOLERANCE * w->nominal))
		return false;
	if (w->skew && !(w->skew[i] <= ESTIMATOR_MAX_SKEW * len))
		return false;
	return !isnan(estimator_rate(w, i, b));
}

size_t estimator_usable(const struct estimator_windows *w, enum estimator_basis b)
{
	size_t n = 0;

	for (size_t i = 0; i < w->n; i++)
		n += estimator_window_usable(w, i, b);
	return n;
}

static int estimator_cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

double estimator_quantile(double *v, size_t n, double q)
{
	double at, frac;
	size_t lo;

	if (!n)
		return NAN;
	qsort(v, n, sizeof(*v), estimator_cmp);
	at = q * (double)(n - 1);
	lo = (size_t)at;
	frac = at - (double)lo;
	return lo + 1 < n ? v[lo] + frac * (v[lo + 1] - v[lo]) : v[n - 1];
}

/* All the windows: the ops over the time, as the run's own figure is. */
static double estimator_mean(const struct estimator_windows *w, enum estimator_basis b)
{
	double ops = 0, t = 0;

	for (size_t i = 0; i < w->n; i++) {
		double d = b == ESTIMATOR_CPU_TIME ? (w->cpu ? w->cpu[i] : NAN) : w->len[i];

		if (isnan(d))
			return NAN;
		ops += (double)w->ops[i];
		t += d;
	}
	return t > 0 ? ops / t : NAN;
}

static double estimator_envelope(const struct estimator_windows *w, enum estimator_basis b)
{
	double *r = malloc((w->n ? w->n : 1) * sizeof(*r)), e;
	size_t n = 0;

	if (!r)
		return NAN;
	for (size_t i = 0; i < w->n; i++)
		if (estimator_window_usable(w, i, b))
			r[n++] = estimator_rate(w, i, b);
	e = n >= ESTIMATOR_MIN_WINDOWS ? estimator_quantile(r, n, ESTIMATOR_ENVELOPE_QUANTILE) :
	    NAN;
	free(r);
	return e;
}

double estimator_slow_pct(const struct estimator_windows *w, enum estimator_basis b,
			  double envelope)
{
	size_t n = 0, slow = 0;
	double below = envelope * (1 - ESTIMATOR_SLOW_PCT / 100);

	for (size_t i = 0; i < w->n; i++)
		if (estimator_window_usable(w, i, b)) {
			n++;
			slow += estimator_rate(w, i, b) <= below;
		}
	return n && isfinite(envelope) ? 100.0 * (double)slow / (double)n : NAN;
}

size_t estimator_fast_passes(const double *v, size_t n, double *out)
{
	double best = -INFINITY;
	size_t kept = 0;

	for (size_t i = 0; i < n; i++)
		best = fmax(best, v[i]);
	for (size_t i = 0; i < n; i++)
		if (!(v[i] <= best * (1 - ESTIMATOR_FAST_PCT / 100)))
			out[kept++] = v[i];
	return kept;
}

static const struct estimator estimator_table[] = {
	{ .name = "mean", .figure = estimator_mean,
	  .what = "bogo-ops over the whole measured time (LKP's ops_per_sec)",
	  .help = "the run's ops over its time: every slow stretch of the machine moves it" },
	{ .name = "envelope", .figure = estimator_envelope,
	  .what = "the 95th percentile of the rates of the run's 50 ms windows",
	  .help = "the upper envelope of short windows: what the op allows, dips left out "
		  "(their share is counted as slow windows)" },
};

size_t estimators_count(void)
{
	return sizeof(estimator_table) / sizeof(*estimator_table);
}

const struct estimator *estimators_at(size_t i)
{
	return i < estimators_count() ? &estimator_table[i] : NULL;
}

const struct estimator *estimator_find(const char *name)
{
	for (size_t i = 0; i < estimators_count(); i++)
		if (!strcmp(estimator_table[i].name, name))
			return &estimator_table[i];
	return NULL;
}
