/*
 * anova.c - the one-way random-effects analysis of variance (anova.h),
 * in two passes over the values (means first, then squares about them)
 * so that a spread of 1e-3 on figures of 1e6 keeps its digits.
 */
#include "anova.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "fdist.h"

int anova_one_way(const double *const *v, const size_t *n, size_t k,
		  struct anova *out)
{
	double sum = 0, ssw = 0, ssb = 0, sum_n2 = 0;
	size_t groups = 0, values = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < k; i++) {
		if (!n[i])
			continue;
		groups++;
		values += n[i];
		sum_n2 += (double)n[i] * n[i];
		for (size_t j = 0; j < n[i]; j++)
			sum += v[i][j];
	}
	if (groups < 2 || values <= groups)
		return -EINVAL;
	out->groups = groups;
	out->values = values;
	out->mean = sum / values;
	for (size_t i = 0; i < k; i++) {
		double mean_i = 0;

		if (!n[i])
			continue;
		for (size_t j = 0; j < n[i]; j++)
			mean_i += v[i][j];
		mean_i /= n[i];
		for (size_t j = 0; j < n[i]; j++)
			ssw += (v[i][j] - mean_i) * (v[i][j] - mean_i);
		ssb += n[i] * (mean_i - out->mean) * (mean_i - out->mean);
	}
	out->df_within = values - groups;
	out->df_between = groups - 1;
	out->msw = ssw / out->df_within;
	out->msb = ssb / out->df_between;
	out->n0 = (values - sum_n2 / values) / out->df_between;
	out->var_within = out->msw;
	/* a negative estimate is the between spread lost in the within one */
	out->var_between = fmax(0, (out->msb - out->msw) / out->n0);
	if (out->msw > 0)
		out->f = out->msb / out->msw;
	else
		out->f = out->msb > 0 ? INFINITY : NAN;
	out->p = fdist_sf(out->f, out->df_between, out->df_within);
	return 0;
}
