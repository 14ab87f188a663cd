/*
 * method_holm_range.c - holm+range, the default: holm's Welch test and
 * Holm's correction, with three things added for the ways real runs
 * differ that their passes do not show (docs/compare.md): each side's
 * mean allowed the drift between invocations (or the row's measured
 * spread of them) and the change of the others' CPU share; a row of
 * counted events floored at its Poisson variance and judged from
 * COMPARE_MIN_EVENTS a pass; and a second rule for the KPI rows, ranges
 * apart with medians COMPARE_RANGE_RATIO apart, for the large change a
 * t-test on three noisy passes misses.
 */
#include <math.h>
#include <stdio.h>

#include "compare_method.h"

static void holm_range_rule(const struct compare_params *p, char *buf, size_t len)
{
	snprintf(buf, len, "Welch's t-test on each row, each side's mean allowed "
		 "%g%% of drift between invocations, Holm's correction across the "
		 "rows (an A/A comparison flags any row with probability at most %g), "
		 "and a KPI row whose ranges are apart with medians %gx apart",
		 p->drift_pct, p->alpha, COMPARE_RANGE_RATIO);
}

/*
 * The second rule: NEW's range wholly above or below BASE's and the
 * medians COMPARE_RANGE_RATIO or more apart. Kept for the KPIs, the rows
 * a large change is looked for in: costs and context switches spread by
 * 2x between identical passes under load.
 */
static bool holm_range_apart(const struct stats *a, const struct stats *b)
{
	double lo = fmin(a->median, b->median), hi = fmax(a->median, b->median);

	if (!(b->min > a->max || b->max < a->min))
		return false;
	return lo > 0 ? hi / lo >= COMPARE_RANGE_RATIO : hi > 0 && lo == 0;
}

static void holm_range_test(const struct compare_test *t, struct compare_verdict *v)
{
	const struct compare_sample *a = t->sa, *b = t->sb;

	compare_method_welch(t, true, v);
	if (lkp_kpi(t->lkp_key))
		v->range = holm_range_apart(&v->base, &v->new);
	if (a && b && (a->per_pass > 0 || b->per_pass > 0) &&
	    fmax(fabs(v->base.mean) * a->per_pass, fabs(v->new.mean) * b->per_pass) <
	    COMPARE_MIN_EVENTS)
		v->verdict = STATS_SAME;	/* too few events to tell */
}

static void holm_range_detail(const struct compare_verdict *v, const char *min, char *buf,
			      size_t len)
{
	snprintf(buf, len, "p=%.4g, holm p=%.4g%s, %s", v->p, v->p_holm,
		 v->range ? ", ranges apart" : "", min);
}

static const struct compare_method holm_range_method = {
	.name   = "holm+range",
	.rank   = 0,
	.flags  = COMPARE_M_FAMILY | COMPARE_M_DRIFT,
	.help   = "  holm+range  (default) holm, each side's mean allowed --drift PCT of\n"
		  "             drift between invocations (divided among the files a side\n"
		  "             joins; 0: the passes' spread alone), and a KPI row whose\n"
		  "             ranges do not overlap with medians 3x or more apart: the\n"
		  "             large change a t-test on 3 noisy passes misses\n",
	.rule   = holm_range_rule,
	.test   = holm_range_test,
	.detail = holm_range_detail,
};
COMPARE_METHOD_REGISTER(holm_range_method);
