/*
 * test_run_mode.c - the run modes' order: by rank on the way in, a mode
 * right after the one it names in .after, reversed on the way out; an
 * .after that names no mode or makes a cycle said once, every mode still
 * placed once; a mode that is off for the plan is never called, and the
 * waiting hooks end the run once one of them says so; each mode's
 * state for a run is its own, zeroed, and freed with the run, and its
 * state for a session kept over the session's runs; and each
 * mode's option rows are its own.
 */
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "opts.h"
#include "registry.h"
#include "run_state.h"
#include "sampler.h"
#include "unit.h"
#include "warmup.h"

/* On only inside these tests, so scheduler_run elsewhere never sees them. */
static bool test_modes_on;
static char test_log[64];

static bool test_mode_on(const struct run_plan *plan)
{
	(void)plan;
	return test_modes_on;
}

static bool test_mode_off(const struct run_plan *plan)
{
	(void)plan;
	return false;
}

static void test_log_add(const char *what)
{
	strncat(test_log, what, sizeof(test_log) - strlen(test_log) - 1);
}

static const struct run_mode test_mode_a;

/* test-a counts its calls in its state for the run */
static void test_a(struct run_state *st)
{
	int *calls = run_mode_state(st, &test_mode_a);

	++*calls;
	test_log_add("a");
}
static void test_b(struct run_state *st) { (void)st; test_log_add("b"); }
static void test_c(struct run_state *st) { (void)st; test_log_add("c"); }
static void test_d(struct run_state *st) { (void)st; test_log_add("d"); }

static bool test_a_wait(struct run_state *st, double *left)
{
	(void)st;
	*left = 0.5;
	test_log_add("a");
	return false;
}

static bool test_b_wait(struct run_state *st, double *left)
{
	(void)st;
	test_log_add(*left == 0.5 ? "b" : "?");
	return true;
}

/* test-b keeps a state over a session: the runs it saw */
struct test_session {
	const struct run_plan *base;	/* what session_begin was given */
	int runs;
};
static bool test_session_ended;

static void test_b_session_begin(void *state, const struct run_plan *base)
{
	((struct test_session *)state)->base = base;
}

static void test_b_session_end(void *state)
{
	test_session_ended = ((struct test_session *)state)->runs == 2;
}

static const struct run_mode test_mode_b;

static void test_b_run(struct run_state *st)
{
	struct test_session *ts = run_session_state(st->plan, &test_mode_b);

	if (ts)
		ts->runs++;
}

/* test-b hands each instance a mark of its slot */
static void test_b_instance(const struct run_state *st, struct instance *in, size_t slot)
{
	(void)st;
	in->time_every = (uint32_t)slot + 7;
}

/* Registered b first: the rank orders them, not the link order. */
static const struct run_mode test_mode_b = {
	.name = "test-b", .rank = 1001, .on = test_mode_on,
	.at = { [RUN_MEASURING] = test_b, [RUN_REAPED] = test_b,
		[RUN_BEFORE_FORK] = test_b_run },
	.waiting = test_b_wait,
	.session_size = sizeof(struct test_session),
	.session_begin = test_b_session_begin,
	.session_end = test_b_session_end,
	.instance_begin = test_b_instance,
	.helpers_record = true,
};
RUN_MODE_REGISTER(test_mode_b);

static const struct run_mode test_mode_a = {
	.name = "test-a", .rank = 1000, .on = test_mode_on,
	.at = { [RUN_MEASURING] = test_a, [RUN_REAPED] = test_a },
	.waiting = test_a_wait,
	.state_size = sizeof(int),
};
RUN_MODE_REGISTER(test_mode_a);

static const struct run_mode test_mode_c = {
	.name = "test-c", .rank = 999, .on = test_mode_off,
	.at = { [RUN_MEASURING] = test_c, [RUN_REAPED] = test_c },
};
RUN_MODE_REGISTER(test_mode_c);

/* Ranked before them all, but named after test-a: it follows test-a at
 * once, before test-b, which test-a's placing did not make ready first. */
static const struct run_mode test_mode_d = {
	.name = "test-d", .after = "test-a", .rank = -1000, .on = test_mode_on,
	.at = { [RUN_MEASURING] = test_d, [RUN_REAPED] = test_d },
};
RUN_MODE_REGISTER(test_mode_d);

/* Where the test modes stand among those selected: -1 when not selected. */
static int test_mode_index(const struct run_state *st, const char *name)
{
	for (size_t i = 0; i < st->n_modes; i++)
		if (!strcmp(st->modes[i]->name, name))
			return (int)i;
	return -1;
}

START_TEST(test_order)
{
	struct run_plan plan = { 0 };
	struct run_result res = { 0 };
	struct run_state st = { .plan = &plan, .res = &res };
	double left = 3600;

	test_modes_on = true;
	run_modes_select(&st);
	test_modes_on = false;
	ck_assert_int_ge(test_mode_index(&st, "test-a"), 0);
	ck_assert_int_eq(test_mode_index(&st, "test-d"),
			 test_mode_index(&st, "test-a") + 1);
	ck_assert_int_eq(test_mode_index(&st, "test-b"),
			 test_mode_index(&st, "test-a") + 2);
	ck_assert_int_eq(test_mode_index(&st, "test-c"), -1);
	/* off for a plan without them: warmup, perf, sampler */
	ck_assert_int_eq(test_mode_index(&st, "warmup"), -1);
	ck_assert_int_eq(test_mode_index(&st, "perf"), -1);
	ck_assert_int_eq(test_mode_index(&st, "sampler"), -1);
	ck_assert_int_ge(test_mode_index(&st, "tick"), 0);
	/* a state for the modes on that keep one, zeroed; none for the rest */
	ck_assert_ptr_nonnull(run_mode_state(&st, &test_mode_a));
	ck_assert_int_eq(*(int *)run_mode_state(&st, &test_mode_a), 0);
	ck_assert_ptr_null(run_mode_state(&st, &test_mode_b));
	ck_assert_ptr_null(run_mode_state(&st, &test_mode_c));

	test_log[0] = '\0';
	run_modes_call(&st, RUN_MEASURING);
	ck_assert_str_eq(test_log, "adb");
	test_log[0] = '\0';
	run_modes_call(&st, RUN_REAPED);
	ck_assert_str_eq(test_log, "bda");
	test_log[0] = '\0';
	ck_assert(run_modes_wait(&st, &left));
	ck_assert_str_eq(test_log, "ab");
	ck_assert_int_eq(*(int *)run_mode_state(&st, &test_mode_a), 2);
	run_modes_release(&st);
	ck_assert_ptr_null(run_mode_state(&st, &test_mode_a));
	ck_assert_uint_eq(st.n_modes, 0);
	/* the next run's state starts from zero again */
	test_modes_on = true;
	run_modes_select(&st);
	test_modes_on = false;
	ck_assert_int_eq(*(int *)run_mode_state(&st, &test_mode_a), 0);
	run_modes_release(&st);
}
END_TEST

/* run_modes_place over made-up modes (given by rank), what it prints on
 * stderr in err, and the names in order in got ("" between none). */
static void place_run(const struct run_mode *const *modes, size_t n, char *got, size_t len,
		      char *err, size_t errlen)
{
	const struct run_mode *by_rank[8], *at[8];
	struct unit_capture c;

	memcpy(by_rank, modes, n * sizeof(*modes));
	unit_capture_begin(&c, STDERR_FILENO);
	ck_assert_uint_eq(run_modes_place(by_rank, n, at), n);
	unit_capture_end(&c, err, errlen);
	got[0] = '\0';
	for (size_t i = 0; i < n; i++)
		strncat(got, at[i]->name, len - strlen(got) - 1);
}

static size_t lines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

START_TEST(test_place)
{
	const struct run_mode p = { .name = "p" }, q = { .name = "q", .after = "s" },
		r = { .name = "r", .after = "nothing" }, s = { .name = "s" },
		x = { .name = "x", .after = "y" }, y = { .name = "y", .after = "x" };
	char got[16], err[512];

	/* q waits for s, the rest by rank */
	place_run((const struct run_mode *[]){ &p, &q, &s }, 3, got, sizeof(got), err, sizeof(err));
	ck_assert_str_eq(got, "psq");
	ck_assert_str_eq(err, "");
	/* an .after naming no mode: said once, placed by rank */
	place_run((const struct run_mode *[]){ &p, &r, &s }, 3, got, sizeof(got), err, sizeof(err));
	ck_assert_str_eq(got, "prs");
	ck_assert_uint_eq(lines(err), 1);
	ck_assert_ptr_nonnull(strstr(err, "run mode r: .after names no mode: nothing"));
	/* a cycle: what is ready first, then the cycle's first by rank, said once */
	place_run((const struct run_mode *[]){ &x, &y, &p }, 3, got, sizeof(got), err, sizeof(err));
	ck_assert_str_eq(got, "pxy");
	ck_assert_uint_eq(lines(err), 1);
	ck_assert_ptr_nonnull(strstr(err, "run mode x: .after makes a cycle"));
}
END_TEST

/*
 * A session's state is kept over its runs (each run's plan points at
 * it), begun with the base plan, ended once; a mode that keeps none has
 * none, and a run outside a session sees none.
 */
START_TEST(test_session_state)
{
	struct run_plan base = { 0 }, plan = { 0 };
	struct run_result res = { 0 };
	struct run_state st = { .plan = &plan, .res = &res };
	struct run_session *s = run_session_begin(&base);
	struct test_session *ts;

	ck_assert_ptr_nonnull(s);
	ts = run_session_mode(s, &test_mode_b);
	ck_assert_ptr_nonnull(ts);
	ck_assert_ptr_eq(ts->base, &base);
	ck_assert_int_eq(ts->runs, 0);
	ck_assert_ptr_null(run_session_mode(s, &test_mode_a));
	test_modes_on = true;
	for (int run = 0; run < 2; run++) {
		plan.session = s;
		run_modes_select(&st);
		run_modes_call(&st, RUN_BEFORE_FORK);
		run_modes_release(&st);
	}
	ck_assert_int_eq(ts->runs, 2);
	plan.session = NULL;
	ck_assert_ptr_null(run_session_state(&plan, &test_mode_b));
	run_modes_select(&st);
	run_modes_call(&st, RUN_BEFORE_FORK);	/* no session: nothing counted */
	run_modes_release(&st);
	test_modes_on = false;
	test_session_ended = false;
	run_session_end(s);
	ck_assert(test_session_ended);
}
END_TEST

/* A mode hands an instance what it set up for it, by slot; without such
 * a mode the instances' helpers need not keep the run's mapping. */
START_TEST(test_instance_hook)
{
	struct run_plan plan = { 0 };
	struct run_result res = { 0 };
	struct run_state st = { .plan = &plan, .res = &res };
	struct instance in = { 0 };

	run_modes_select(&st);
	ck_assert(!run_modes_reach_instances(&st));
	run_modes_release(&st);
	test_modes_on = true;
	run_modes_select(&st);
	test_modes_on = false;
	ck_assert(run_modes_reach_instances(&st));
	run_modes_instance(&st, &in, 3);
	ck_assert_uint_eq(in.time_every, 10);
	run_modes_release(&st);
}
END_TEST

/* --warmup ends before the sampler begins, and is taken off after it ends. */
START_TEST(test_warmup_around_sampler)
{
	struct warmup_opts wo = { .seconds = 1 };
	struct sampler_opts so = { .interval = 1, .window = 10 };
	struct run_plan plan = { 0 };
	struct run_state st = { .plan = &plan };
	int w, s;

	plan.mode_opts[run_mode_index(run_mode_find("warmup"))] = &wo;
	plan.mode_opts[run_mode_index(run_mode_find("sampler"))] = &so;

	run_modes_select(&st);
	w = test_mode_index(&st, "warmup");
	s = test_mode_index(&st, "sampler");
	ck_assert_int_ge(w, 0);
	ck_assert_int_gt(s, w);
	run_modes_release(&st);
}
END_TEST

/* What the layers above read of --warmup: how long the window is held
 * shut, 0 for a plan that holds it not at all. */
START_TEST(test_modes_held)
{
	struct warmup_opts wo = { .seconds = 2.5 };
	struct run_plan plan = { 0 };

	ck_assert(run_modes_held(&plan) == 0);
	plan.mode_opts[run_mode_index(run_mode_find("warmup"))] = &wo;
	ck_assert(run_modes_held(&plan) == 2.5);
}
END_TEST

/* A mode reads another's option by its row's name: the value given,
 * none when the line left it at its default or no mode has the row. */
START_TEST(test_option_given)
{
	struct sampler_opts so = { .interval = 0.25, .window = 10 };
	const struct run_mode *m = run_mode_find("sampler");
	struct run_plan plan = { 0 };
	size_t i = run_mode_index(m), row = 0;
	const double *v;

	while (strcmp(m->opts[row].opt.name, "sample-interval"))
		row++;
	plan.mode_opts[i] = &so;
	ck_assert_ptr_null(run_mode_option_given(&plan, "sample-interval"));
	plan.mode_given[i] = UINT64_C(1) << row;
	v = run_mode_option_given(&plan, "sample-interval");
	ck_assert_ptr_eq(v, &so.interval);
	ck_assert(*v == 0.25);
	ck_assert_ptr_null(run_mode_option_given(&plan, "steady-state-window"));
	ck_assert_ptr_null(run_mode_option_given(&plan, "no-such-row"));
}
END_TEST

/*
 * Every mode's rows: a name no global option, stressor option or other
 * mode's row has, within RUN_MODE_ROWS, an options struct to hold them,
 * and --help lists them (help_after names an option that --help lists).
 */
START_TEST(test_mode_rows)
{
	for (size_t i = 0; i < run_modes_count(); i++) {
		const struct run_mode *m = run_modes_at(i);
		size_t n = 0;

		ck_assert_ptr_eq(run_modes_at(run_mode_index(m)), m);
		for (const struct run_mode_opt *o = m->opts; o && o->opt.name; o++, n++) {
			ck_assert_msg(m->opts_size > 0, "%s has rows and no struct", m->name);
			ck_assert_msg(o->opt.offset < m->opts_size, "--%s past its struct", o->opt.name);
			ck_assert_msg(!cli_find_row(o->opt.name, 0), "--%s is a global option too",
				      o->opt.name);
			for (size_t r = 0; r < registry_count(); r++)
				ck_assert_msg(!opts_find(registry_at(r), o->opt.name),
					      "--%s is a stressor's option too", o->opt.name);
			for (size_t k = 0; k < run_modes_count(); k++)
				for (const struct run_mode_opt *p = run_modes_at(k)->opts;
				     p && p->opt.name; p++)
					ck_assert_msg(p == o || strcmp(p->opt.name, o->opt.name),
						      "--%s twice", o->opt.name);
		}
		ck_assert_msg(n <= RUN_MODE_ROWS, "%s: %zu rows", m->name, n);
		if (m->help_after && n) {
			bool found = cli_find_row(m->help_after, 0) != NULL;

			for (size_t k = 0; k < run_modes_count() && !found; k++)
				for (const struct run_mode_opt *p = run_modes_at(k)->opts;
				     p && p->opt.name; p++)
					found |= !strcmp(p->opt.name, m->help_after);
			ck_assert_msg(found, "%s: --help lists it after --%s, no option",
				      m->name, m->help_after);
		}
	}
}
END_TEST

static Suite *run_mode_suite(void)
{
	Suite *s = suite_create("run_mode");
	TCase *tc = tcase_create("run_mode");

	tcase_add_test(tc, test_order);
	tcase_add_test(tc, test_place);
	tcase_add_test(tc, test_session_state);
	tcase_add_test(tc, test_instance_hook);
	tcase_add_test(tc, test_mode_rows);
	tcase_add_test(tc, test_warmup_around_sampler);
	tcase_add_test(tc, test_modes_held);
	tcase_add_test(tc, test_option_given);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(run_mode_suite);
