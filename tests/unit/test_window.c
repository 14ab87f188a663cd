/*
 * test_window.c - what the measured window leaves off an instance's
 * figures, and the public name of its opening.
 */
#include <unistd.h>

#include "window.h"
#include "unit.h"

START_TEST(test_discount)
{
	struct instance_slot none = { .window_from = UINT64_MAX };	/* no note */
	struct instance_result r = { .started = true,
		.ops = 1000, .duration = 3.0, .utime = 1.0, .stime = 2.0,
		.before.ops = 400, .before.seconds = 1.0, .before.utime = 0.25,
		.before.stime = 0.5,
	};

	window_discount(&r, &none);
	ck_assert_uint_eq(r.ops, 600);
	ck_assert_double_eq_tol(r.duration, 2.0, 1e-12);
	ck_assert_double_eq_tol(r.utime, 0.75, 1e-12);
	ck_assert_double_eq_tol(r.stime, 1.5, 1e-12);
	/* never below zero, whatever the clocks' resolution did */
	r = (struct instance_result){ .ops = 5, .before.ops = 9, .duration = 0.1,
				      .before.seconds = 0.2, .utime = 0.01, .before.utime = 0.02 };
	window_discount(&r, &none);
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
	struct instance_slot s = { .start = 10.0, .window_ops = 420,
				   .window_from = 11500000000ULL };
	struct instance_result r = {
		.started = true, .ops = 1000, .duration = 3.0, .utime = 1.0,
		.before.ops = 700, .before.seconds = 2.5, .before.utime = 0.25,
	};

	window_discount(&r, &s);
	ck_assert_uint_eq(r.ops, 580);
	ck_assert_double_eq_tol(r.duration, 1.5, 1e-9);
	ck_assert_double_eq_tol(r.utime, 0.75, 1e-12);
	/* started after the window opened: nothing is taken off */
	s = (struct instance_slot){ .start = 10.0, .window_from = 0 };
	r = (struct instance_result){ .started = true, .ops = 50, .duration = 1.0,
				      .before.ops = 3, .before.seconds = 0.1 };
	window_discount(&r, &s);
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
	window_snapshot(&r, &s, getpid(), false);
	ck_assert_uint_eq(r.before.ops, 77);
	ck_assert(r.before.seconds >= 0.5 && r.before.seconds < 5);
	ck_assert(r.before.utime >= 0 && r.before.stime >= 0);
	s.state = SLOT_DONE;
	s.stop = s.start + 0.25;
	window_snapshot(&r, &s, getpid(), true);
	ck_assert_double_eq_tol(r.before.seconds, 0.25, 1e-9);
}
END_TEST

/* 1.0's ctx->warmup still reads and writes ctx->window_at: a plugin's
 * source of ABI 1.0 builds, with a deprecation warning, and means the
 * same (stressor.h keeps it as an alias in an anonymous union). */
START_TEST(test_warmup_alias)
{
	struct stressor_ctx ctx = { .window_at = 2.5 };

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
	ck_assert_ptr_eq(&ctx.warmup, &ctx.window_at);
	ck_assert_double_eq(ctx.warmup, 2.5);
	ctx.warmup = 0.5;
#pragma GCC diagnostic pop
	ck_assert_double_eq(ctx.window_at, 0.5);
}
END_TEST

static Suite *window_suite(void)
{
	Suite *s = suite_create("window");
	TCase *tc = tcase_create("window");

	tcase_add_test(tc, test_discount);
	tcase_add_test(tc, test_discount_own_note);
	tcase_add_test(tc, test_snapshot);
	tcase_add_test(tc, test_warmup_alias);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(window_suite);
