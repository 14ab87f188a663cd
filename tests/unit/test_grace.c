/* test_grace.c - the stop grace's decision: another window or the kill. */
#include "grace.h"
#include "unit.h"

/* Progress in the window just waited buys exactly one more window. */
START_TEST(test_extends_on_progress)
{
	ck_assert_double_eq(grace_next(100.0, 1.0, 101.0, true), 102.0);
	ck_assert_double_eq(grace_next(100.0, 1.0, 105.5, true), 106.5);
	/* a window that ended late (the controller waited for a CPU) counts
	 * from when it really ended */
	ck_assert_double_eq(grace_next(100.0, 1.0, 103.25, true), 104.25);
}
END_TEST

/* A window without progress ends the grace: whoever is left is deaf. */
START_TEST(test_ends_without_progress)
{
	ck_assert_double_eq(grace_next(100.0, 1.0, 101.0, false), 0);
	ck_assert_double_eq(grace_next(100.0, 5.0, 101.0, false), 0);
}
END_TEST

/* However much progress, never past GRACE_WINDOWS_MAX windows in all. */
START_TEST(test_capped)
{
	double start = 10.0, w = 1.0, cap = start + w * GRACE_WINDOWS_MAX;
	double now = start + w, end;
	int windows = 1;

	while ((end = grace_next(start, w, now, true)) != 0) {
		ck_assert(end <= cap);
		ck_assert(end > now);
		now = end;
		windows++;
	}
	ck_assert_int_eq(windows, GRACE_WINDOWS_MAX);
	/* the last window is cut to the cap, not granted whole */
	ck_assert_double_eq(grace_next(start, w, cap - 0.25, true), cap);
	ck_assert_double_eq(grace_next(start, w, cap + 3, true), 0);
}
END_TEST

/* A zero window (no grace asked) never extends. */
START_TEST(test_zero_window)
{
	ck_assert_double_eq(grace_next(10.0, 0, 10.0, true), 0);
}
END_TEST

static Suite *grace_suite(void)
{
	Suite *s = suite_create("grace");
	TCase *tc = tcase_create("grace");

	tcase_add_test(tc, test_extends_on_progress);
	tcase_add_test(tc, test_ends_without_progress);
	tcase_add_test(tc, test_capped);
	tcase_add_test(tc, test_zero_window);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(grace_suite);
