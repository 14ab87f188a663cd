/* test_plan.c - the plan built once from a command line, and a session over its runs. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "compare_options.h"
#include "log.h"
#include "plan.h"
#include "registry.h"
#include "results.h"
#include "session.h"
#include "unit.h"

START_TEST(test_plan_timeout)
{
	struct cli_config cfg;
	struct plan p;

	/* the timeout is settled once, here, and every run carries it */
	unit_plan_of("--pipe 1", &cfg, &p);
	ck_assert(p.base.timeout == PLAN_DEFAULT_TIMEOUT);
	ck_assert(p.runs[0].timeout == PLAN_DEFAULT_TIMEOUT);
	ck_assert(p.base.grace == PLAN_GRACE);
	unit_plan_done(&cfg, &p);

	unit_plan_of("--pipe 1 --pipe-ops 10", &cfg, &p);
	ck_assert(p.base.timeout == 0);		/* until the ops are done */
	unit_plan_done(&cfg, &p);

	unit_plan_of("--pipe 1 --pipe-ops 10 -t 2m", &cfg, &p);
	ck_assert(p.base.timeout == 120);
	unit_plan_done(&cfg, &p);
}
END_TEST

START_TEST(test_plan_runs)
{
	struct cli_config cfg;
	struct plan p;

	unit_plan_of("--pipe 2 --splice 1", &cfg, &p);
	ck_assert_int_eq(p.composition, COMPOSE_TOGETHER);
	ck_assert_uint_eq(p.n_runs, 1);
	ck_assert_uint_eq(p.runs[0].n, 2);
	ck_assert_str_eq(p.runs[0].entries[0].stressor->name, "pipe");
	ck_assert_uint_eq(p.runs[0].entries[0].instances, 2);
	unit_plan_done(&cfg, &p);

	unit_plan_of("--seq 1 --with splice,pipe -t 1", &cfg, &p);
	ck_assert_int_eq(p.composition, COMPOSE_SEQUENTIAL);
	ck_assert_uint_eq(p.n_runs, 2);
	ck_assert_str_eq(p.runs[1].entries[0].stressor->name, "splice");
	ck_assert_str_eq(p.record.with, "splice,pipe");	/* as given */
	ck_assert_ptr_null(p.record.exclude);
	unit_plan_done(&cfg, &p);

	/* a sweep: one run per step, each with the step's instance count */
	unit_plan_of("--pipe 4 --scale -t 1", &cfg, &p);
	ck_assert(p.scale);
	ck_assert_uint_eq(p.n_runs, 4);
	ck_assert_uint_eq(p.runs[3].entries[0].instances, 4);
	unit_plan_done(&cfg, &p);
	unit_plan_of("--pipe 4 --scale-steps 2,8 -t 1", &cfg, &p);
	ck_assert(p.scale);
	ck_assert_uint_eq(p.n_runs, 2);
	ck_assert_uint_eq(p.runs[1].entries[0].instances, 8);
	unit_plan_done(&cfg, &p);
}
END_TEST

/* will-it-scale's sweep: each step in the modes asked (both by default,
 * LKP's), processes first, less a mode the stressor refuses. */
START_TEST(test_plan_scale_modes)
{
	static const struct {
		const char *line;
		size_t runs;
		bool procs, threads;
	} cases[] = {
		{ "--getppid1 2 --scale-format will-it-scale -t 1", 4, true, true },
		{ "--getppid1 2 --scale-format will-it-scale --instance-mode both -t 1", 4, true, true },
		{ "--getppid1 2 --scale-format will-it-scale --instance-mode process -t 1", 2, true, false },
		{ "--getppid1 2 --scale-format will-it-scale --instance-mode thread -t 1", 2, false, true },
		{ "--pipe 2 --scale-format will-it-scale -t 1", 2, true, false },
		{ "--pthread_mutex1 2 --scale-format will-it-scale -t 1", 2, false, true },
		{ "--pthread_mutex1 2 --scale --instance-mode thread -t 1", 2, false, true },
		{ "--getppid1 2 --scale -t 1", 2, true, false },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct cli_config cfg;
		struct plan p;
		size_t k = 0;

		unit_plan_of(cases[i].line, &cfg, &p);
		ck_assert_msg(p.n_runs == cases[i].runs, "%s: %zu runs", cases[i].line, p.n_runs);
		ck_assert(p.scale_procs == cases[i].procs && p.scale_threads == cases[i].threads);
		ck_assert(p.base.threads == !cases[i].procs);
		for (uint32_t step = 1; step <= 2; step++) {
			if (cases[i].procs) {
				ck_assert_uint_eq(p.runs[k].entries[0].instances, step);
				ck_assert(!p.runs[k++].threads);
			}
			if (cases[i].threads) {
				ck_assert_uint_eq(p.runs[k].entries[0].instances, step);
				ck_assert(p.runs[k++].threads);
			}
		}
		unit_plan_done(&cfg, &p);
	}
}
END_TEST

START_TEST(test_plan_settings)
{
	struct cli_config cfg;
	struct plan p;

	unit_plan_of("--splice 1 --taskset 0 --instance-mode thread --repeat 3 --class pipe --all 1 "
		"--exclude pipe,sendfile --verify --json x.json", &cfg, &p);
	ck_assert_ptr_nonnull(p.base.taskset);
	ck_assert_uint_eq(p.base.taskset->mask[0], 1);
	ck_assert_ptr_eq(p.runs[0].taskset, p.base.taskset);
	ck_assert_str_eq(p.record.taskset, "0");
	ck_assert(p.base.threads);
	ck_assert(p.base.verify);
	ck_assert_uint_eq(p.repeat, 3);
	ck_assert_int_eq(p.composition, COMPOSE_PARALLEL);
	ck_assert_str_eq(p.record.class_list, "pipe");
	ck_assert_str_eq(p.record.exclude, "pipe,sendfile");
	ck_assert_str_eq(p.set.json_path, "x.json");
	ck_assert_ptr_null(p.set.yaml_path);
	for (size_t i = 0; i < p.runs[0].n; i++)
		ck_assert_str_ne(p.runs[0].entries[i].stressor->name, "pipe");
	unit_plan_done(&cfg, &p);

	unit_plan_of("--pipe 1", &cfg, &p);
	ck_assert_ptr_null(p.base.taskset);
	ck_assert(!p.base.threads);
	ck_assert_uint_eq(p.repeat, 1);
	ck_assert_str_eq(p.set.log_prefix, "stresskit");
	unit_plan_done(&cfg, &p);
}
END_TEST

static int busy_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l))
		instance_loop_inc(&l);
	return SK_OK;
}

static int failing_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);

	instance_loop_inc(&l);
	return SK_FAILED;
}

static const struct stressor busy_stressor = { .name = "busy", .run = busy_run };
static const struct stressor failing_stressor = { .name = "failing", .run = failing_run };
static const struct stressor absent_stressor = {
	.name = "absent", .run = busy_run, .needs = "no-such-feature",
};

/* One run per stressor, as --sequential builds them. */
static void sequence(struct session *s, const struct plan *p, struct run_plan *runs,
		     struct plan_entry *e, const struct stressor *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		e[i] = (struct plan_entry){ .stressor = list[i], .instances = 1 };
		runs[i] = (struct run_plan){
			.entries = &e[i], .n = 1, .timeout = 0.2, .grace = 1.0,
			.temp_path = "/tmp",
		};
	}
	ck_assert_int_eq(session_init(s, p, runs, n), 0);
}

/*
 * A global option is its row: the results record each row that says so,
 * under its name, with the plan's copy of the value, and compare weighs
 * it as the row says (an identity holds the options that refuse).
 */
START_TEST(test_plan_rows_record)
{
	struct cli_config cfg;
	struct plan p;
	json_t *c, *doc, *id;

	unit_plan_of("--pipe 1 --taskset 0 --metrics --repeat 2 --verify --json x.json", &cfg, &p);
	ck_assert(p.set.metrics && p.set.verify);	/* one copy of the settings */
	c = results_configuration(&p);
	ck_assert_ptr_nonnull(c);
	for (size_t g = 0; g < G_COUNT; g++)	/* an action has no value */
		ck_assert_msg(cli_rows[g].action ||
			      !json_object_get(c, cli_rows[g].opt.name) ==
			      (cli_rows[g].record == CLI_RECORD_NOT), "%s", cli_rows[g].opt.name);
	ck_assert(json_is_true(json_object_get(c, "metrics")));
	ck_assert_int_eq(json_integer_value(json_object_get(c, "repeat")), 2);
	ck_assert_str_eq(json_string_value(json_object_get(c, "taskset")), "0");
	ck_assert_str_eq(json_string_value(json_object_get(c, "json")), "x.json");
	ck_assert(json_is_null(json_object_get(c, "yaml")));

	doc = json_pack("{s:o}", "configuration", c);
	id = compare_options_identity(doc);
	for (size_t g = 0; g < G_COUNT; g++) {
		const struct cli_row *r = &cli_rows[g];

		if (r->record != CLI_RECORD_NOT)
			ck_assert_msg(!json_object_get(id, r->opt.name) ==
				      (r->weight != WEIGHT_REFUSE), "%s", r->opt.name);
	}
	json_decref(id);
	json_decref(doc);
	unit_plan_done(&cfg, &p);
}
END_TEST

START_TEST(test_session_sequence)
{
	const struct stressor *list[] = { &busy_stressor, &failing_stressor, &busy_stressor };
	const struct stressor *absent[] = { &absent_stressor, &absent_stressor };
	struct plan p = { .ncpus = 1, .repeat = 1 };
	struct run_plan runs[3];
	struct plan_entry e[3];
	struct session s;

	log_set_quiet(true);
	/* a failure in the middle: the rest still run, the status is the failure */
	sequence(&s, &p, runs, e, list, 3);
	ck_assert_int_eq(session_execute(&s), SK_FAILED);
	for (size_t i = 0; i < 3; i++) {
		ck_assert(s.found[i].ran);
		ck_assert_uint_eq(s.found[i].n_sums, 1);
		ck_assert_uint_gt(s.found[i].sums[0].ops, 0);
	}
	ck_assert_str_eq(s.found[1].sums[0].name, "failing");
	ck_assert_int_eq(s.found[0].status, SK_OK);
	ck_assert_int_eq(s.found[2].status, SK_OK);
	ck_assert(s.wall >= 0.35);	/* two timed runs of 0.2 s, one after the other */
	session_free(&s);

	/* nothing implemented anywhere: not implemented, not success */
	sequence(&s, &p, runs, e, absent, 2);
	ck_assert_int_eq(session_execute(&s), SK_NOT_IMPLEMENTED);
	session_free(&s);
	log_set_quiet(false);
}
END_TEST

static Suite *plan_suite(void)
{
	Suite *s = suite_create("plan");
	TCase *tc = tcase_create("plan");

	tcase_add_test(tc, test_plan_timeout);
	tcase_add_test(tc, test_plan_runs);
	tcase_add_test(tc, test_plan_scale_modes);
	tcase_add_test(tc, test_plan_settings);
	tcase_add_test(tc, test_plan_rows_record);
	tcase_add_test(tc, test_session_sequence);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(plan_suite);
