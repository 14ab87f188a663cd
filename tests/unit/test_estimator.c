/*
 * test_estimator.c - the estimators of a run's fine windows (estimator.h)
 * on windows made by hand: the envelope reads the fast windows and leaves
 * dips out, the mean reads them all; windows of another length or whose
 * edges were read slowly are not used; slow windows and slow passes are
 * counted against the envelope; and the sampler's fine windows hold every
 * op counted before the stop.
 */
#include <math.h>
#include <string.h>

#include "estimator.h"
#include "sampler.h"
#include "unit.h"

#define N 20

/* 20 windows of 50 ms at 1000 ops each (20000 ops/s), some dipped. */
static void windows(uint64_t *ops, double *len, double *cpu, double *skew)
{
	for (int i = 0; i < N; i++) {
		ops[i] = 1000;
		len[i] = 0.05;
		cpu[i] = 0.05;
		skew[i] = 0;
	}
}

START_TEST(test_quantile)
{
	double v[] = { 5, 1, 4, 2, 3 };

	ck_assert_double_eq_tol(estimator_quantile(v, 5, 0.5), 3, 1e-12);
	ck_assert_double_eq_tol(v[0], 1, 1e-12);	/* sorted in place */
	ck_assert_double_eq_tol(estimator_quantile(v, 5, 0.95), 4.8, 1e-12);
	ck_assert_double_eq_tol(estimator_quantile(v, 5, 1), 5, 1e-12);
	ck_assert(isnan(estimator_quantile(v, 0, 0.5)));
}
END_TEST

START_TEST(test_envelope_leaves_dips_out)
{
	uint64_t ops[N];
	double len[N], cpu[N], skew[N];
	struct estimator_windows w = { ops, len, cpu, skew, N, 0.05 };
	const struct estimator *env = estimator_find("envelope");
	const struct estimator *mean = estimator_find("mean");

	windows(ops, len, cpu, skew);
	/* a stall: 4 windows at half speed, their CPU time halved too */
	for (int i = 5; i < 9; i++) {
		ops[i] = 500;
		cpu[i] = 0.025;
	}
	ck_assert_ptr_nonnull(env);
	ck_assert_ptr_nonnull(mean);
	ck_assert_double_eq_tol(env->figure(&w, ESTIMATOR_REAL_TIME), 20000, 1e-6);
	ck_assert_double_eq_tol(mean->figure(&w, ESTIMATOR_REAL_TIME), 18000, 1e-6);
	/* per CPU-second the stall costs nothing: every window's op is alike */
	ck_assert_double_eq_tol(env->figure(&w, ESTIMATOR_CPU_TIME), 20000, 1e-6);
	ck_assert_double_eq_tol(mean->figure(&w, ESTIMATOR_CPU_TIME), 20000, 1e-6);
	/* and the dip is counted: 4 of 20 windows 10% or more below */
	ck_assert_double_eq_tol(estimator_slow_pct(&w, ESTIMATOR_REAL_TIME, 20000), 20, 1e-9);
	ck_assert_double_eq_tol(estimator_slow_pct(&w, ESTIMATOR_CPU_TIME, 20000), 0, 1e-9);
}
END_TEST

START_TEST(test_unusable_windows)
{
	uint64_t ops[N];
	double len[N], cpu[N], skew[N];
	struct estimator_windows w = { ops, len, cpu, skew, N, 0.05 };
	const struct estimator *env = estimator_find("envelope");

	windows(ops, len, cpu, skew);
	/* a window twice as long (a late wake-up) counting 3x: not used */
	len[3] = 0.1;
	ops[3] = 3000;
	/* a window whose edge reading took 1 ms, counting 1.5x: not used */
	skew[7] = 0.001;
	ops[7] = 1500;
	ck_assert(!estimator_window_usable(&w, 3, ESTIMATOR_REAL_TIME));
	ck_assert(!estimator_window_usable(&w, 7, ESTIMATOR_REAL_TIME));
	ck_assert(estimator_window_usable(&w, 4, ESTIMATOR_REAL_TIME));
	ck_assert_uint_eq(estimator_usable(&w, ESTIMATOR_REAL_TIME), N - 2);
	ck_assert_double_eq_tol(env->figure(&w, ESTIMATOR_REAL_TIME), 20000, 1e-6);
	/* no CPU time known: no figure per CPU-second, the real-time one stands */
	w.cpu = NULL;
	ck_assert(isnan(env->figure(&w, ESTIMATOR_CPU_TIME)));
	ck_assert(isnan(estimator_find("mean")->figure(&w, ESTIMATOR_CPU_TIME)));
	/* too few usable windows: no envelope */
	w.n = ESTIMATOR_MIN_WINDOWS - 1;
	ck_assert(isnan(env->figure(&w, ESTIMATOR_REAL_TIME)));
	ck_assert_ptr_null(estimator_find("median"));
}
END_TEST

START_TEST(test_fast_passes)
{
	const double v[] = { 100, 99, 85, 101, 97.9, 98 };
	double out[6];

	/* 85 and 97.9 are 3% or more below 101: a slow stretch's passes;
	 * 98 is less than 3% below it */
	ck_assert_uint_eq(estimator_fast_passes(v, 6, out), 4);
	ck_assert_double_eq_tol(out[0], 100, 1e-12);
	ck_assert_double_eq_tol(out[1], 99, 1e-12);
	ck_assert_double_eq_tol(out[2], 101, 1e-12);
	ck_assert_double_eq_tol(out[3], 98, 1e-12);
	ck_assert_uint_eq(estimator_fast_passes(v, 0, out), 0);
}
END_TEST

/* The sampler's fine windows: every op counted up to the stop, none twice. */
START_TEST(test_sampler_fine_windows)
{
	struct sampler_opts o = { .interval = 1, .window = 3 };
	struct stressor stressor = { .name = "fake" };
	struct plan_entry entry = { .stressor = &stressor, .instances = 1 };
	struct instance_result inst = { 0 };
	struct instance_slot slot;
	struct stressor_result sr = { .entry = &entry, .n = 1, .inst = &inst };
	struct run_result res = { .s = &sr, .n = 1 };
	struct sampler *s = sampler_new(&o);
	const struct sampler_series *p;
	const double *len, *skew;
	double left = 100, at = 0;
	uint64_t sum = 0;
	size_t n;

	memset(&slot, 0, sizeof(slot));
	slot.window_from = 1;	/* the window is open */
	ck_assert_int_eq(sampler_begin(s, &res, at), 0);
	sampler_bind(s, &inst, &slot, 0, true);
	for (int t = 1; t <= 30; t++) {
		slot.ops += 100u * (unsigned)t;
		at = t * SAMPLER_FINE_MS / 1e3 + 1e-6;	/* just past each due time */
		sampler_poll(s, at, &left);
	}
	sampler_stop(s, at + 0.01);
	sampler_end(s);
	n = sampler_fine(s, &len, &skew);
	p = sampler_series(s, 0);
	ck_assert_uint_eq(n, 30);
	for (size_t i = 0; i < n; i++) {
		ck_assert_uint_eq(p->fine_ops[i], 100 * (i + 1));
		ck_assert_double_eq_tol(len[i], SAMPLER_FINE_MS / 1e3, 1e-3);
		ck_assert(skew[i] < 1e-3);
		ck_assert(isnan(p->fine_cpu[i]));	/* thread mode: no clock */
		sum += p->fine_ops[i];
	}
	ck_assert_uint_eq(sum, slot.ops);
	sampler_free(s);
}
END_TEST

static Suite *estimator_suite(void)
{
	Suite *s = suite_create("estimator");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_quantile);
	tcase_add_test(tc, test_envelope_leaves_dips_out);
	tcase_add_test(tc, test_unusable_windows);
	tcase_add_test(tc, test_fast_passes);
	tcase_add_test(tc, test_sampler_fine_windows);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_SUITE(estimator_suite);
