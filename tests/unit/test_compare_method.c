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

/*
 * holm+range's drift: two invocations whose passes agree each within
 * themselves but 4% apart are apart by the machine's drift, not a change;
 * 0 is the passes' spread alone, and joined files shrink the drift.
 */
START_TEST(test_drift)
{
	const double a[] = { 100, 100, 100 }, b[] = { 104, 104, 104 };
	const double c[] = { 100, 101, 99 }, d[] = { 1000, 1010, 990 };
	struct compare_sample sa = { a, 3, 3, false, 1, 0, NAN }, sb = { b, 3, 3, false, 1, 0, NAN };
	struct compare_params p = { .method = COMPARE_HOLM_RANGE, .alpha = 0.05,
				    .drift_pct = 3 };
	struct compare_verdict v;

	compare_method_judge(&p, "stress-ng.x.ops_per_sec", &sa, &sb, &v);
	ck_assert_int_eq(v.verdict, STATS_SAME);
	/* z = 4 / sqrt(3^2 + 3.12^2) */
	ck_assert_double_eq_tol(v.p, erfc(4 / sqrt(9 + 3.12 * 3.12) / M_SQRT2), 1e-9);
	p.drift_pct = 0;
	compare_method_judge(&p, "stress-ng.x.ops_per_sec", &sa, &sb, &v);
	ck_assert_int_eq(v.verdict, STATS_CHANGED);
	/* 16 files a side: the drift of their mean is a quarter */
	p.drift_pct = 3;
	sa.files = sb.files = 16;
	compare_method_judge(&p, "stress-ng.x.ops_per_sec", &sa, &sb, &v);
	ck_assert_double_eq_tol(v.p, erfc(4 / sqrt((9 + 3.12 * 3.12) / 16) / M_SQRT2), 1e-9);
	ck_assert_int_eq(v.verdict, STATS_CHANGED);
	/* holm is the passes' spread alone, whatever the drift */
	p.method = COMPARE_HOLM;
	sa.files = sb.files = 1;
	compare_method_judge(&p, "stress-ng.x.ops_per_sec", &sa, &sb, &v);
	ck_assert_int_eq(v.verdict, STATS_CHANGED);
	/* a 10x change is far beyond any drift */
	p.method = COMPARE_HOLM_RANGE;
	sa.v = c;
	sb.v = d;
	compare_method_judge(&p, "stress-ng.x.ops_per_sec", &sa, &sb, &v);
	ck_assert_int_eq(v.verdict, STATS_CHANGED);
	ck_assert(v.p < 1e-6);
}
END_TEST

/*
 * A row of events per bogo-op: a pass's one or two context switches are
 * too few to tell (lkp's 1000), and a count's variance is at least its
 * Poisson one, however alike the passes happen to be.
 */
START_TEST(test_counted_events)
{
	const double one[] = { 1 / 9000.0, 1 / 9000.0, 1 / 9000.0 };
	const double two[] = { 2 / 9000.0, 2 / 9000.0, 2 / 9000.0 };
	const double lo[] = { 0.2, 0.2, 0.2 }, hi[] = { 0.21, 0.21, 0.21 };
	const double many[] = { 0.4, 0.4, 0.4 };
	struct compare_sample sa = { one, 3, 3, false, 1, 9000, NAN };
	struct compare_sample sb = { two, 3, 3, false, 1, 9000, NAN };
	struct compare_params p = { .method = COMPARE_HOLM_RANGE, .alpha = 0.05 };
	struct compare_verdict v;

	compare_method_judge(&p, "x.cost.voluntary-context-switches", &sa, &sb, &v);
	ck_assert_int_eq(v.verdict, STATS_SAME);
	/* 1800 against 1890 a pass: +5%, within the counts' own spread */
	sa.v = lo;
	sb.v = hi;
	compare_method_judge(&p, "x.cost.voluntary-context-switches", &sa, &sb, &v);
	ck_assert_int_eq(v.verdict, STATS_SAME);
	ck_assert_double_eq_tol(v.se_pct, 100 * sqrt((0.2 + 0.21) / 9000 / 3) / 0.2, 1e-9);
	/* 1800 against 3600 a pass */
	sb.v = many;
	compare_method_judge(&p, "x.cost.voluntary-context-switches", &sa, &sb, &v);
	ck_assert_int_eq(v.verdict, STATS_CHANGED);
	/* holm takes the passes as they are */
	p.method = COMPARE_HOLM;
	sb.v = hi;
	compare_method_judge(&p, "x.cost.voluntary-context-switches", &sa, &sb, &v);
	ck_assert_int_eq(v.verdict, STATS_CHANGED);
}
END_TEST

static Suite *compare_method_suite(void)
{
	Suite *s = suite_create("compare_method");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_holm_step_down);
	tcase_add_test(tc, test_aa_rates);
	tcase_add_test(tc, test_drift);
	tcase_add_test(tc, test_counted_events);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(compare_method_suite);
