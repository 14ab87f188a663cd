/*
 * test_anova.c - the one-way random-effects model of calibrate on
 * examples computed by hand (the sums of squares are small integers):
 * a balanced one, an unbalanced one (n0 != the mean group size), one
 * whose between estimate is negative, and the degenerate cases.
 */
#include <errno.h>
#include <math.h>

#include "anova.h"
#include "unit.h"

#define ck_rel(got, want, rel) \
	ck_assert_msg(fabs((got) - (want)) <= (rel) * fabs((double)(want)), \
		      "%s = %.15g, expected %.15g", #got, (double)(got), (double)(want))

/*
 * {1,2,3} {4,5,6} {7,8,9}: means 2, 5, 8, grand mean 5. SSW = 6 on 6 df,
 * MSW = 1; SSB = 3 (9 + 0 + 9) = 54 on 2 df, MSB = 27; n0 = 3, so
 * s_b^2 = 26/3; F = 27 and, for d1 = 2, P(F >= f) = (1 + 2f/d2)^(-d2/2)
 * = 10^-3.
 */
START_TEST(test_anova_balanced)
{
	const double a[] = { 1, 2, 3 }, b[] = { 4, 5, 6 }, c[] = { 7, 8, 9 };
	const double *const v[] = { a, b, c };
	const size_t n[] = { 3, 3, 3 };
	struct anova r;

	ck_assert_int_eq(anova_one_way(v, n, 3, &r), 0);
	ck_assert_uint_eq(r.groups, 3);
	ck_assert_uint_eq(r.values, 9);
	ck_rel(r.mean, 5, 1e-15);
	ck_rel(r.msw, 1, 1e-15);
	ck_rel(r.msb, 27, 1e-15);
	ck_rel(r.n0, 3, 1e-15);
	ck_rel(r.var_within, 1, 1e-15);
	ck_rel(r.var_between, 26.0 / 3, 1e-15);
	ck_rel(r.f, 27, 1e-15);
	ck_rel(r.p, 1e-3, 1e-10);
	ck_assert_double_eq(r.df_between, 2);
	ck_assert_double_eq(r.df_within, 6);
}
END_TEST

/*
 * {2,4} {5,6,7} {9,11,10,10}: n = 2, 3, 4, N = 9; means 3, 6, 10, grand
 * mean 64/9. SSW = 2 + 2 + 2 = 6 on 6 df, MSW = 1. SSB = (2 37^2 +
 * 3 10^2 + 4 26^2) / 81 = 5742/81 on 2 df, MSB = 2871/81.
 * n0 = (9 - 29/9) / 2 = 26/9 (the mean group size would be 3), so
 * s_b^2 = (2871/81 - 1) 9/26 = 2790/234.
 */
START_TEST(test_anova_unbalanced)
{
	const double a[] = { 2, 4 }, b[] = { 5, 6, 7 }, c[] = { 9, 11, 10, 10 };
	const double *const v[] = { a, b, c };
	const size_t n[] = { 2, 3, 4 };
	struct anova r;
	double f = 2871.0 / 81;

	ck_assert_int_eq(anova_one_way(v, n, 3, &r), 0);
	ck_assert_uint_eq(r.values, 9);
	ck_rel(r.mean, 64.0 / 9, 1e-15);
	ck_rel(r.msw, 1, 1e-14);
	ck_rel(r.msb, f, 1e-14);
	ck_rel(r.n0, 26.0 / 9, 1e-15);
	ck_rel(r.var_between, 2790.0 / 234, 1e-14);
	ck_rel(r.f, f, 1e-14);
	ck_rel(r.p, pow(1 + 2 * f / 6, -3), 1e-10);
}
END_TEST

/* Groups whose means agree better than their values: MSB < MSW, s_b^2 = 0. */
START_TEST(test_anova_no_between)
{
	const double a[] = { 1, 5 }, b[] = { 2, 4 }, c[] = { 3, 3.5 };
	const double *const v[] = { a, b, c };
	const size_t n[] = { 2, 2, 2 };
	struct anova r;

	ck_assert_int_eq(anova_one_way(v, n, 3, &r), 0);
	ck_assert(r.msb < r.msw);
	ck_assert_double_eq(r.var_between, 0);
	ck_assert(r.f < 1);
	ck_assert(r.p > 0.5 && r.p <= 1);
}
END_TEST

START_TEST(test_anova_degenerate)
{
	const double a[] = { 7, 7 }, b[] = { 7, 7 }, c[] = { 8, 8 }, d[] = { 1 };
	const double *v[] = { a, b, c };
	size_t n[] = { 2, 2, 2 };
	struct anova r;

	/* no within spread, only the means differ: F is infinite */
	ck_assert_int_eq(anova_one_way(v, n, 3, &r), 0);
	ck_assert(isinf(r.f));
	ck_assert_double_eq(r.p, 0);
	/* no spread at all: nothing to say */
	n[2] = 0;
	ck_assert_int_eq(anova_one_way(v, n, 3, &r), 0);
	ck_assert_uint_eq(r.groups, 2);
	ck_assert(isnan(r.f) && isnan(r.p));
	ck_assert_double_eq(r.var_between, 0);
	/* one group, or one value a group: no model */
	ck_assert_int_eq(anova_one_way(v, n, 1, &r), -EINVAL);
	v[0] = d;
	v[1] = d;
	n[0] = n[1] = 1;
	ck_assert_int_eq(anova_one_way(v, n, 2, &r), -EINVAL);
}
END_TEST

static Suite *anova_suite(void)
{
	Suite *s = suite_create("anova");
	TCase *tc = tcase_create("anova");

	tcase_add_test(tc, test_anova_balanced);
	tcase_add_test(tc, test_anova_unbalanced);
	tcase_add_test(tc, test_anova_no_between);
	tcase_add_test(tc, test_anova_degenerate);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(anova_suite);
