/* test_warmup.c - what --warmup takes off an instance's figures. */
#include <unistd.h>

#include "warmup.h"
#include "unit.h"

START_TEST(test_discount)
{
	struct instance_slot none = { .lat_from = UINT64_MAX };	/* no note */
	struct instance_result r = { .started = true,
		.ops = 1000, .duration = 3.0, .utime = 1.0, .stime = 2.0,
		.warm_ops = 400, .warm_skip = 1.0, .warm_utime = 0.25,
		.warm_stime = 0.5,
	};

	warmup_discount(&r, &none);
	ck_assert_uint_eq(r.ops, 600);
	ck_assert_double_eq_tol(r.duration, 2.0, 1e-12);
	ck_assert_double_eq_tol(r.utime, 0.75, 1e-12);
	ck_assert_double_eq_tol(r.stime, 1.5, 1e-12);
	/* never below zero, whatever the clocks' resolution did */
	r = (struct instance_result){ .ops = 5, .warm_ops = 9, .duration = 0.1,
				      .warm_skip = 0.2, .utime = 0.01, .warm_utime = 0.02 };
	warmup_discount(&r, &none);
	ck_assert_uint_eq(r.ops, 0);
	ck_assert_double_eq(r.duration, 0);
	ck_assert_double_eq(r.utime, 0);
}
END_TEST

/*
 * The instance's own note, where it made one, is the boundary for ops and
 * run time (the latency histograms' too), whatever the controller's
 * later snapshot read; CPU time stays the snapshot's.
 */
START_TEST(test_discount_own_note)
{
	struct instance_slot s = { .start = 10.0, .warm_ops = 420,
				   .lat_from = 11500000000ULL };
	struct instance_result r = {
		.started = true, .ops = 1000, .duration = 3.0, .utime = 1.0,
		.warm_ops = 700, .warm_skip = 2.5, .warm_utime = 0.25,
	};

	warmup_discount(&r, &s);
	ck_assert_uint_eq(r.ops, 580);
	ck_assert_double_eq_tol(r.duration, 1.5, 1e-9);
	ck_assert_double_eq_tol(r.utime, 0.75, 1e-12);
	/* started after the warmup ended: nothing of it is taken off */
	s = (struct instance_slot){ .start = 10.0, .lat_from = 0 };
	r = (struct instance_result){ .started = true, .ops = 50, .duration = 1.0,
				      .warm_ops = 3, .warm_skip = 0.1 };
	warmup_discount(&r, &s);
	ck_assert_uint_eq(r.ops, 50);
	ck_assert_double_eq(r.duration, 1.0);
}
END_TEST

/* A snapshot of a running slot reads the time run so far and the ops. */
START_TEST(test_snapshot)
{
	struct instance_slot s = { .ops = 77, .state = SLOT_RUNNING };
	struct instance_result r = { 0 };

	s.start = sk_now() - 0.5;
	s.tid = getpid();
	warmup_snapshot(&r, &s, getpid(), false);
	ck_assert_uint_eq(r.warm_ops, 77);
	ck_assert(r.warm_skip >= 0.5 && r.warm_skip < 5);
	ck_assert(r.warm_utime >= 0 && r.warm_stime >= 0);
	s.state = SLOT_DONE;
	s.stop = s.start + 0.25;
	warmup_snapshot(&r, &s, getpid(), true);
	ck_assert_double_eq_tol(r.warm_skip, 0.25, 1e-9);
}
END_TEST

static Suite *warmup_suite(void)
{
	Suite *s = suite_create("warmup");
	TCase *tc = tcase_create("warmup");

	tcase_add_test(tc, test_discount);
	tcase_add_test(tc, test_discount_own_note);
	tcase_add_test(tc, test_snapshot);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(warmup_suite);
