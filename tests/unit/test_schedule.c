/*
 * test_schedule.c - --redis-rate's due times: request i at t0 + i/rate,
 * none before t0, the count due never ahead of the due times, waits capped.
 */
#include "../../stressors/redis/schedule.h"
#include "unit.h"

START_TEST(test_due_times)
{
	struct sched s;

	sched_start(&s, 1000, 5000000000ull);
	ck_assert_uint_eq(sched_due_at(&s, 0), 5000000000ull);
	ck_assert_uint_eq(sched_due_at(&s, 1), 5001000000ull);
	ck_assert_uint_eq(sched_due_at(&s, 2500), 7500000000ull);
	ck_assert_uint_eq(sched_due(&s, 4999999999ull), 0);
	ck_assert_uint_eq(sched_due(&s, 5000000000ull), 1);
	ck_assert_uint_eq(sched_due(&s, 5000999999ull), 1);
	ck_assert_uint_eq(sched_due(&s, 5001000000ull), 2);
	/* a second later, 1000 more: a late look finds the whole backlog due */
	ck_assert_uint_eq(sched_due(&s, 6000000000ull), 1001);
	/* a rate that is not a whole number of ns apart keeps its average */
	sched_start(&s, 3, 0);
	ck_assert_uint_eq(sched_due_at(&s, 3), 1000000000ull);
	ck_assert_uint_eq(sched_due(&s, 999999999ull), 3);
}
END_TEST

START_TEST(test_due_consistent)
{
	struct sched s;

	/* every request counted due is due: due_at(due(now) - 1) <= now */
	sched_start(&s, 7919, 123456789);
	for (uint64_t now = 123456789; now < 123456789 + 50000000; now += 999983) {
		uint64_t n = sched_due(&s, now);

		ck_assert_uint_ge(n, 1);
		ck_assert_uint_le(sched_due_at(&s, n - 1), now);
		ck_assert_uint_gt(sched_due_at(&s, n), now - 1);
	}
}
END_TEST

START_TEST(test_closed_loop_and_wait)
{
	struct sched s;
	struct timespec t;

	sched_start(&s, 0, 1000);
	ck_assert_uint_eq(sched_due(&s, 0), UINT64_MAX);
	sched_start(&s, 10, 0);
	t = sched_wait(&s, 1, 40000000, 100000000);	/* due at 100 ms */
	ck_assert_int_eq(t.tv_sec, 0);
	ck_assert_int_eq(t.tv_nsec, 60000000);
	t = sched_wait(&s, 1, 200000000, 100000000);	/* already due */
	ck_assert_int_eq(t.tv_sec, 0);
	ck_assert_int_eq(t.tv_nsec, 0);
	t = sched_wait(&s, 30, 0, 100000000);		/* 3 s off: capped */
	ck_assert_int_eq(t.tv_nsec, 100000000);
}
END_TEST

static Suite *schedule_suite(void)
{
	Suite *s = suite_create("schedule");
	TCase *tc = tcase_create("rate");

	tcase_add_test(tc, test_due_times);
	tcase_add_test(tc, test_due_consistent);
	tcase_add_test(tc, test_closed_loop_and_wait);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(schedule_suite);
