/*
 * test_steady.c - the series figures against hand-computed values (slope,
 * range, CV, the steady-state spec), and the sampler on a synthetic run:
 * counters advanced by hand between polls, so every interval's ops, the
 * tail folded into the last one and the exact sums are known.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

#include "cost.h"
#include "sampler.h"
#include "steady.h"
#include "unit.h"

START_TEST(test_slope)
{
	const double x[] = { 0, 1, 2, 3 }, y[] = { 10, 12, 14, 16 };
	const double x2[] = { 0.5, 1.5, 2.5 }, y2[] = { 9, 11, 10 };
	const double flat[] = { 100, 100, 100 }, down[] = { 16, 14, 12, 10 };
	const double same_x[] = { 1, 1, 1 };

	/* slope 2 per second over a mean of 13: 200/13 % */
	ck_assert_double_eq_tol(steady_slope_pct(x, y, 4), 200.0 / 13.0, 1e-9);
	/* sxy = 1, sxx = 2: slope 0.5 over a mean of 10 */
	ck_assert_double_eq_tol(steady_slope_pct(x2, y2, 3), 5.0, 1e-9);
	ck_assert_double_eq_tol(steady_slope_pct(x, down, 4), 200.0 / 13.0, 1e-9);
	ck_assert_double_eq(steady_slope_pct(x2, flat, 3), 0);
	ck_assert_double_eq(steady_slope_pct(same_x, y2, 3), 0);
	ck_assert_double_eq(steady_slope_pct(x, y, 1), 0);
}
END_TEST

START_TEST(test_range_cv)
{
	const double y[] = { 90, 110, 100 };
	const double v[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	const double zero[] = { 0, 0 };

	ck_assert_double_eq_tol(steady_range_pct(y, 3), 20.0, 1e-9);
	ck_assert_double_eq_tol(steady_mean(v, 8), 5.0, 1e-12);
	ck_assert_double_eq(steady_range_pct(zero, 2), 0);
	ck_assert_double_eq(steady_range_pct(y, 0), 0);
}
END_TEST

START_TEST(test_spec)
{
	struct steady_spec s;
	const char *bad[] = {
		"ops_slope:abc", "ops_slope:", "ops_slope:0", "ops_slope:-1",
		"ops_slope:1%%", "ops_slope:1x", "iops_slope:1", "ops_range",
		"ops_slope:1e9", "ops_slope: 1", "ops_slope:nan", "", NULL,
	};

	ck_assert_int_eq(steady_parse("ops_slope:0.5%", &s), 0);
	ck_assert_int_eq(s.kind, STEADY_SLOPE);
	ck_assert_double_eq(s.limit_pct, 0.5);
	ck_assert_int_eq(steady_parse("ops_range:10", &s), 0);
	ck_assert_int_eq(s.kind, STEADY_RANGE);
	ck_assert_double_eq(s.limit_pct, 10);
	ck_assert(steady_holds(&s, 50, 10));
	ck_assert(!steady_holds(&s, 0, 10.01));
	s.kind = STEADY_SLOPE;
	ck_assert(steady_holds(&s, 10, 50));
	ck_assert(!steady_holds(&s, 10.5, 0));
	for (int i = 0; bad[i]; i++)
		ck_assert_msg(steady_parse(bad[i], &s) == -EINVAL, "%s accepted", bad[i]);
	ck_assert_int_eq(steady_parse(NULL, &s), -EINVAL);
}
END_TEST

START_TEST(test_opts)
{
	static const char *const bad[] = {
		"--sample-interval 0",			/* under 10 ms */
		"--sample-interval 9ms",		/* under 10 ms */
		"--sample-interval 0.01 --steady-state-window 0.015",	/* not two intervals */
		"--steady-state-window 0",
		"--status-interval 0",			/* given, so not "none" */
		"--steady-state ops_slope:abc",
	};
	struct cli_config cfg;
	const struct sampler_opts *so;
	char err[256], line[128];
	size_t mode = run_mode_index(run_mode_find("sampler"));

	/* the defaults and values come from the option rows, parsed once */
	ck_assert_int_eq(unit_parse_line("--pipe 1", &cfg, err, sizeof(err)), 0);
	so = cfg.mode_opts[mode];
	ck_assert_double_eq(so->interval, 1.0);
	ck_assert_double_eq(so->window, 10.0);
	ck_assert_double_eq(so->status, 0);
	ck_assert_int_eq(so->steady.kind, STEADY_NONE);
	cli_free(&cfg);
	ck_assert_int_eq(unit_parse_line("--pipe 1 --sample-interval 10ms --status-interval 2m "
					 "--steady-state ops_range:5% --steady-state-window 0.02",
					 &cfg, err, sizeof(err)), 0);
	so = cfg.mode_opts[mode];
	ck_assert_double_eq(so->interval, 0.01);
	ck_assert_double_eq(so->status, 120);
	ck_assert_double_eq(so->window, 0.02);
	ck_assert_int_eq(so->steady.kind, STEADY_RANGE);
	cli_free(&cfg);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(line, sizeof(line), "--pipe 1 %s", bad[i]);
		ck_assert_msg(unit_parse_line(line, &cfg, err, sizeof(err)) == -EINVAL,
			      "%s accepted", line);
		cli_free(&cfg);
	}
	unit_parse_line("--pipe 1 --sample-interval 0", &cfg, err, sizeof(err));
	ck_assert_str_eq(err, "invalid --sample-interval '0': expected a time of at least "
			 "10ms, like 1, 0.1, 10ms (suffixes ms s m h d w y)");
	cli_free(&cfg);
	/* two options: each quoted as typed, or named as the default */
	unit_parse_line("--pipe 1 --steady-state-window 0.5m --sample-interval 20s",
			&cfg, err, sizeof(err));
	ck_assert_str_eq(err, "--steady-state-window '0.5m' holds fewer than two "
			 "--sample-interval '20s' intervals");
	cli_free(&cfg);
	unit_parse_line("--pipe 1 --sample-interval 6", &cfg, err, sizeof(err));
	ck_assert_str_eq(err, "--steady-state-window 10s (the default) holds fewer than "
			 "two --sample-interval '6' intervals");
	cli_free(&cfg);
}
END_TEST

/* One stressor of two instances, counted by hand. */
struct fake_run {
	struct plan_entry entry;
	struct stressor stressor;
	struct stressor_result sr;
	struct run_result res;
	struct instance_result inst[2];
	struct instance_slot slot[2];
};

static void fake_run_init(struct fake_run *f)
{
	memset(f, 0, sizeof(*f));
	f->stressor.name = "fake";
	f->entry.stressor = &f->stressor;
	f->entry.instances = 2;
	f->sr = (struct stressor_result){ .entry = &f->entry, .n = 2, .inst = f->inst };
	f->res = (struct run_result){ .s = &f->sr, .n = 1 };
}

START_TEST(test_sampler_sums)
{
	struct sampler_opts o = { .interval = 1, .window = 3 };
	const struct sampler_series *p;
	struct fake_run f;
	struct sampler *s;
	double left = 100, start, len;
	/* per-second counts of instance 0 and 1 */
	const uint64_t add[4][2] = { { 100, 50 }, { 100, 60 }, { 100, 40 }, { 100, 50 } };

	ck_assert(sampler_window_fits(&o));
	fake_run_init(&f);
	s = sampler_new(&o);
	ck_assert_ptr_nonnull(s);
	/* instance 1 ran a --warmup: the controller's snapshot read 7 ops,
	 * the instance counted 2 more before it saw the warmup end and noted
	 * 9 (window.c): the series count from 9, as the figures do */
	f.inst[1].before.ops = 7;
	f.slot[1].ops = 7;
	f.slot[1].window_from = UINT64_MAX;
	ck_assert_int_eq(sampler_begin(s, &f.res, 1000.0), 0);
	for (int k = 0; k < 2; k++)
		sampler_bind(s, &f.inst[k], &f.slot[k], 0, true);
	ck_assert(!sampler_poll(s, 1000.5, &left));	/* not due yet */
	/* the next fine window is (SAMPLER_FINE_MS), before the next interval */
	ck_assert_double_eq_tol(left, SAMPLER_FINE_MS / 1e3, 1e-9);
	f.slot[1].ops = f.slot[1].window_ops = 9;
	f.slot[1].window_from = 1;
	for (int t = 0; t < 4; t++) {
		f.slot[0].ops += add[t][0];
		f.slot[1].ops += add[t][1];
		ck_assert(!sampler_poll(s, 1001.0 + t, &left));
	}
	/* 0.25 s more, then the stop; 3 and 2 ops land after it */
	f.slot[0].ops += 25;
	sampler_stop(s, 1004.25);
	f.inst[0].ops = f.slot[0].ops + 3;
	f.inst[1].ops = f.slot[1].ops + 2;
	sampler_end(s);
	f.inst[1].before.ops = 9;		/* as window_discount takes it */

	ck_assert_uint_eq(sampler_intervals(s), 5);
	p = sampler_series(s, 0);
	ck_assert_uint_eq(p->n_inst, 2);
	for (int t = 0; t < 4; t++) {
		sampler_interval(s, t, &start, &len);
		ck_assert_double_eq_tol(start, t, 1e-9);
		ck_assert_double_eq_tol(len, 1, 1e-9);
		ck_assert_uint_eq(p->ops[t * 2], add[t][0]);
		ck_assert_uint_eq(p->ops[t * 2 + 1], add[t][1]);
		ck_assert_double_eq_tol(p->rate[t], add[t][0] + add[t][1], 1e-6);
		ck_assert(isnan(p->cpu[t * 2]));	/* thread mode: no CPU clock */
	}
	sampler_interval(s, 4, &start, &len);
	ck_assert_double_eq_tol(len, 0.25, 1e-9);
	ck_assert_uint_eq(p->ops[8], 28);
	ck_assert_uint_eq(p->ops[9], 2);
	/* the sums: every instance's total less its warmup */
	for (int k = 0; k < 2; k++) {
		uint64_t sum = 0;

		for (size_t t = 0; t < 5; t++)
			sum += p->ops[t * 2 + k];
		ck_assert_uint_eq(sum, f.inst[k].ops - f.inst[k].before.ops);
	}
	/* the last 3 full intervals: 160, 140, 150 ops/s; the 0.25 s tail
	 * is left out. Range 20/150, slope -5/s over 150. */
	ck_assert(p->window_full);
	ck_assert_uint_eq(p->window_n, 3);
	ck_assert_double_eq_tol(p->window_start, 1, 1e-9);
	ck_assert_double_eq_tol(p->window_mean, 150, 1e-9);
	ck_assert_double_eq_tol(p->range_pct, 100.0 * 20 / 150, 1e-9);
	ck_assert_double_eq_tol(p->slope_pct, 100.0 * 5 / 150, 1e-9);
	ck_assert(!p->steady);		/* 3.3%/s > the default 1% */
	sampler_free(s);
}
END_TEST

START_TEST(test_sampler_steady_stop)
{
	struct sampler_opts o = {
		.interval = 1, .window = 3,
		.steady = { .kind = STEADY_RANGE, .limit_pct = 5 },
	};
	struct fake_run f;
	struct sampler *s;
	double left = 100, at;
	const uint64_t rate[] = { 10, 200, 100, 102, 101, 100 };
	int stopped = -1;

	ck_assert(sampler_window_fits(&o));
	fake_run_init(&f);
	s = sampler_new(&o);
	sampler_begin(s, &f.res, 0.0);
	for (int k = 0; k < 2; k++)
		sampler_bind(s, &f.inst[k], &f.slot[k], 0, true);
	for (int t = 0; t < 6 && stopped < 0; t++) {
		f.slot[0].ops += rate[t];
		if (sampler_poll(s, 1.0 + t, &left))
			stopped = t;
	}
	/* 100, 102, 101 is the first window within 5%: after t = 4 */
	ck_assert_int_eq(stopped, 4);
	ck_assert(sampler_steady_reached(s, &at));
	ck_assert_double_eq_tol(at, 5.0, 1e-9);
	ck_assert(!sampler_poll(s, 5.5, &left));	/* told once */
	sampler_stop(s, 5.5);
	f.inst[0].ops = f.slot[0].ops;
	sampler_end(s);
	/* the steady window's figures are kept */
	ck_assert(sampler_series(s, 0)->steady);
	ck_assert_double_eq_tol(sampler_series(s, 0)->window_mean, 101, 1e-9);
	ck_assert_double_eq_tol(sampler_series(s, 0)->range_pct, 100.0 * 2 / 101, 1e-9);
	sampler_free(s);
}
END_TEST

/* Cost per bogo-op from hand-set rusage, times and counts. */
START_TEST(test_cost)
{
	struct instance_result inst[2] = {
		{ .nvcsw = 30, .nivcsw = 5 }, { .nvcsw = 10, .nivcsw = 15 },
	};
	struct stressor_result sr = { .n = 2, .inst = inst };
	struct stressor_summary sum = { .name = "fake", .ops = 4000, .utime = 0.003,
					.stime = 0.005 };
	struct cost_counted cc = { 0 };
	struct cost c;

	cost_compute(&sr, &sum, NULL, &c);
	ck_assert(c.have);
	ck_assert_double_eq_tol(c.cpu_usec, 2.0, 1e-9);		/* 8000 us / 4000 */
	ck_assert_double_eq_tol(c.vcsw, 0.01, 1e-12);		/* 40 / 4000 */
	ck_assert_double_eq_tol(c.ivcsw, 0.005, 1e-12);		/* 20 / 4000 */
	ck_assert(!c.have_cycles && !c.have_insns);
	cc.have_cycles = cc.have_insns = true;
	cc.cycles = 8e6;
	cc.insns = 12e6;
	cc.have_ipc = true;
	cc.ipc = 1.5;
	cost_compute(&sr, &sum, &cc, &c);
	ck_assert_double_eq_tol(c.cycles, 2000, 1e-9);
	ck_assert_double_eq_tol(c.insns, 3000, 1e-9);
	ck_assert_double_eq_tol(c.ipc, 1.5, 1e-12);
	sum.ops = 0;
	cost_compute(&sr, &sum, &cc, &c);
	ck_assert(!c.have);
}
END_TEST

static Suite *steady_suite(void)
{
	Suite *s = suite_create("steady");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_slope);
	tcase_add_test(tc, test_range_cv);
	tcase_add_test(tc, test_spec);
	tcase_add_test(tc, test_opts);
	tcase_add_test(tc, test_sampler_sums);
	tcase_add_test(tc, test_sampler_steady_stop);
	tcase_add_test(tc, test_cost);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_SUITE(steady_suite);
