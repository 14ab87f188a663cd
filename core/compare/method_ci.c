/*
 * method_ci.c - ci: the (1 - alpha) Student-t confidence intervals of the
 * two means do not overlap, as mmtests compares.
 */
#include <stdio.h>

#include "compare_method.h"

static void ci_rule(const struct compare_params *p, char *buf, size_t len)
{
	snprintf(buf, len, "mmtests': the %g%% Student-t confidence intervals of the "
		 "means do not overlap", 100 * (1 - p->alpha));
}

static void ci_test(const struct compare_test *t, struct compare_verdict *v)
{
	struct stats_ci ca, cb;

	stats_confidence(t->a, t->na, 100 * (1 - t->alpha), &ca);
	stats_confidence(t->b, t->nb, 100 * (1 - t->alpha), &cb);
	v->verdict = cb.low > ca.high || cb.high < ca.low ? STATS_CHANGED : STATS_SAME;
	v->lo_pct = ca.half_pct;
	v->hi_pct = compare_pct(cb.half, ca.mean);
	v->min_pct = compare_pct(ca.half + cb.half, ca.mean);
}

static void ci_detail(const struct compare_verdict *v, const char *min, char *buf, size_t len)
{
	snprintf(buf, len, "\u00b1%.1f%% vs \u00b1%.1f%%, %s", v->lo_pct, v->hi_pct, min);
}

static const struct compare_method ci_method = {
	.name   = "ci",
	.rank   = 3,
	.help   = "  ci         the (1 - A) Student-t confidence intervals do not overlap\n",
	.rule   = ci_rule,
	.test   = ci_test,
	.detail = ci_detail,
};
COMPARE_METHOD_REGISTER(ci_method);
