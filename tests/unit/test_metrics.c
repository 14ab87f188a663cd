/* test_metrics.c - means, per-stressor aggregation and the table's format. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "metrics.h"
#include "report.h"
#include "unit.h"

START_TEST(test_means)
{
	const double v[] = { 1, 4, 16 };
	const double z[] = { 2, 0 };

	ck_assert_double_eq_tol(mean_geometric(v, 3), 4.0, 1e-12);
	ck_assert_double_eq_tol(mean_harmonic(v, 3), 3.0 / (1 + 0.25 + 0.0625), 1e-12);
	ck_assert_double_eq_tol(mean_arithmetic(v, 3), 7.0, 1e-12);
	ck_assert_double_eq(mean_geometric(v, 0), 0);
	ck_assert_double_eq(mean_harmonic(z, 2), 0);
	ck_assert_double_eq(mean_geometric(z, 2), 0);
	ck_assert_str_eq(mean_name(MEAN_GEOMETRIC), "geometric mean");
	ck_assert_str_eq(mean_name(MEAN_HARMONIC), "harmonic mean");
}
END_TEST

static const struct stressor fake = { .name = "pipe" };
static const struct plan_entry fake_entry = { .stressor = &fake, .instances = 2 };
static const char rate_desc[] = "MB per sec pipe write rate";

static void fill(struct stressor_result *sr, struct instance_result *inst)
{
	memset(inst, 0, 2 * sizeof(*inst));
	for (int k = 0; k < 2; k++) {
		inst[k].started = inst[k].finished = true;
		inst[k].duration = k ? 3.0 : 2.0;
		inst[k].ops = k ? 900 : 400;
		inst[k].utime = 0.25;
		inst[k].stime = 0.75;
		inst[k].maxrss_kb = k ? 2000 : 3000;
		inst[k].n_metrics = 1;
		inst[k].metrics[0] = (struct instance_metric_slot){
			.desc = rate_desc, .value = k ? 8.0 : 2.0,
			.mean = MEAN_GEOMETRIC, .higher_is_better = 1,
		};
	}
	*sr = (struct stressor_result){ .entry = &fake_entry, .n = 2, .inst = inst };
}

START_TEST(test_summarize)
{
	struct instance_result inst[2];
	struct stressor_result sr;
	struct stressor_summary s;

	fill(&sr, inst);
	metrics_summarize(&sr, &s);
	ck_assert_str_eq(s.name, "pipe");
	ck_assert_uint_eq(s.ops, 1300);
	ck_assert_double_eq_tol(s.real_time, 2.5, 1e-12);
	ck_assert_double_eq_tol(s.utime, 0.5, 1e-12);
	ck_assert_double_eq_tol(s.stime, 1.5, 1e-12);
	ck_assert_double_eq_tol(s.ops_per_sec_real, 1300 / 2.5, 1e-9);
	ck_assert_double_eq_tol(s.ops_per_sec_cpu, 1300 / 2.0, 1e-9);
	ck_assert_double_eq_tol(s.cpu_percent, 100.0 * 2.0 / 2.5 / 2, 1e-9);
	ck_assert_int_eq(s.maxrss_kb, 3000);
	ck_assert_double_eq_tol(s.inst_rate_min, 200, 1e-9);
	ck_assert_double_eq_tol(s.inst_rate_max, 300, 1e-9);
	ck_assert_uint_eq(s.n_metrics, 1);
	ck_assert_double_eq_tol(s.metrics[0].value, 4.0, 1e-12);
	ck_assert_uint_eq(s.metrics[0].n, 2);
	ck_assert(!s.untrustworthy);
}
END_TEST

START_TEST(test_summarize_rate_zero)
{
	struct instance_result inst[2];
	struct stressor_result sr;
	struct stressor_summary s;

	/* the stop came before instance 0's first op: its rate of 0 is
	 * left out of the geometric mean, and the count says so */
	fill(&sr, inst);
	inst[0].ops = 0;
	inst[0].metrics[0].value = 0;
	metrics_summarize(&sr, &s);
	ck_assert_double_eq_tol(s.metrics[0].value, 8.0, 1e-12);
	ck_assert_uint_eq(s.metrics[0].n, 1);
	/* a total keeps every instance */
	inst[0].metrics[0].mean = inst[1].metrics[0].mean = MEAN_TOTAL;
	metrics_summarize(&sr, &s);
	ck_assert_double_eq_tol(s.metrics[0].value, 8.0, 1e-12);
	ck_assert_uint_eq(s.metrics[0].n, 2);
}
END_TEST

START_TEST(test_summarize_torn)
{
	struct instance_result inst[2];
	struct stressor_result sr;
	struct stressor_summary s;

	fill(&sr, inst);
	inst[1].torn = true;
	metrics_summarize(&sr, &s);
	/* a torn counter is never summed */
	ck_assert_uint_eq(s.ops, 400);
	ck_assert(s.untrustworthy);
}
END_TEST

/* The table of s as report_table prints it, in out. */
static void print_table(struct stressor_summary *s, bool full, char *out, size_t len)
{
	struct unit_capture c;

	unit_capture_begin(&c, STDOUT_FILENO);
	report_table(s, 1, full, NULL, NULL);
	unit_capture_end(&c, out, len);
}

START_TEST(test_table_format)
{
	struct instance_result inst[2];
	struct stressor_result sr;
	struct stressor_summary s;
	char out[8192];

	fill(&sr, inst);
	metrics_summarize(&sr, &s);
	log_set_prefix("stress-ng");
	log_set_pid(17000);
	print_table(&s, false, out, sizeof(out));
	ck_assert_str_eq(out,
		"stress-ng: metrc: [17000] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n"
		"stress-ng: metrc: [17000]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)\n"
		"stress-ng: metrc: [17000] pipe               1300      2.50      0.50      1.50       520.00         650.00\n"
		"stress-ng: metrc: [17000] miscellaneous metrics:\n"
		"stress-ng: metrc: [17000] pipe                   4.00 MB per sec pipe write rate (geometric mean of 2 instances)\n");
	print_table(&s, true, out, sizeof(out));
	ck_assert_ptr_nonnull(strstr(out,
		"stress-ng: metrc: [17000] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s CPU used per       RSS Max\n"
		"stress-ng: metrc: [17000]                           (secs)    (secs)    (secs)   (real time) (usr+sys time) instance (%)          (KB)\n"
		"stress-ng: metrc: [17000] pipe               1300      2.50      0.50      1.50       520.00         650.00        40.00          3000\n"));
	log_set_prefix("stresskit");
}
END_TEST

static Suite *metrics_suite(void)
{
	Suite *s = suite_create("metrics");
	TCase *tc = tcase_create("aggregate");

	tcase_add_test(tc, test_means);
	tcase_add_test(tc, test_summarize);
	tcase_add_test(tc, test_summarize_rate_zero);
	tcase_add_test(tc, test_summarize_torn);
	tcase_add_test(tc, test_table_format);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(metrics_suite);
