/* test_threads.c - how a thread worker's CPU time is shared among its instances. */
#include <sys/resource.h>

#include "threads.h"
#include "unit.h"

static struct rusage threads_ru(double user, double sys)
{
	struct rusage ru = { 0 };

	ru.ru_utime.tv_sec = (time_t)user;
	ru.ru_utime.tv_usec = (suseconds_t)((user - (double)(time_t)user) * 1e6 + 0.5);
	ru.ru_stime.tv_sec = (time_t)sys;
	ru.ru_stime.tv_usec = (suseconds_t)((sys - (double)(time_t)sys) * 1e6 + 0.5);
	return ru;
}

/*
 * Every instance recorded its own thread's time: the rest of the worker's
 * (its main thread, a partner thread an instance started) is shared out,
 * so the instances' sum is the worker's, as in process mode.
 */
START_TEST(test_record_all_share_rest)
{
	struct instance_slot slots[2] = {
		{ .state = SLOT_DONE, .utime = 1.0, .stime = 2.0, .status = SK_OK },
		{ .state = SLOT_DONE, .utime = 0.5, .stime = 1.0, .status = SK_OK },
	};
	struct instance_result res[2] = { 0 };
	struct rusage ru = threads_ru(2.5, 5.0);

	threads_record(res, slots, 2, &ru);
	ck_assert_double_eq_tol(res[0].utime, 1.5, 1e-6);
	ck_assert_double_eq_tol(res[0].stime, 3.0, 1e-6);
	ck_assert_double_eq_tol(res[1].utime, 1.0, 1e-6);
	ck_assert_double_eq_tol(res[1].stime, 2.0, 1e-6);
	ck_assert_double_eq_tol(res[0].utime + res[1].utime + res[0].stime + res[1].stime,
				7.5, 1e-6);
}
END_TEST

/* A thread that never recorded its own (killed) takes the rest alone. */
START_TEST(test_record_unrecorded_take_rest)
{
	struct instance_slot slots[2] = {
		{ .state = SLOT_DONE, .utime = 1.0, .stime = 2.0, .status = SK_OK },
		{ .state = SLOT_RUNNING },
	};
	struct instance_result res[2] = { { .utime = 9, .stime = 9 }, { .utime = 9, .stime = 9 } };
	struct rusage ru = threads_ru(1.25, 2.5);

	threads_record(res, slots, 2, &ru);
	ck_assert_double_eq_tol(res[0].utime, 1.0, 1e-6);
	ck_assert_double_eq_tol(res[0].stime, 2.0, 1e-6);
	ck_assert_double_eq_tol(res[1].utime, 0.25, 1e-6);
	ck_assert_double_eq_tol(res[1].stime, 0.5, 1e-6);
}
END_TEST

/* Clocks of different resolution never leave a negative share. */
START_TEST(test_record_never_negative)
{
	struct instance_slot slots[1] = {
		{ .state = SLOT_DONE, .utime = 1.0, .stime = 1.0, .status = SK_OK },
	};
	struct instance_result res[1] = { 0 };
	struct rusage ru = threads_ru(0.99, 0.99);

	threads_record(res, slots, 1, &ru);
	ck_assert_double_eq_tol(res[0].utime, 1.0, 1e-6);
	ck_assert_double_eq_tol(res[0].stime, 1.0, 1e-6);
}
END_TEST

static Suite *threads_suite(void)
{
	Suite *s = suite_create("threads");
	TCase *tc = tcase_create("threads");

	tcase_add_test(tc, test_record_all_share_rest);
	tcase_add_test(tc, test_record_unrecorded_take_rest);
	tcase_add_test(tc, test_record_never_negative);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(threads_suite);
