/*
 * compare_word.c - a KPI row's word, besides the method's flag: changed
 * (the method flagged it), unchanged (the (1 - alpha) interval of the
 * change lies within +/- the equivalence margin: Schuirmann's two
 * one-sided tests, read off the interval), or inconclusive, with the
 * invocations a side that would decide at the noise these samples show.
 * A miss is never printed as "no change": a row that could not tell says
 * so, and how far it is from telling.
 */
#include "compare_method.h"

#include <math.h>

#include "student.h"

static const char *const compare_word_names[] = {
	[COMPARE_WORD_NONE] = "", [COMPARE_CHANGED] = "changed",
	[COMPARE_UNCHANGED] = "unchanged", [COMPARE_INCONCLUSIVE] = "inconclusive",
};

const char *compare_word_name(enum compare_word w)
{
	return compare_word_names[w];
}

/* The interval's half-width, in %, at k invocations a side. */
static double compare_half(const struct compare_params *p, const struct compare_verdict *v,
			   unsigned k)
{
	double df = fmax(1, (double)k * (v->passes_a + v->passes_b) - 2);

	return student_quantile(1 - p->alpha / 2, df) *
	       sqrt(v->inv_var_pct2 / k + v->kept_var_pct2);
}

/*
 * The invocations a side (each of the passes it ran) after which the
 * interval, centred where it is now, would be narrow enough to decide:
 * within the margin around the estimate (unchanged), or clear of 0 for a
 * change past the floor (changed), whichever needs fewer. The estimate
 * is assumed to stay where it is, as any sample-size estimate does;
 * INFINITY when none up to COMPARE_NEED_MAX would do (the change sits on
 * the margin, or the others' share alone is too wide).
 */
static double compare_need(const struct compare_params *p, const struct compare_verdict *v)
{
	double d = fabs(v->change_pct), h = p->equivalence_pct - d;

	if (d >= STATS_MIN_CHANGE_PCT)
		h = fmax(h, d);
	unsigned lo = 1, hi = COMPARE_NEED_MAX;

	if (!(h > 0) || !(v->inv_var_pct2 >= 0) || compare_half(p, v, hi) > h)
		return INFINITY;
	/* the half-width falls as k grows (t and the variance both do): the
	 * smallest k within h, by bisection */
	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;

		if (compare_half(p, v, mid) <= h)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

void compare_word_settle(const struct compare_params *p, struct compare_verdict *v)
{
	double eq = p->equivalence_pct;

	v->need = NAN;
	if (!v->kpi) {
		v->word = COMPARE_WORD_NONE;
		return;
	}
	if (v->verdict == STATS_CHANGED) {
		v->word = COMPARE_CHANGED;
		return;
	}
	v->word = COMPARE_INCONCLUSIVE;
	if (v->verdict == STATS_TOO_FEW || isnan(v->ci_lo_pct))
		return;
	if (v->ci_lo_pct >= -eq && v->ci_hi_pct <= eq) {
		v->word = COMPARE_UNCHANGED;
		return;
	}
	v->need = compare_need(p, v);
}
