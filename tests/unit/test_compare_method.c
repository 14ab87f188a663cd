/*
 * test_compare_method.c - holm's step-down against R's p.adjust(p,
 * "holm"), and the simulated A/A rates the compare header warns with
 * against the rates known for them.
 */
#include <math.h>

#include "compare_method.h"
#include "unit.h"

static struct compare_verdict holm_row(double p)
{
	return (struct compare_verdict){ .verdict = STATS_CHANGED, .p = p, .p_holm = p,
					 .min_pct = NAN };
}

START_TEST(test_holm_step_down)
{
	/* p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") is 0.03 0.06 0.06 0.02 */
	struct compare_verdict v[5] = {
		holm_row(0.01), holm_row(0.04), holm_row(0.03), holm_row(0.005),
		{ .verdict = STATS_TOO_FEW, .p = NAN },	/* not one of the family */
	};

	compare_method_family(COMPARE_HOLM, 0.05, v, 5);
	ck_assert_double_eq_tol(v[0].p_holm, 0.03, 1e-12);
	ck_assert_double_eq_tol(v[1].p_holm, 0.06, 1e-12);
	ck_assert_double_eq_tol(v[2].p_holm, 0.06, 1e-12);
	ck_assert_double_eq_tol(v[3].p_holm, 0.02, 1e-12);
	ck_assert_int_eq(v[0].verdict, STATS_CHANGED);
	ck_assert_int_eq(v[1].verdict, STATS_SAME);
	ck_assert_int_eq(v[2].verdict, STATS_SAME);
	ck_assert_int_eq(v[3].verdict, STATS_CHANGED);
	ck_assert_int_eq(v[4].verdict, STATS_TOO_FEW);

	/* the per-row methods are left as judged */
	v[1] = holm_row(0.04);
	compare_method_family(COMPARE_WELCH, 0.05, v, 5);
	ck_assert_int_eq(v[1].verdict, STATS_CHANGED);
}
END_TEST

START_TEST(test_aa_rates)
{
	double err, r;

	/* lkp at 3 a side: 4 of the 20 equally likely orders */
	r = compare_method_aa_rate(COMPARE_LKP, 0.05, 3, 3, 27, &err);
	ck_assert_double_eq_tol(r, 0.2, 4 * err);
	/* Welch's test holds its level on normal runs, and holm its family's */
	r = compare_method_aa_rate(COMPARE_WELCH, 0.05, 3, 3, 27, &err);
	ck_assert(r < 0.05 + 4 * err);
	r = compare_method_aa_rate(COMPARE_HOLM, 0.05, 5, 5, 27, &err);
	ck_assert(r < 0.05 + 4 * err);
	ck_assert(r > 0.01);
	/* nothing to say below 3 runs or past 40 in all */
	ck_assert(isnan(compare_method_aa_rate(COMPARE_LKP, 0.05, 2, 3, 27, &err)));
	ck_assert(isnan(compare_method_aa_rate(COMPARE_LKP, 0.05, 21, 20, 27, &err)));
}
END_TEST

static Suite *compare_method_suite(void)
{
	Suite *s = suite_create("compare_method");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_holm_step_down);
	tcase_add_test(tc, test_aa_rates);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(compare_method_suite);
