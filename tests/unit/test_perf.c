/*
 * test_perf.c - --perf's counts as the results and the cost per bogo-op
 * take them: full counts under perf-stat's and LKP's names, user-space
 * counts (exclude_kernel) under the same names with perf-stat's ":u", so
 * that no key holds one kind in one run and the other in another, and no
 * cost per bogo-op from user-space cycles.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "metrics.h"
#include "perf.h"
#include "perf_stat_keys.h"
#include "run.h"
#include "run_mode.h"
#include "unit.h"

/* 2e9 cycles and 1e9 instructions, 500 ms of task-clock, over 2 s. */
static void perf_counts_fill(struct perf_counts *pc, bool user_only)
{
	memset(pc, 0, sizeof(*pc));
	pc->user_only = user_only;
	pc->have[PERF_TASK_CLOCK] = pc->have[PERF_CYCLES] = pc->have[PERF_INSTRUCTIONS] = true;
	pc->value[PERF_TASK_CLOCK] = 500;
	pc->value[PERF_CYCLES] = 2e9;
	pc->value[PERF_INSTRUCTIONS] = 1e9;
}

START_TEST(test_lkp_keys_scope)
{
	struct perf_counts pc;
	json_t *full = json_object(), *user = json_object();

	perf_counts_fill(&pc, false);
	ck_assert_int_eq(perf_stat_lkp_keys(full, &pc, 2.0), 0);
	perf_counts_fill(&pc, true);
	ck_assert_int_eq(perf_stat_lkp_keys(user, &pc, 2.0), 0);
	ck_assert_double_eq_tol(json_real_value(json_object_get(full, "ps.cpu-cycles")), 1e9, 1);
	ck_assert_double_eq_tol(json_real_value(json_object_get(full, "overall.ipc")), 0.5, 1e-9);
	ck_assert_double_eq_tol(json_real_value(json_object_get(user, "ps.cpu-cycles:u")), 1e9, 1);
	ck_assert_double_eq_tol(json_real_value(json_object_get(user, "overall.ipc:u")), 0.5, 1e-9);
	ck_assert_uint_eq(json_object_size(full), json_object_size(user));
	/* not one key in common */
	{
		const char *key;
		json_t *v;

		json_object_foreach(user, key, v) {
			ck_assert_ptr_null(json_object_get(full, key));
			ck_assert_ptr_nonnull(strstr(key, ":u"));
		}
	}
	json_decref(full);
	json_decref(user);
}
END_TEST

/* The cost of a run takes its cycles from --perf's output (counted). */
START_TEST(test_cost_full_counts_only)
{
	struct instance_result inst = { .nvcsw = 10 };
	struct plan_entry entry = { .instances = 1 };
	struct stressor_result sr = { .entry = &entry, .n = 1, .inst = &inst };
	struct stressor_summary sum = { .name = "pipe", .ops = 1000, .utime = 1, .stime = 1 };
	struct perf_run *pr = calloc(1, sizeof(*pr) + sizeof(*pr->counts));
	struct run_result res = { .s = &sr, .n = 1 };
	struct cost c;

	ck_assert_ptr_nonnull(pr);
	pr->n = 1;
	res.mode_out[run_mode_index(run_mode_find("perf"))] = pr;
	perf_counts_fill(&pr->counts[0], false);
	cost_of_run(&res, 0, &sum, &c);
	ck_assert(c.have_cycles && c.have_insns);
	ck_assert_double_eq_tol(c.cycles, 2e6, 1e-3);
	perf_counts_fill(&pr->counts[0], true);
	cost_of_run(&res, 0, &sum, &c);
	ck_assert(c.have && !c.have_cycles && !c.have_insns);
	run_modes_free_out(&res);
	ck_assert_ptr_null(res.mode_out[run_mode_index(run_mode_find("perf"))]);
}
END_TEST

static Suite *perf_suite(void)
{
	Suite *s = suite_create("perf");
	TCase *tc = tcase_create("scope");

	tcase_add_test(tc, test_lkp_keys_scope);
	tcase_add_test(tc, test_cost_full_counts_only);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(perf_suite);
