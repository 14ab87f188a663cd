/*
 * test_history_changes.c - E-Divisive means with the t-test on series
 * whose changes are known: one step found at its place, two steps both,
 * a flat series none, a step within the last few runs not before it
 * has min_runs a side, a significant change under compare's 1% floor
 * none, and the passes' own spread keeping a quiet stretch honest.
 */
#include <math.h>
#include <stdlib.h>

#include "history_changes.h"
#include "unit.h"

/* A fixed wobble of +-0.3%: deterministic, no generator needed. */
static double wobble(size_t i)
{
	static const double w[] = { 0.3, -0.1, 0.2, -0.3, 0.0, 0.1, -0.2, 0.25, -0.15, 0.05 };

	return 1 + w[i % 10] / 100;
}

static const struct history_changes_params params = {
	.max_p = HISTORY_DEFAULT_MAX_P, .min_runs = HISTORY_DEFAULT_MIN_RUNS,
};

START_TEST(test_one_step)
{
	double m[40], v[40] = { 0 };
	struct history_change *c;
	size_t n;

	for (size_t i = 0; i < 40; i++)
		m[i] = 1000 * (i < 23 ? 1 : 0.95) * wobble(i);
	ck_assert_int_eq(history_changes_find(m, v, 40, &params, &c, &n), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(c[0].at, 23);
	ck_assert(fabs(c[0].change_pct + 5) < 0.5);
	ck_assert(c[0].p < 1e-6);
	free(c);
}
END_TEST

START_TEST(test_two_steps)
{
	double m[60], v[60] = { 0 };
	struct history_change *c;
	size_t n;

	for (size_t i = 0; i < 60; i++)
		m[i] = 1000 * (i < 20 ? 1 : i < 41 ? 1.1 : 1.03) * wobble(i);
	ck_assert_int_eq(history_changes_find(m, v, 60, &params, &c, &n), 0);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(c[0].at, 20);
	ck_assert_uint_eq(c[1].at, 41);
	ck_assert(c[0].change_pct > 9 && c[1].change_pct < -5);
	free(c);
}
END_TEST

START_TEST(test_flat_and_short)
{
	double m[40], v[40] = { 0 };
	struct history_change *c;
	size_t n;

	for (size_t i = 0; i < 40; i++)
		m[i] = 1000 * wobble(i);
	ck_assert_int_eq(history_changes_find(m, v, 40, &params, &c, &n), 0);
	ck_assert_uint_eq(n, 0);
	ck_assert_ptr_null(c);
	/* a step 3 runs from the end: not yet min_runs a side */
	for (size_t i = 37; i < 40; i++)
		m[i] *= 0.8;
	ck_assert_int_eq(history_changes_find(m, v, 40, &params, &c, &n), 0);
	ck_assert_uint_eq(n, 0);
	/* nor a series shorter than two sides */
	ck_assert_int_eq(history_changes_find(m, v, 9, &params, &c, &n), 0);
	ck_assert_uint_eq(n, 0);
}
END_TEST

START_TEST(test_floor_and_passes)
{
	double m[40], v[40] = { 0 };
	struct history_change *c;
	size_t n;

	/* 0.5%, without a wobble: as significant as can be, under the floor */
	for (size_t i = 0; i < 40; i++)
		m[i] = i < 20 ? 1000 : 995;
	ck_assert_int_eq(history_changes_find(m, v, 40, &params, &c, &n), 0);
	ck_assert_uint_eq(n, 0);
	/* 3% between runs that agree to 0.3%, but whose passes spread by 10%
	 * (a mean of 3 passes with sd 100: variance 100^2 / 3): not a change */
	for (size_t i = 0; i < 40; i++) {
		m[i] = 1000 * (i < 20 ? 1 : 1.03) * wobble(i);
		v[i] = 100.0 * 100.0 / 3;
	}
	ck_assert_int_eq(history_changes_find(m, v, 40, &params, &c, &n), 0);
	ck_assert_uint_eq(n, 0);
}
END_TEST

static Suite *history_changes_suite(void)
{
	Suite *s = suite_create("history_changes");
	TCase *tc = tcase_create("history_changes");

	tcase_add_test(tc, test_one_step);
	tcase_add_test(tc, test_two_steps);
	tcase_add_test(tc, test_flat_and_short);
	tcase_add_test(tc, test_floor_and_passes);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(history_changes_suite);
