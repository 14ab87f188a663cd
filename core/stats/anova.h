/*
 * anova.h - the one-way random-effects model of calibrate: values in
 * groups (the passes of each invocation), each value the grand mean plus
 * a group's effect (variance s_b^2, between) plus its own error
 * (variance s_w^2, within). Fitted by the analysis of variance, as the
 * textbooks give it for unbalanced groups (Searle, Variance Components,
 * ch. 3): the expected mean squares are E[MSW] = s_w^2 and
 * E[MSB] = s_w^2 + n0 s_b^2.
 */
#ifndef STRESSKIT_ANOVA_H
#define STRESSKIT_ANOVA_H

#include <stddef.h>

struct anova {
	size_t groups, values;	/* k, and N the values of all groups */
	double mean;		/* the grand mean, of all N values */
	double msw, msb;	/* within and between mean squares */
	double df_within;	/* N - k */
	double df_between;	/* k - 1 */
	/* (N - sum n_i^2 / N) / (k - 1): n when all groups hold n values */
	double n0;
	double var_within;	/* s_w^2 = MSW */
	double var_between;	/* s_b^2 = max(0, (MSB - MSW) / n0) */
	/* MSB / MSW and P(F >= f) on (k - 1, N - k) df: +inf and 0 when
	 * only the groups' means differ, NAN both when no value does */
	double f, p;
};

/*
 * Fits the model to k groups, group i's n[i] values at v[i]. Groups
 * with no value are not counted. Returns 0, or -EINVAL when fewer than
 * two groups hold values or no group holds two (no within spread to
 * measure).
 */
int anova_one_way(const double *const *v, const size_t *n, size_t k,
		  struct anova *out);

#endif
