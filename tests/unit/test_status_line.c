/*
 * test_status_line.c - --status: stress-ng's rendering of the run time
 * (its units, plurals and skipped zero units, read from its
 * stress_time_duration_to_str), and the instance counts the controller's
 * child table gives a tick hook (tick_mode.c).
 */
#include <signal.h>

#include "run_state.h"
#include "status_line.h"
#include "tick.h"
#include "unit.h"

static const char *dur(double secs)
{
	static char buf[96];

	return status_line_duration(secs, buf, sizeof(buf));
}

START_TEST(test_duration)
{
	ck_assert_str_eq(dur(0), "0 sec");
	ck_assert_str_eq(dur(0.4), "0 sec");
	ck_assert_str_eq(dur(1), "1 sec");
	ck_assert_str_eq(dur(2.4), "2 secs");
	ck_assert_str_eq(dur(59.6), "1 min 0 sec");
	ck_assert_str_eq(dur(65), "1 min 5 secs");
	ck_assert_str_eq(dur(3601), "1 hour 1 sec");
	ck_assert_str_eq(dur(3721), "1 hour 2 mins 1 sec");
	ck_assert_str_eq(dur(2 * 86400 + 7200), "2 days 2 hours 0 sec");
	ck_assert_str_eq(dur(-3), "0 sec");
}
END_TEST

/*
 * Four instances: one running, one whose run() returned (failed), one
 * reaped after a clean return, and a thread worker of two, one still
 * running; a stop signal marks the live ones.
 */
START_TEST(test_count)
{
	struct instance_slot slot[5] = {
		{ .ops = 10, .state = SLOT_RUNNING },
		{ .ops = 20, .state = SLOT_DONE, .status = SK_FAILED },
		{ .ops = 30, .state = SLOT_DONE, .status = SK_OK },
		{ .ops = 40, .state = SLOT_DONE, .status = SK_OK },
		{ .ops = 50, .state = SLOT_RUNNING },
	};
	struct instance_result res[5] = { [2] = { .status = SK_OK } };
	struct child c[4] = {
		{ .pid = 1, .res = &res[0], .slot = &slot[0], .n_inst = 1 },
		{ .pid = 2, .res = &res[1], .slot = &slot[1], .n_inst = 1 },
		{ .pid = 3, .res = &res[2], .slot = &slot[2], .n_inst = 1, .reaped = true },
		{ .pid = 4, .res = &res[3], .slot = &slot[3], .n_inst = 2, .threads = true },
	};
	struct run_state st = { .children = c, .n_children = 4, .n_live = 3 };
	struct run_counts t;

	tick_count(&st, &t);
	ck_assert_uint_eq(t.ops, 150);
	ck_assert_uint_eq(t.running, 2);
	ck_assert_uint_eq(t.exited, 3);
	ck_assert_uint_eq(t.reaped, 1);
	ck_assert_uint_eq(t.failed, 1);
	ck_assert_uint_eq(t.alarmed, 0);
	/* a killed instance never says it returned: the reap counts it */
	slot[0].state = SLOT_RUNNING;
	c[0].reaped = true;
	res[0].status = SK_SIGNALED;
	c[1].alarmed = c[3].alarmed = true;
	tick_count(&st, &t);
	ck_assert_uint_eq(t.running, 1);
	ck_assert_uint_eq(t.exited, 4);
	ck_assert_uint_eq(t.reaped, 2);
	ck_assert_uint_eq(t.failed, 1);
	ck_assert_uint_eq(t.alarmed, 3);
	ck_assert_uint_eq(t.running + t.exited, 5);
}
END_TEST

static Suite *status_line_suite(void)
{
	Suite *s = suite_create("status_line");
	TCase *tc = tcase_create("status_line");

	tcase_add_test(tc, test_duration);
	tcase_add_test(tc, test_count);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(status_line_suite);
