/*
 * test_lkp_rule.c - compare --method lkp's rule against lkp-tests' own
 * verdicts: each case of fixtures/lkp_cases.txt, judged by lkp_judge,
 * gives the line of fixtures/lkp_changed.txt that lkp-tests' Ruby gave it
 * (tests/lkp_fixtures.sh): changed or not, and a changed stat's ratio,
 * delta, means and ranges to the last digit printed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lkp_rule.h"
#include "unit.h"

#define LKP_CASES "tests/unit/fixtures/lkp_cases.txt"
#define LKP_CHANGED "tests/unit/fixtures/lkp_changed.txt"

/* "1.0,2" or "-": the values, and whether all were integers. */
static size_t lkp_values(char *s, double *v, size_t max, bool *integer)
{
	size_t n = 0;

	*integer = true;
	if (!strcmp(s, "-"))
		return 0;
	for (char *t = strtok(s, ","); t && n < max; t = strtok(NULL, ",")) {
		*integer &= !strchr(t, '.');
		v[n++] = strtod(t, NULL);
	}
	return n;
}

/* The next line that is not a comment or blank, or NULL. */
static char *lkp_line(FILE *f, char *buf, size_t len)
{
	while (fgets(buf, (int)len, f))
		if (buf[0] != '#' && buf[0] != '\n')
			return buf;
	return NULL;
}

static void lkp_expect_eq(double got, double want, const char *what, int line)
{
	/* %.17g round-trips: equal doubles, or the same within an ulp of arithmetic */
	ck_assert_msg(fabs(got - want) <= 1e-12 * fmax(1, fabs(want)),
		      "case %d: %s %.17g, lkp-tests %.17g", line, what, got, want);
}

START_TEST(test_lkp_matches_lkp_tests)
{
	FILE *cases = fopen(LKP_CASES, "r"), *want = fopen(LKP_CHANGED, "r");
	char c[8192], w[1024], key[256], va[4096], vb[4096];
	int k = 0, changed = 0;

	ck_assert_ptr_nonnull(cases);
	ck_assert_ptr_nonnull(want);
	while (lkp_line(cases, c, sizeof(c))) {
		double a[64], b[64], dist, f[8];
		size_t ra, rb;
		struct lkp_side sa, sb;
		struct lkp_options o;
		struct lkp_result r;
		int flag;

		k++;
		ck_assert_int_eq(sscanf(c, "%255s %lf %zu %4095s %zu %4095s", key, &dist, &ra, va,
					&rb, vb), 6);
		sa = (struct lkp_side){ .v = a, .runs = ra };
		sb = (struct lkp_side){ .v = b, .runs = rb };
		sa.n = lkp_values(va, a, 64, &sa.integer);
		sb.n = lkp_values(vb, b, 64, &sb.integer);
		o = (struct lkp_options){ .distance = dist };
		ck_assert_msg(lkp_line(want, w, sizeof(w)), "case %d: no verdict recorded", k);
		lkp_judge(key, &sa, &sb, &o, &r);
		/* lkp-tests reports a stat not in BASE as nothing at all */
		if (!sb.n)
			r.changed = false;
		flag = atoi(w);
		ck_assert_msg(r.changed == (flag == 1), "case %d (%s): changed %d, lkp-tests %d",
			      k, key, r.changed, flag);
		if (!flag)
			continue;
		changed++;
		ck_assert_int_eq(sscanf(w, "%d %lf %lf %lf %lf %lf %lf %lf %lf", &flag, &f[0],
					&f[1], &f[2], &f[3], &f[4], &f[5], &f[6], &f[7]), 9);
		lkp_expect_eq(r.ratio, f[0], "ratio", k);
		lkp_expect_eq(r.delta, f[1], "delta", k);
		lkp_expect_eq(r.mean_a, f[2], "mean_a", k);
		lkp_expect_eq(r.mean_b, f[3], "mean_b", k);
		lkp_expect_eq(r.min_a, f[4], "min_a", k);
		lkp_expect_eq(r.max_a, f[5], "max_a", k);
		lkp_expect_eq(r.min_b, f[6], "min_b", k);
		lkp_expect_eq(r.max_b, f[7], "max_b", k);
	}
	ck_assert_msg(!lkp_line(want, w, sizeof(w)), "more verdicts than cases");
	/* the fixtures exercise both outcomes */
	ck_assert_int_gt(changed, 10);
	ck_assert_int_gt(k - changed, 10);
	fclose(cases);
	fclose(want);
}
END_TEST

START_TEST(test_lkp_names)
{
	ck_assert(lkp_perf_metric("stress-ng.pipe.ops_per_sec"));
	ck_assert(lkp_perf_metric("perf-stat.pipe.cycles"));
	ck_assert(lkp_perf_metric("foo.time.elapsed"));
	ck_assert(!lkp_perf_metric("foo.bar"));
	ck_assert(!lkp_perf_metric("perf-profile.self.cycles-pp.x"));
	ck_assert(lkp_kpi("stress-ng.sendfile.ops_per_sec"));
	ck_assert(!lkp_kpi("stress-ng.sendfile.ops"));
	ck_assert(!lkp_kpi("stress-ng.pipe.MB_per_sec_pipe_write_rate"));
}
END_TEST

static Suite *lkp_rule_suite(void)
{
	Suite *s = suite_create("lkp_rule");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_lkp_matches_lkp_tests);
	tcase_add_test(tc, test_lkp_names);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(lkp_rule_suite);
