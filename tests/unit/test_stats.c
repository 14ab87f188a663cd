/*
 * test_stats.c - the statistics of --repeat and compare: mean, population
 * stddev, median, and the significance rule's every outcome; the series
 * read back from a results document and stress-ng's YAML key names.
 */
#include <errno.h>
#include <jansson.h>

#include "results.h"
#include "series_figures.h"
#include "stats.h"
#include "unit.h"

START_TEST(test_mean_stddev_median)
{
	const double v[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	const double odd[] = { 9, 1, 5 };
	struct stats s;

	stats_compute(v, 8, &s);
	ck_assert_double_eq_tol(s.mean, 5.0, 1e-12);
	/* population stddev of the textbook example is exactly 2 */
	ck_assert_double_eq_tol(s.stddev, 2.0, 1e-12);
	ck_assert_double_eq_tol(stats_stddev_pct(&s), 40.0, 1e-9);
	ck_assert_double_eq_tol(s.median, 4.5, 1e-12);
	ck_assert_double_eq(s.min, 2);
	ck_assert_double_eq(s.max, 9);

	stats_compute(odd, 3, &s);
	ck_assert_double_eq(s.median, 5);
	ck_assert_double_eq(s.mean, 5);
	ck_assert_double_eq(odd[0], 9);	/* input left unsorted */

	stats_compute(v, 0, &s);
	ck_assert_uint_eq(s.n, 0);
	ck_assert_double_eq(s.mean, 0);
	ck_assert_double_eq(stats_stddev_pct(&s), 0);
}
END_TEST

static enum stats_verdict judge(const double *b, size_t nb, const double *n, size_t nn)
{
	struct stats sb, sn;

	stats_compute(b, nb, &sb);
	stats_compute(n, nn, &sn);
	return stats_judge(&sb, &sn);
}

/* The spread of instances' rates (timeseries.c's fairness): CV in %. */
START_TEST(test_cv_pct)
{
	const double v[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	const double y[] = { 90, 110, 100 };
	const double zero[] = { 0, 0 };

	/* sample variance 32/7 over a mean of 5 */
	ck_assert_double_eq_tol(stats_cv_pct(v, 8), 100.0 * sqrt(32.0 / 7.0) / 5.0, 1e-9);
	ck_assert_double_eq_tol(stats_cv_pct(v, 8), 42.761798705, 1e-6);
	/* sd of {90, 110, 100} is 10: 10% */
	ck_assert_double_eq_tol(stats_cv_pct(y, 3), 10.0, 1e-9);
	ck_assert_double_eq(stats_cv_pct(y, 1), 0);
	ck_assert_double_eq(stats_cv_pct(zero, 2), 0);
}
END_TEST

START_TEST(test_significance)
{
	const double base[] = { 100, 101, 99 };
	const double up[] = { 110, 111, 109 };
	const double down[] = { 90, 91, 89 };
	const double overlap[] = { 95, 100, 110 };	/* +1.7%, base median inside */
	const double tiny[] = { 100.5, 100.6, 100.4 };	/* apart but < 1% */
	const double wide[] = { 50, 150, 200 };	/* base median 100 is inside */
	struct stats sb, sn;

	ck_assert_int_eq(judge(base, 3, up, 3), STATS_CHANGED);
	ck_assert_int_eq(judge(base, 3, down, 3), STATS_CHANGED);
	ck_assert_int_eq(judge(base, 3, overlap, 3), STATS_SAME);
	ck_assert_int_eq(judge(base, 3, tiny, 3), STATS_SAME);
	ck_assert_int_eq(judge(base, 3, wide, 3), STATS_SAME);
	ck_assert_int_eq(judge(base, 2, up, 3), STATS_TOO_FEW);
	ck_assert_int_eq(judge(base, 3, up, 1), STATS_TOO_FEW);

	stats_compute(base, 3, &sb);
	stats_compute(up, 3, &sn);
	ck_assert_double_eq_tol(stats_change_pct(&sb, &sn), 10.0, 1e-9);
	stats_compute(down, 3, &sn);
	ck_assert_double_eq_tol(stats_change_pct(&sb, &sn), -10.0, 1e-9);
}
END_TEST

START_TEST(test_series_from_doc)
{
	const char *text =
		"{\"runs\": ["
		" {\"metrics\": [{\"stressor\": \"sendfile\", \"bogo-ops\": 10,"
		"   \"bogo-ops-per-second-real-time\": 5.0,"
		"   \"extra-metrics\": [{\"description\": \"MB per sec sent to /dev/null\","
		"     \"value\": 7.5, \"higher-is-better\": true},"
		"    {\"description\": \"latency usec\", \"value\": 3, \"higher-is-better\": false}],"
		"   \"perf\": {\"context-switches\": 12}}]},"
		" {\"metrics\": [{\"stressor\": \"sendfile\", \"bogo-ops\": 20,"
		"   \"bogo-ops-per-second-real-time\": null}]}]}";
	json_t *doc = json_loads(text, 0, NULL);
	struct series_set set;
	const struct series *s;
	char err[128];

	ck_assert_ptr_nonnull(doc);
	ck_assert_int_eq(series_from_doc(doc, &set, err, sizeof(err)), 0);
	ck_assert_uint_eq(set.runs, 2);
	s = series_find(&set, "sendfile.ops");
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(s->n, 2);
	ck_assert_double_eq(s->v[1], 20);
	s = series_find(&set, "sendfile.ops_per_sec");
	ck_assert_uint_eq(s->n, 1);	/* null is "not measured", not zero */
	s = series_find(&set, "sendfile.MB_per_sec_sent_to_/dev/null");
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(s->direction, SERIES_HIGHER_BETTER);
	s = series_find(&set, "sendfile.latency_usec");
	ck_assert_int_eq(s->direction, SERIES_LOWER_BETTER);
	s = series_find(&set, "sendfile.perf-stat.context-switches");
	ck_assert_int_eq(s->direction, SERIES_NEUTRAL);
	series_free(&set);
	json_decref(doc);

	/* a stressor twice in a pass (a --scale sweep): told apart by instances */
	doc = json_loads("{\"runs\": [{\"metrics\": ["
			 "{\"stressor\": \"pread2\", \"instances-forked\": 1, \"bogo-ops\": 5},"
			 "{\"stressor\": \"pread2\", \"instances-forked\": 2, \"bogo-ops\": 9}]}]}",
			 0, NULL);
	ck_assert_int_eq(series_from_doc(doc, &set, err, sizeof(err)), 0);
	ck_assert_double_eq(series_find(&set, "pread2@1.ops")->v[0], 5);
	ck_assert_double_eq(series_find(&set, "pread2@2.ops")->v[0], 9);
	ck_assert_ptr_null(series_find(&set, "pread2.ops"));
	series_free(&set);
	json_decref(doc);

	doc = json_loads("{\"metrics\": []}", 0, NULL);
	ck_assert_int_eq(series_from_doc(doc, &set, err, sizeof(err)), -EINVAL);
	json_decref(doc);
}
END_TEST

/* compare's reading: every figure, each with its direction, options left out */
START_TEST(test_series_from_doc_all)
{
	const char *text =
		"{\"runs\": [{\"metrics\": [{\"stressor\": \"pipe\", \"bogo-ops\": 10,"
		"  \"bogo-ops-per-second-real-time\": 5.0, \"instances-forked\": 2,"
		"  \"status\": 0, \"sample-interval\": 1.0,"
		"  \"bogo-ops-per-second-usr-sys-time\": 7.0, \"user-time\": 1.5,"
		"  \"max-rss\": 1024, \"wall-clock-time\": 2.0,"
		"  \"latency\": {\"write\": {\"timed-ops\": 9, \"instances\": 2,"
		"    \"mean-usecs\": 1.25, \"percentiles\": [], \"histogram\": {\"min\": 1}}},"
		"  \"fairness\": {\"instance-rate-min\": 4, \"instance-rate-cv-pct\": 3,"
		"    \"interval-rate-cv-pct\": null, \"intervals\": 2},"
		"  \"steady-state\": {\"limit-pct\": 1, \"window\": 10, \"attained-at\": null,"
		"    \"slope-pct\": 0.5, \"range-pct\": 2, \"window-intervals\": 3,"
		"    \"window-bogo-ops-per-second\": 5.5, \"steady\": true},"
		"  \"cost-per-op\": {\"cpu-usec\": 3.5}}],"
		" \"times\": {\"user-time\": 1.5, \"total-time-percent\": 40,"
		"  \"load-average-1-minute\": 2}}]}";
	static const struct {
		const char *key;
		enum series_direction dir;
	} want[] = {
		{ "pipe.bogo-ops-per-second-usr-sys-time", SERIES_HIGHER_BETTER },
		{ "pipe.user-time", SERIES_NEUTRAL },
		{ "pipe.wall-clock-time", SERIES_NEUTRAL },
		{ "pipe.max-rss", SERIES_LOWER_BETTER },
		{ "pipe.latency.write.mean-usecs", SERIES_LOWER_BETTER },
		{ "pipe.latency.write.timed-ops", SERIES_NEUTRAL },
		{ "pipe.fairness.instance-rate-min", SERIES_HIGHER_BETTER },
		{ "pipe.fairness.instance-rate-cv-pct", SERIES_LOWER_BETTER },
		{ "pipe.steady-state.slope-pct", SERIES_LOWER_BETTER },
		{ "pipe.steady-state.range-pct", SERIES_LOWER_BETTER },
		{ "pipe.steady-state.window-bogo-ops-per-second", SERIES_HIGHER_BETTER },
		{ "pipe.cost.cpu-usec", SERIES_LOWER_BETTER },
		{ "times.user-time", SERIES_NEUTRAL },
		{ "times.total-time-percent", SERIES_NEUTRAL },
	};
	static const char *const absent[] = {
		"pipe.instances-forked", "pipe.status", "pipe.sample-interval",
		"pipe.latency.write.instances", "pipe.fairness.intervals",
		"pipe.fairness.interval-rate-cv-pct", "pipe.steady-state.limit-pct",
		"pipe.steady-state.window", "pipe.steady-state.attained-at",
		"pipe.steady-state.window-intervals", "pipe.steady-state.steady",
		"times.load-average-1-minute",
	};
	json_t *doc = json_loads(text, 0, NULL);
	struct series_set set;
	const struct series *s;
	char err[128];

	ck_assert_ptr_nonnull(doc);
	ck_assert_int_eq(series_from_doc_all(doc, &set, err, sizeof(err)), 0);
	for (size_t i = 0; i < sizeof(want) / sizeof(*want); i++) {
		s = series_find(&set, want[i].key);
		ck_assert_msg(s != NULL, "no series %s", want[i].key);
		ck_assert_msg(s->direction == want[i].dir, "%s: direction %d", want[i].key,
			      s->direction);
		ck_assert_uint_eq(s->n, 1);
	}
	ck_assert_double_eq(series_find(&set, "pipe.latency.write.mean-usecs")->v[0], 1.25);
	for (size_t i = 0; i < sizeof(absent) / sizeof(*absent); i++)
		ck_assert_msg(series_find(&set, absent[i]) == NULL, "%s read", absent[i]);
	series_free(&set);

	/* --repeat's summary keeps to lkp's figures */
	ck_assert_int_eq(series_from_doc(doc, &set, err, sizeof(err)), 0);
	ck_assert_ptr_null(series_find(&set, "pipe.max-rss"));
	ck_assert_ptr_null(series_find(&set, "times.user-time"));
	ck_assert_ptr_nonnull(series_find(&set, "pipe.cost.cpu-usec"));
	series_free(&set);
	json_decref(doc);
}
END_TEST

START_TEST(test_yaml_key)
{
	char key[64];

	results_yaml_key("MB per sec sent to /dev/null", key, sizeof(key));
	ck_assert_str_eq(key, "mb-per-sec-sent-to-devnull");
	results_yaml_key("MB per sec pipe write rate", key, sizeof(key));
	ck_assert_str_eq(key, "mb-per-sec-pipe-write-rate");
	results_yaml_key("p99.9 latency (usec)", key, 8);
	ck_assert_str_eq(key, "p999-la");
}
END_TEST

START_TEST(test_format_value)
{
	char buf[32];

	series_format_value(638671, buf, sizeof(buf));
	ck_assert_str_eq(buf, "638671");
	series_format_value(0.18, buf, sizeof(buf));
	ck_assert_str_eq(buf, "0.18");
	series_format_value(7.958e11, buf, sizeof(buf));
	ck_assert_str_eq(buf, "7.958e+11");
	/* small per-op figures keep their digits */
	series_format_value(0.000123456, buf, sizeof(buf));
	ck_assert_str_eq(buf, "0.000123");
	series_format_value(0.0312, buf, sizeof(buf));
	ck_assert_str_eq(buf, "0.0312");
	series_format_value(-4.2e-7, buf, sizeof(buf));
	ck_assert_str_eq(buf, "-4.2e-07");
}
END_TEST

static Suite *stats_suite(void)
{
	Suite *s = suite_create("stats");
	TCase *tc = tcase_create("stats");

	tcase_add_test(tc, test_mean_stddev_median);
	tcase_add_test(tc, test_cv_pct);
	tcase_add_test(tc, test_significance);
	tcase_add_test(tc, test_series_from_doc);
	tcase_add_test(tc, test_series_from_doc_all);
	tcase_add_test(tc, test_yaml_key);
	tcase_add_test(tc, test_format_value);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(stats_suite);
