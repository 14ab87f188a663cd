/*
 * test_start_check.c - the tasks a run needs, as start_check_nproc and
 * the system-limit warnings count them: instances, each instance's
 * helpers (STRESSOR_HELPERS), a worker per stressor in thread mode.
 */
#include "cli.h"
#include "plan.h"
#include "start_check.h"
#include "unit.h"

/* start_tasks of the first run of the plan a command line makes. */
static size_t tasks_of(const char *line)
{
	struct cli_config cfg;
	struct plan p;
	size_t n;

	unit_plan_of(line, &cfg, &p);
	n = start_tasks(&p.runs[0]);
	unit_plan_done(&cfg, &p);
	return n;
}

/* A pipe instance forks its reader: two tasks an instance. */
START_TEST(test_helpers_counted)
{
	ck_assert_uint_eq(tasks_of("--pipe 2048"), 4096);
	ck_assert_uint_eq(tasks_of("--getppid1 3"), 3);
	ck_assert_uint_eq(tasks_of("--pipe 2 --getppid1 3"), 7);
}
END_TEST

/* Thread mode: the instances are threads of a worker, each with its
 * partner thread (context_switch1), and the worker is a task too. */
START_TEST(test_thread_mode)
{
	ck_assert_uint_eq(tasks_of("--context_switch1 4 --instance-mode thread"), 9);
	ck_assert_uint_eq(tasks_of("--context_switch1 4"), 8);
}
END_TEST

/* The count sits in bits 8-11 of .flags, beside the 1.0 flags. */
START_TEST(test_helpers_macro)
{
	unsigned f = STRESSOR_NO_THREADS | STRESSOR_OWN_START |
		     STRESSOR_HELPERS(STRESSOR_HELPERS_MAX);

	ck_assert_uint_eq((f >> 8) & STRESSOR_HELPERS_MAX, 15);
	ck_assert_uint_eq(f & 0xff, STRESSOR_NO_THREADS | STRESSOR_OWN_START);
	ck_assert_uint_eq(STRESSOR_HELPERS(0), 0);
}
END_TEST

static Suite *start_check_suite(void)
{
	Suite *s = suite_create("start_check");
	TCase *tc = tcase_create("tasks");

	tcase_add_test(tc, test_helpers_counted);
	tcase_add_test(tc, test_thread_mode);
	tcase_add_test(tc, test_helpers_macro);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(start_check_suite);
