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

	compare_method_family(compare_method_parse("holm"), 0.05, v, 5);
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
	compare_method_family(compare_method_parse("welch"), 0.05, v, 5);
	ck_assert_int_eq(v[1].verdict, STATS_CHANGED);
}
END_TEST

START_TEST(test_aa_rates)
{
	double err, r;

	/* lkp at 3 a side: 4 of the 20 equally likely orders */
	r = compare_method_aa_rate(compare_method_parse("lkp"), 0.05, 3, 3, 27, &err);
	ck_assert_double_eq_tol(r, 0.2, 4 * err);
	/* Welch's test holds its level on normal runs, and holm its family's */
	r = compare_method_aa_rate(compare_method_parse("welch"), 0.05, 3, 3, 27, &err);
	ck_assert(r < 0.05 + 4 * err);
	r = compare_method_aa_rate(compare_method_parse("holm"), 0.05, 5, 5, 27, &err);
	ck_assert(r < 0.05 + 4 * err);
	ck_assert(r > 0.01);
	/* nothing to say below 3 runs or past 40 in all */
	ck_assert(isnan(compare_method_aa_rate(compare_method_parse("lkp"), 0.05, 2, 3, 27, &err)));
	ck_assert(isnan(compare_method_aa_rate(compare_method_parse("lkp"), 0.05, 21, 20, 27, &err)));
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
	struct compare_sample sa = { .v = a, .n = 3, .runs = 3, .files = 1, .others_pct = NAN };
	struct compare_sample sb = { .v = b, .n = 3, .runs = 3, .files = 1, .others_pct = NAN };
	struct compare_params p = { .method = compare_method_parse("holm+range"), .alpha = 0.05,
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
	p.method = compare_method_parse("holm");
	sa.files = sb.files = 1;
	compare_method_judge(&p, "stress-ng.x.ops_per_sec", &sa, &sb, &v);
	ck_assert_int_eq(v.verdict, STATS_CHANGED);
	/* a 10x change is far beyond any drift */
	p.method = compare_method_parse("holm+range");
	sa.v = c;
	sb.v = d;
	compare_method_judge(&p, "stress-ng.x.ops_per_sec", &sa, &sb, &v);
	ck_assert_int_eq(v.verdict, STATS_CHANGED);
	ck_assert(v.p < 1e-6);
	/* a measured spread of invocations replaces the drift: none, and
	 * 4% is a change; as much as the drift, and it is not */
	sa.v = a;
	sb.v = b;
	sa.between_known = sb.between_known = true;
	sa.between_pct = sb.between_pct = 0;
	compare_method_judge(&p, "stress-ng.x.ops_per_sec", &sa, &sb, &v);
	ck_assert_int_eq(v.verdict, STATS_CHANGED);
	sa.between_pct = sb.between_pct = 3;
	compare_method_judge(&p, "stress-ng.x.ops_per_sec", &sa, &sb, &v);
	ck_assert_int_eq(v.verdict, STATS_SAME);
}
END_TEST

/*
 * Weighted Holm: the KPI rows share 0.8 alpha, the others 0.2. A KPI row
 * at p 0.015 among 2 KPIs and 3 others is flagged (0.015 <= 0.05 x 0.4),
 * which plain Holm over the 5 would not (0.05 / 5); an other row at the
 * same p is not (0.05 x 0.2 / 3).
 */
START_TEST(test_holm_weighted)
{
	struct compare_verdict v[5] = {
		holm_row(0.015), holm_row(0.5), holm_row(0.015), holm_row(0.6), holm_row(0.7),
	};

	v[0].kpi = v[1].kpi = true;
	compare_method_family(compare_method_parse("holm+range"), 0.05, v, 5);
	ck_assert_int_eq(v[0].verdict, STATS_CHANGED);
	ck_assert_double_eq_tol(v[0].p_holm, 0.015 / 0.4, 1e-12);
	ck_assert_int_eq(v[2].verdict, STATS_SAME);
	ck_assert_int_eq(v[1].verdict, STATS_SAME);
	/* with the KPI flagged, the other's share of what is left: 0.015 x 0.6 / 0.0667 */
	ck_assert_double_eq_tol(v[2].p_holm, 0.015 * 0.6 / (0.2 / 3), 1e-12);
}
END_TEST

/*
 * A KPI row's word: unchanged when its interval lies within the margin,
 * changed when flagged, else inconclusive with the invocations a side
 * that would decide; never unchanged for a change past the margin.
 */
START_TEST(test_words)
{
	const double a[] = { 100, 100.5, 99.5 }, same[] = { 100.2, 100.7, 99.7 };
	const double wide[] = { 95, 105, 100 }, down[] = { 97, 97.5, 96.5 };
	struct compare_sample sa = { .v = a, .n = 3, .runs = 3, .files = 1, .others_pct = NAN };
	struct compare_sample sb = { .v = same, .n = 3, .runs = 3, .files = 1,
				     .others_pct = NAN };
	struct compare_params p = { .method = compare_method_parse("holm+range"), .alpha = 0.05,
				    .equivalence_pct = 2 };
	struct compare_verdict v;

	compare_method_judge(&p, "stress-ng.x.ops_per_sec", &sa, &sb, &v);
	ck_assert(v.kpi);
	compare_word_settle(&p, &v);
	ck_assert_int_eq(v.word, COMPARE_UNCHANGED);
	ck_assert(v.ci_lo_pct >= -2 && v.ci_hi_pct <= 2);
	ck_assert(v.ci_lo_pct < v.change_pct && v.change_pct < v.ci_hi_pct);
	/* not a KPI: no word */
	compare_method_judge(&p, "stress-ng.x.cost.cpu-usec", &sa, &sb, &v);
	compare_word_settle(&p, &v);
	ck_assert_int_eq(v.word, COMPARE_WORD_NONE);
	/* ops per CPU-second is a KPI */
	ck_assert(compare_kpi("stress-ng.x.bogo-ops-per-second-usr-sys-time"));
	/* a spread too wide to tell: inconclusive, and more would decide */
	sb.v = wide;
	compare_method_judge(&p, "stress-ng.x.ops_per_sec", &sa, &sb, &v);
	compare_word_settle(&p, &v);
	ck_assert_int_eq(v.word, COMPARE_INCONCLUSIVE);
	ck_assert(v.need > 1 && v.need <= COMPARE_NEED_MAX);
	/* -3%, flagged: changed */
	sb.v = down;
	compare_method_judge(&p, "stress-ng.x.ops_per_sec", &sa, &sb, &v);
	compare_method_family(p.method, p.alpha, &v, 1);
	compare_word_settle(&p, &v);
	ck_assert_int_eq(v.word, COMPARE_CHANGED);
	/* the same -3% under a drift too wide to flag it is never unchanged */
	p.drift_pct = 2;
	compare_method_judge(&p, "stress-ng.x.ops_per_sec", &sa, &sb, &v);
	compare_method_family(p.method, p.alpha, &v, 1);
	compare_word_settle(&p, &v);
	ck_assert_int_eq(v.word, COMPARE_INCONCLUSIVE);
	ck_assert(v.ci_lo_pct < -2 && v.ci_hi_pct > -2);
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
	struct compare_sample sa = { .v = one, .n = 3, .runs = 3, .files = 1, .per_pass = 9000,
				     .others_pct = NAN };
	struct compare_sample sb = { .v = two, .n = 3, .runs = 3, .files = 1, .per_pass = 9000,
				     .others_pct = NAN };
	struct compare_params p = { .method = compare_method_parse("holm+range"), .alpha = 0.05 };
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
	p.method = compare_method_parse("holm");
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
	tcase_add_test(tc, test_holm_weighted);
	tcase_add_test(tc, test_words);
	tcase_add_test(tc, test_counted_events);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(compare_method_suite);
