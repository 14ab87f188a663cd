/*
 * method_lkp.c - lkp: lkp-tests' own decision, exactly as lkp compare
 * makes it (lkp_rule.c, written from lkp-tests' lib/stats.rb and
 * lib/changed_stat.rb): whole rows, a stat NEW lacks counted as zeros,
 * its own floors, judged when either side has 3 runs.
 */
#include <math.h>
#include <stdio.h>

#include "compare_method.h"
#include "series.h"

static void lkp_method_rule(const struct compare_params *p, char *buf, size_t len)
{
	(void)p;
	snprintf(buf, len, "lkp-tests' (lkp compare's): the ranges near-disjoint (each "
		 "side's median beyond the other's range), ratio floors 1%% for perf "
		 "metrics and 5%% for the rest");
}

/*
 * A shift d of NEW's samples passes lkp's test upwards when NEW's min
 * passes BASE's median and NEW's median BASE's max, downwards in the
 * mirror; the smallest d that works both ways is what the spreads allow
 * (before lkp's ratio floors). Without the sides (the A/A simulation)
 * the values are taken as they are, real numbers, one a run.
 */
static void lkp_method_test(const struct compare_test *t, struct compare_verdict *v)
{
	struct lkp_side base = { t->a, t->na, t->sa ? t->sa->runs : t->na,
				 t->sa && t->sa->integer };
	struct lkp_side new = { t->b, t->nb, t->sb ? t->sb->runs : t->nb,
				t->sb && t->sb->integer };
	struct lkp_options o = { .distance = t->p ? t->p->distance : 0 };
	const struct lkp_result *r = &v->lkp;
	double up, down;

	lkp_judge(t->lkp_key, &new, &base, &o, &v->lkp);
	if (!r->judged) {
		v->verdict = STATS_TOO_FEW;
		return;
	}
	v->verdict = r->changed ? STATS_CHANGED : STATS_SAME;
	up = fmax(r->max_b - r->mean_b, r->mean_a - r->min_a);
	down = fmax(r->mean_b - r->min_b, r->max_a - r->mean_a);
	v->min_pct = compare_pct(fmax(up, down), v->base.mean);
}

static void lkp_method_detail(const struct compare_verdict *v, const char *min, char *buf,
			      size_t len)
{
	char bm[32], blo[32], bhi[32], nm[32], nlo[32], nhi[32];

	series_format_value(v->lkp.mean_b, bm, sizeof(bm));
	series_format_value(v->lkp.min_b, blo, sizeof(blo));
	series_format_value(v->lkp.max_b, bhi, sizeof(bhi));
	series_format_value(v->lkp.mean_a, nm, sizeof(nm));
	series_format_value(v->lkp.min_a, nlo, sizeof(nlo));
	series_format_value(v->lkp.max_a, nhi, sizeof(nhi));
	snprintf(buf, len, "median %s [%s, %s] vs %s [%s, %s], ratio %.3g, %s",
		 bm, blo, bhi, nm, nlo, nhi, v->lkp.ratio, min);
}

static const struct compare_method lkp_method = {
	.name   = "lkp",
	.rank   = 2,
	.flags  = COMPARE_M_LKP,
	.help   = "  lkp        lkp-tests' rule, as lkp compare decides: samples trimmed,\n"
		  "             the median as the mean, near-disjoint ranges (--distance N:\n"
		  "             lkp compare -D N), ratio floors 1% for perf metrics and 5%\n"
		  "             for the rest, lkp's per-stat thresholds; a stat NEW lacks\n"
		  "             counts as zeros; the detail gives what it judged\n",
	.rule   = lkp_method_rule,
	.test   = lkp_method_test,
	.detail = lkp_method_detail,
};
COMPARE_METHOD_REGISTER(lkp_method);
