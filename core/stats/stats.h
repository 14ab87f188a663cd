/*
 * stats.h - the statistics behind --repeat and compare: mean, population
 * standard deviation, median, range, and the kernel bots' rule for a
 * change that is real.
 */
#ifndef STRESSKIT_STATS_H
#define STRESSKIT_STATS_H

#include <stdbool.h>
#include <stddef.h>

/* The fewest runs a side for a change to be judged at all. */
#define STATS_MIN_RUNS 3
/* The smallest |%change| that can be flagged. */
#define STATS_MIN_CHANGE_PCT 1.0
/* ±%stddev is shown when above this, as kernel bots do. */
#define STATS_SHOW_STDDEV_PCT 2.0

struct stats {
	size_t n;
	double mean, stddev, median, min, max;
};

/* Summarises v[0..n-1] (n may be 0: everything 0); v is not changed. */
void stats_compute(const double *v, size_t n, struct stats *out);

/* Population stddev over the mean, in percent; 0 when the mean is 0. */
double stats_stddev_pct(const struct stats *s);

/* (new - base) / base in percent; 0 when the base mean is 0. */
double stats_change_pct(const struct stats *base, const struct stats *new);

/*
 * A Student-t confidence interval of a mean: mean +- t * sd / sqrt(n),
 * with sd the sample standard deviation (n - 1) and t the quantile
 * t_{(1 + level) / 2, n - 1}.
 */
struct stats_ci {
	size_t n;
	double level;		/* percent, as given */
	double mean, sd, min, max;
	double t, half, low, high;
	double half_pct;	/* half / |mean| in percent; 0 when both are 0, INFINITY when only the mean is */
};

/* Fills out from v[0..n-1]; returns 0, or -EINVAL when n < 2 or level is not in (0, 100). */
int stats_confidence(const double *v, size_t n, double level, struct stats_ci *out);

/* The sample variance (n - 1) of v[0..n-1]; 0 when n < 2. */
double stats_sample_var(const double *v, size_t n);

/*
 * Coefficient of variation of v in percent: the sample standard
 * deviation (n - 1) over the mean. 0 when n < 2 or the mean is 0.
 */
double stats_cv_pct(const double *v, size_t n);

enum stats_verdict {
	STATS_TOO_FEW,		/* fewer than STATS_MIN_RUNS on a side */
	STATS_SAME,		/* not significant */
	STATS_CHANGED,		/* significant */
};

/* lkp-tests' rule alone: each side's median lies outside the other side's [min, max]. */
bool stats_medians_apart(const struct stats *a, const struct stats *b);

/*
 * The rule: |change| >= 1% and each side's median lies outside the other
 * side's [min, max], with at least STATS_MIN_RUNS runs a side.
 */
enum stats_verdict stats_judge(const struct stats *base, const struct stats *new);

#endif
