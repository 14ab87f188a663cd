/*
 * test_results.c - the results document built from crafted run results:
 * totals are the sums of intact instances, a torn counter marks the entry
 * untrustworthy, several runs give each figure's mean with the last
 * failure as status and the per-instance lists left to the runs, and the
 * YAML of a document reads back with the JSON's types.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "metrics.h"
#include "plan.h"
#include "registry.h"
#include "results.h"
#include "unit.h"

/* One stressor's run of two instances: ops a and b, 2 s each. */
struct results_fixture {
	struct plan_entry entry;
	struct instance_result inst[2];
	struct stressor_result sr;
	struct run_result res;
	struct stressor_summary sum;
};

static void results_fixture_init(struct results_fixture *f, uint64_t a, uint64_t b,
				 int status)
{
	memset(f, 0, sizeof(*f));
	f->entry.stressor = registry_find("pipe");
	f->entry.instances = 2;
	for (int k = 0; k < 2; k++) {
		f->inst[k].pid = 1000 + k;
		f->inst[k].started = f->inst[k].finished = true;
		f->inst[k].duration = 2.0;
		f->inst[k].utime = 0.5;
		f->inst[k].stime = 1.0;
		f->inst[k].maxrss_kb = 100 + k;
	}
	f->inst[0].ops = a;
	f->inst[1].ops = b;
	f->sr = (struct stressor_result){ .entry = &f->entry, .n = 2, .inst = f->inst,
					  .status = status };
	f->res = (struct run_result){ .s = &f->sr, .n = 1, .wall = 2.0, .status = status };
}

/* Adds the fixture as one whole run of doc. */
static void results_add_run(json_t *doc, struct results_fixture *f)
{
	struct results_run run = { .res = &f->res, .sums = &f->sum };

	metrics_summarize(&f->sr, &f->sum);
	ck_assert_int_eq(results_begin_run(doc), 0);
	ck_assert_int_eq(results_add_entries(doc, &run), 0);
	ck_assert_int_eq(results_end_run(doc, f->res.status, false, NULL), 0);
}

static json_t *results_entry(const json_t *doc, const char *key)
{
	json_t *m = json_array_get(json_object_get(doc, "metrics"), 0);

	return json_object_get(m, key);
}

START_TEST(test_results_one_run)
{
	struct cli_config cfg;
	struct plan p;
	struct results_fixture f;
	json_t *doc, *inst;

	unit_plan_of("--pipe 2 -t 2", &cfg, &p);
	doc = results_new(&p);
	ck_assert_ptr_nonnull(doc);
	ck_assert_ptr_nonnull(json_object_get(doc, "system-info"));
	ck_assert_ptr_nonnull(json_object_get(doc, "configuration"));
	results_fixture_init(&f, 100, 250, 0);
	results_add_run(doc, &f);
	ck_assert_int_eq(results_finish(doc), 0);

	ck_assert_str_eq(json_string_value(results_entry(doc, "stressor")), "pipe");
	ck_assert_int_eq(json_integer_value(results_entry(doc, "bogo-ops")), 350);
	/* 350 ops over 2 s of instance time; over 3 s of CPU */
	ck_assert_double_eq_tol(json_number_value(results_entry(doc,
			"bogo-ops-per-second-real-time")), 175.0, 1e-9);
	ck_assert_double_eq_tol(json_number_value(results_entry(doc,
			"bogo-ops-per-second-usr-sys-time")), 350.0 / 3.0, 1e-9);
	ck_assert_int_eq(json_integer_value(results_entry(doc, "instances-forked")), 2);
	ck_assert_int_eq(json_integer_value(results_entry(doc, "max-rss")), 101);
	ck_assert(json_is_true(results_entry(doc, "metrics-trustworthy")));
	inst = results_entry(doc, "instances");
	ck_assert_uint_eq(json_array_size(inst), 2);
	ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(inst, 1), "pid")), 1001);
	ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(inst, 1),
							    "bogo-ops")), 250);
	/* stress-ng's order: metrics and times before the runs */
	ck_assert_str_eq(json_object_iter_key(json_object_iter_next(doc,
			 json_object_iter_at(doc, "configuration"))), "metrics");
	json_decref(doc);
	unit_plan_done(&cfg, &p);
}
END_TEST

START_TEST(test_results_torn_counter)
{
	struct cli_config cfg;
	struct plan p;
	struct results_fixture f;
	json_t *doc;

	unit_plan_of("--pipe 2 -t 2", &cfg, &p);
	doc = results_new(&p);
	results_fixture_init(&f, 100, 250, 0);
	f.inst[1].torn = true;
	results_add_run(doc, &f);
	ck_assert_int_eq(results_finish(doc), 0);
	/* the torn instance's count is not added in, and the entry says so */
	ck_assert_int_eq(json_integer_value(results_entry(doc, "bogo-ops")), 100);
	ck_assert(json_is_false(results_entry(doc, "metrics-trustworthy")));
	ck_assert(json_is_false(json_object_get(json_array_get(results_entry(doc, "instances"), 1),
						"counter-intact")));
	json_decref(doc);
	unit_plan_done(&cfg, &p);
}
END_TEST

START_TEST(test_results_mean_of_runs)
{
	struct cli_config cfg;
	struct plan p;
	struct results_fixture f1, f2, f3;
	json_t *doc, *runs;

	unit_plan_of("--pipe 2 -t 2 --repeat 3", &cfg, &p);
	doc = results_new(&p);
	results_fixture_init(&f1, 100, 250, 0);
	results_fixture_init(&f2, 200, 250, 2);
	results_fixture_init(&f3, 300, 250, 0);
	results_add_run(doc, &f1);
	results_add_run(doc, &f2);
	results_add_run(doc, &f3);
	ck_assert_int_eq(results_finish(doc), 0);

	runs = json_object_get(doc, "runs");
	ck_assert_uint_eq(json_array_size(runs), 3);
	ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(runs, 2), "run")), 3);
	ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(runs, 1), "status")), 2);
	/* each figure's mean over the runs: (350 + 450 + 550) / 3 */
	ck_assert_double_eq_tol(json_number_value(results_entry(doc, "bogo-ops")), 450.0, 1e-9);
	ck_assert_int_eq(json_integer_value(results_entry(doc, "runs")), 3);
	/* the same in every run: kept as it is, an integer */
	ck_assert(json_is_integer(results_entry(doc, "instances-forked")));
	/* an exit code is not averaged: the last failure */
	ck_assert_int_eq(json_integer_value(results_entry(doc, "status")), 2);
	/* per-instance lists stay with their runs */
	ck_assert_ptr_null(results_entry(doc, "instances"));
	json_decref(doc);
	unit_plan_done(&cfg, &p);
}
END_TEST

/*
 * The profile summary of --repeat: the union of the passes' keys, each
 * averaged over every pass with a pass's absent key counting 0, as lkp
 * averages (it used to take the first pass's keys, each averaged over the
 * passes that had it).
 */
START_TEST(test_results_profile_union)
{
	static const char *const prof[3] = {
		"{\"event\": \"cpu-clock\", \"samples\": 100, \"calltrace\": {\"a\": 60, \"b\": 0.3}}",
		"{\"event\": \"cpu-clock\", \"samples\": 200, \"calltrace\": {\"a\": 30, \"rcu_core\": 2.52}}",
		"{\"event\": \"cpu-clock\", \"samples\": 300, \"calltrace\": {\"a\": 30, \"b\": 0.09}, "
		"\"self\": {\"s\": 3}}",
	};
	struct cli_config cfg;
	struct plan p;
	struct results_fixture f[3];
	json_t *doc, *runs, *ct, *self;

	unit_plan_of("--pipe 2 -t 2 --repeat 3", &cfg, &p);
	doc = results_new(&p);
	for (int i = 0; i < 3; i++) {
		results_fixture_init(&f[i], 100, 250, 0);
		results_add_run(doc, &f[i]);
	}
	runs = json_object_get(doc, "runs");
	for (size_t i = 0; i < 3; i++) {
		json_t *e = json_array_get(json_object_get(json_array_get(runs, i), "metrics"), 0);

		json_object_set_new(e, "perf-profile", json_loads(prof[i], 0, NULL));
	}
	ck_assert_int_eq(results_finish(doc), 0);
	ct = json_object_get(results_entry(doc, "perf-profile"), "calltrace");
	self = json_object_get(results_entry(doc, "perf-profile"), "self");
	ck_assert_uint_eq(json_object_size(ct), 3);
	ck_assert_double_eq_tol(json_number_value(json_object_get(ct, "a")), 40.0, 1e-9);
	ck_assert_double_eq_tol(json_number_value(json_object_get(ct, "b")), 0.13, 1e-9);
	ck_assert_double_eq_tol(json_number_value(json_object_get(ct, "rcu_core")), 0.84, 1e-9);
	/* a family only a later pass has is kept, averaged over all three */
	ck_assert_double_eq_tol(json_number_value(json_object_get(self, "s")), 1.0, 1e-9);
	ck_assert_double_eq_tol(json_number_value(json_object_get(results_entry(doc, "perf-profile"),
								  "samples")), 200.0, 1e-9);
	json_decref(doc);
	unit_plan_done(&cfg, &p);
}
END_TEST

/* Strings a YAML reader would take for another type come out quoted. */
START_TEST(test_results_yaml_types)
{
	json_t *doc = json_pack("{s:s, s:s, s:s, s:s, s:i, s:f, s:b, s:n}",
				"word", "pipe", "bool", "yes", "number", "1.5",
				"empty", "", "count", 42, "rate", 2.5, "flag", 1, "none");
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(doc);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(results_emit_yaml(doc, f), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(text, "word: pipe\n"));
	ck_assert_ptr_null(strstr(text, "bool: yes\n"));
	ck_assert_ptr_null(strstr(text, "number: 1.5\n"));
	ck_assert_ptr_nonnull(strstr(text, "count: 42\n"));
	ck_assert_ptr_nonnull(strstr(text, "rate: 2.5"));
	ck_assert_ptr_nonnull(strstr(text, "flag: true\n"));
	free(text);
	json_decref(doc);
}
END_TEST

static Suite *results_suite(void)
{
	Suite *s = suite_create("results");
	TCase *tc = tcase_create("results");

	tcase_add_test(tc, test_results_one_run);
	tcase_add_test(tc, test_results_torn_counter);
	tcase_add_test(tc, test_results_mean_of_runs);
	tcase_add_test(tc, test_results_profile_union);
	tcase_add_test(tc, test_results_yaml_types);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(results_suite);
