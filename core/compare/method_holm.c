/*
 * method_holm.c - holm: Welch's t-test on each row, with Holm's step-down
 * correction across the rows of a comparison (compare_method_family), so
 * that an A/A comparison flags any row with probability at most alpha
 * however many rows it has and however they depend on each other. The
 * passes' spread is taken for the whole noise.
 */
#include <stdio.h>

#include "compare_method.h"

static void holm_rule(const struct compare_params *p, char *buf, size_t len)
{
	snprintf(buf, len, "Welch's t-test on each row, Holm's correction across the "
		 "rows: an A/A comparison flags any row with probability at most %g", p->alpha);
}

/* the passes' spread taken for the whole noise: no allowance */
static void holm_test(const struct compare_test *t, struct compare_verdict *v)
{
	compare_method_welch(t, false, v);
}

static void holm_detail(const struct compare_verdict *v, const char *min, char *buf,
			size_t len)
{
	snprintf(buf, len, "p=%.4g, holm p=%.4g, %s", v->p, v->p_holm, min);
}

static const struct compare_method holm_method = {
	.name   = "holm",
	.rank   = 1,
	.flags  = COMPARE_M_FAMILY,
	.help   = "  holm       Welch's t-test on each row, with Holm's correction across the\n"
		  "             rows: an A/A comparison flags any row with probability at\n"
		  "             most A, however many rows it has\n",
	.rule   = holm_rule,
	.test   = holm_test,
	.detail = holm_detail,
};
COMPARE_METHOD_REGISTER(holm_method);
