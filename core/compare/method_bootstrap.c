/*
 * method_bootstrap.c - bootstrap: the (1 - alpha) expanded percentile
 * bootstrap interval of the difference of means excludes 0
 * (COMPARE_BOOTSTRAP_RESAMPLES resamples from a fixed seed: the same two
 * files give the same interval on every run and machine).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "compare_method.h"
#include "student.h"

static void bootstrap_rule(const struct compare_params *p, char *buf, size_t len)
{
	snprintf(buf, len, "the %g%% expanded percentile bootstrap interval of the "
		 "difference of means (%d resamples, fixed seed) excludes 0",
		 100 * (1 - p->alpha), COMPARE_BOOTSTRAP_RESAMPLES);
}

static double bootstrap_resample_mean(const double *v, size_t n, uint64_t *state)
{
	double sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += v[(size_t)(((unsigned __int128)compare_rand(state) * n) >> 64)];
	return sum / (double)n;
}

static int bootstrap_dbl_cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/* The p-quantile of sorted d[0..n-1], interpolated between ranks. */
static double bootstrap_quantile(const double *d, size_t n, double p)
{
	double pos = p * (double)(n - 1);
	size_t i = (size_t)pos;

	return i + 1 < n ? d[i] + (pos - (double)i) * (d[i + 1] - d[i]) : d[n - 1];
}

/*
 * The level the percentile interval is read at. Resampled means of a few
 * passes spread by only sqrt((n - 1) / n) of their standard error, with
 * the normal's tails rather than Student's, so the plain percentile
 * interval is too narrow: at a few passes a side it flags several times
 * alpha of A/A rows. Hesterberg's expanded percentile interval reads it
 * at the normal level z' = t(1 - alpha/2, df) * sqrt(s^2/n / bootstrap
 * variance), df Welch's, which brings the false flags near alpha from
 * five passes on (at three the resamples of 3 values are few).
 */
static double bootstrap_expanded_alpha(const double *a, size_t na, const double *b,
				       size_t nb, double alpha)
{
	double va = stats_sample_var(a, na), vb = stats_sample_var(b, nb);
	double fa = (double)na, fb = (double)nb;
	double unbiased = va / fa + vb / fb;
	double boot = va * (fa - 1) / (fa * fa) + vb * (fb - 1) / (fb * fb);
	struct welch w;

	if (!(boot > 0))
		return alpha;	/* no spread: the interval is a point either way */
	student_welch(0, va, fa, 0, vb, fb, &w);
	/* 2 (1 - Phi(z')) */
	return erfc(student_quantile(1 - alpha / 2, w.df) * sqrt(unbiased / boot) / M_SQRT2);
}

static void bootstrap_test(const struct compare_test *t, struct compare_verdict *v)
{
	size_t n = COMPARE_BOOTSTRAP_RESAMPLES;
	double *d = malloc(n * sizeof(*d)), base = 0;
	uint64_t state = COMPARE_BOOTSTRAP_SEED;	/* per row: rows do not depend on order */
	double level = bootstrap_expanded_alpha(t->a, t->na, t->b, t->nb, t->alpha);

	for (size_t i = 0; i < t->na; i++)
		base += t->a[i] / (double)t->na;
	if (!d || base == 0) {
		free(d);
		v->verdict = STATS_SAME;
		return;
	}
	for (size_t i = 0; i < n; i++)
		d[i] = 100.0 * (bootstrap_resample_mean(t->b, t->nb, &state) -
				bootstrap_resample_mean(t->a, t->na, &state)) / fabs(base);
	qsort(d, n, sizeof(*d), bootstrap_dbl_cmp);
	v->lo_pct = bootstrap_quantile(d, n, level / 2);
	v->hi_pct = bootstrap_quantile(d, n, 1 - level / 2);
	free(d);
	v->verdict = v->lo_pct > 0 || v->hi_pct < 0 ? STATS_CHANGED : STATS_SAME;
	/* moved to centre on 0, the interval flags a shift past either end */
	v->min_pct = fmax(v->change_pct - v->lo_pct, v->hi_pct - v->change_pct);
}

static void bootstrap_detail(const struct compare_verdict *v, const char *min, char *buf,
			     size_t len)
{
	snprintf(buf, len, "[%+.1f%%, %+.1f%%], %s", v->lo_pct, v->hi_pct, min);
}

static const struct compare_method bootstrap_method = {
	.name   = "bootstrap",
	.rank   = 5,
	.flags  = COMPARE_M_SLOW,
	.help   = "  bootstrap  the (1 - A) expanded percentile bootstrap interval of the\n"
		  "             difference of means excludes 0 (10000 resamples, fixed seed;\n"
		  "             widened for few runs as Hesterberg's, to the t interval's)\n",
	.rule   = bootstrap_rule,
	.test   = bootstrap_test,
	.detail = bootstrap_detail,
};
COMPARE_METHOD_REGISTER(bootstrap_method);
