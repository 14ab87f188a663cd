/*
 * method_welch.c - welch: Welch's unequal-variances t-test on each row
 * alone, p below alpha. A per-row method: on a table of ~27 rows an A/A
 * comparison flags some row most of the time.
 */
#include <stdio.h>

#include "compare_method.h"

static void welch_rule(const struct compare_params *p, char *buf, size_t len)
{
	snprintf(buf, len, "Welch's t-test: p < %g", p->alpha);
}

/* the passes' spread taken for the whole noise: no allowance */
static void welch_test(const struct compare_test *t, struct compare_verdict *v)
{
	compare_method_welch(t, false, v);
}

static void welch_detail(const struct compare_verdict *v, const char *min, char *buf,
			 size_t len)
{
	snprintf(buf, len, "p=%.4g, %s", v->p, min);
}

static const struct compare_method welch_method = {
	.name   = "welch",
	.rank   = 4,
	.help   = "  welch      Welch's t-test gives p < A\n",
	.rule   = welch_rule,
	.test   = welch_test,
	.detail = welch_detail,
};
COMPARE_METHOD_REGISTER(welch_method);
