/*
 * test_scheduler.c - scheduler_run() with small test stressors: exact ops,
 * torn counters, killed instances, an instance ignoring the stop, missing
 * features, failures, metrics and the run directory's removal.
 */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "instance.h"
#include "metrics.h"
#include "run.h"
#include "run_mode.h"
#include "scheduler.h"
#include "unit.h"
#include "warmup.h"

static const char count_desc[] = "ops counted";

static int count_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l))
		instance_loop_inc(&l);
	instance_metric(in, count_desc, (double)instance_loop_ops(&l), MEAN_TOTAL, true);
	return SK_OK;
}

/*
 * The same count through instance_loop, in two loops (the second picks up
 * where the first left off) and with counts of 1 and 2: ops stay exact.
 */
static int loop_count_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);

	for (uint32_t k = 0; k <= in->index && instance_loop_continue(&l); k++)
		instance_loop_inc(&l);
	l = instance_loop_begin(in);
	while (instance_loop_continue(&l)) {
		instance_loop_inc(&l);
		if (!instance_loop_continue(&l))
			break;
		instance_loop_add(&l, 1);
	}
	instance_metric(in, count_desc, (double)in->counter->ops, MEAN_TOTAL, true);
	return instance_loop_ops(&l) == in->counter->ops ? SK_OK : SK_FAILED;
}

/* The same in batches of up to 7: exact at any limit. */
static int loop_batch_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);
	uint64_t n, done = 0;

	while ((n = instance_loop_batch(&l, 7))) {
		done += n;
		instance_loop_add(&l, n);
	}
	return done == in->counter->ops ? SK_OK : SK_FAILED;
}

static int loop_killed_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);

	instance_loop_add(&l, 5);
	raise(SIGKILL);
	return SK_OK;
}

static int torn_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);

	instance_loop_add(&l, 5);
	in->counter->busy = 1;	/* as if killed between the two stores */
	raise(SIGKILL);
	return SK_OK;
}

static int killed_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);

	instance_loop_add(&l, 5);
	raise(SIGKILL);
	return SK_OK;
}

static int deaf_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);
	sigset_t set;

	sigfillset(&set);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (;;)
		instance_loop_inc(&l);
	return SK_OK;
}

static int sleeper_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);

	while (instance_loop_continue(&l))
		pause();	/* only the stop signal ends it */
	return SK_OK;
}

static int fail_run(struct instance *in)
{
	(void)in;
	return SK_FAILED;
}

static int file_prepare(struct stressor_ctx *ctx)
{
	char path[4200];
	int fd;

	snprintf(path, sizeof(path), "%s/data", ctx->run_dir);
	fd = open(path, O_CREAT | O_WRONLY, 0600);
	if (fd < 0)
		return SK_FAILED;
	close(fd);
	return SK_OK;
}

static const struct stressor s_count = { .name = "count", .run = count_run };
static const struct stressor s_loop_count = { .name = "loop", .run = loop_count_run };
static const struct stressor s_loop_killed = { .name = "loopk", .run = loop_killed_run };
static const struct stressor s_loop_batch = { .name = "loopb", .run = loop_batch_run };
static const struct stressor s_torn = { .name = "torn", .run = torn_run };
static const struct stressor s_killed = { .name = "killed", .run = killed_run };
static const struct stressor s_deaf = { .name = "deaf", .run = deaf_run };

/* Instance 0 ignores the stop, the others stop. */
static int half_deaf_run(struct instance *in)
{
	struct instance_loop l = instance_loop_begin(in);

	while (in->index == 0 || instance_loop_continue(&l))
		instance_loop_inc(&l);
	return SK_OK;
}
static const struct stressor s_half_deaf = { .name = "half", .run = half_deaf_run };
static const struct stressor s_sleeper = { .name = "sleeper", .run = sleeper_run };
static const struct stressor s_fail = { .name = "fail", .run = fail_run };
static const struct stressor s_file = { .name = "file", .run = sleeper_run,
					.prepare = file_prepare };
static const struct stressor s_missing = { .name = "missing", .run = count_run,
					   .needs = "no-such-feature" };

static char temp_dir[64];
static bool plan_threads;	/* --instance-mode thread for run() */
static double plan_warmup;	/* --warmup for run() */

static void setup(void)
{
	strcpy(temp_dir, "/tmp/sk-unit-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(temp_dir));
}

static void teardown(void)
{
	plan_threads = false;
	plan_warmup = 0;
	rmdir(temp_dir);
}

static bool dir_empty(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	if (d)
		closedir(d);
	return n == 0;
}

static void run(const struct stressor *s, uint32_t n, uint64_t ops,
		double timeout, struct run_result *res)
{
	static struct plan_entry e;
	struct warmup_opts w = { .seconds = plan_warmup };
	struct run_plan plan = {
		.entries = &e, .n = 1, .timeout = timeout, .grace = 0.3,
		.temp_path = temp_dir, .threads = plan_threads,
	};

	plan.mode_opts[run_mode_index(run_mode_find("warmup"))] = &w;

	e = (struct plan_entry){ .stressor = s, .instances = n, .max_ops = ops };
	ck_assert_int_eq(scheduler_run(&plan, res), 0);
	ck_assert_msg(dir_empty(temp_dir), "run directory left behind");
}

START_TEST(test_exact_ops)
{
	struct run_result res;
	struct stressor_summary sum;

	run(&s_count, 3, 1001, 0, &res);
	ck_assert_int_eq(res.status, SK_OK);
	ck_assert_uint_eq(res.s[0].n, 3);
	ck_assert_uint_eq(res.s[0].inst[0].ops, 334);
	ck_assert_uint_eq(res.s[0].inst[1].ops, 334);
	ck_assert_uint_eq(res.s[0].inst[2].ops, 333);
	metrics_summarize(&res.s[0], &sum);
	ck_assert_uint_eq(sum.ops, 1001);
	ck_assert_uint_eq(sum.n_metrics, 1);
	ck_assert_double_eq(sum.metrics[0].value, 1001);
	ck_assert_str_eq(sum.metrics[0].desc, count_desc);
	scheduler_result_free(&res);
}
END_TEST

/* instance_loop counts exactly, as processes and threads. */
START_TEST(test_loop_exact_ops)
{
	struct run_result res;

	for (int threads = 0; threads < 2; threads++) {
		plan_threads = threads;
		run(&s_loop_count, 3, 1001, 0, &res);
		ck_assert_int_eq(res.status, SK_OK);
		ck_assert_uint_eq(res.s[0].inst[0].ops, 334);
		ck_assert_uint_eq(res.s[0].inst[1].ops, 334);
		ck_assert_uint_eq(res.s[0].inst[2].ops, 333);
		scheduler_result_free(&res);
	}
	/* batches stop at the limit exactly */
	run(&s_loop_batch, 3, 1001, 0, &res);
	ck_assert_int_eq(res.status, SK_OK);
	ck_assert_uint_eq(res.s[0].inst[0].ops, 334);
	ck_assert_uint_eq(res.s[0].inst[2].ops, 333);
	scheduler_result_free(&res);
	/* an ops limit of 1 per instance, under the first loop's count */
	run(&s_loop_count, 3, 3, 0, &res);
	ck_assert_int_eq(res.status, SK_OK);
	for (int k = 0; k < 3; k++)
		ck_assert_uint_eq(res.s[0].inst[k].ops, 1);
	scheduler_result_free(&res);
	/* a count is in the slot as soon as it is made */
	run(&s_loop_killed, 1, 0, 5, &res);
	ck_assert(!res.s[0].inst[0].torn);
	ck_assert_uint_eq(res.s[0].inst[0].ops, 5);
	ck_assert_int_eq(res.s[0].inst[0].term_signal, SIGKILL);
	scheduler_result_free(&res);
}
END_TEST

START_TEST(test_timeout)
{
	struct run_result res;

	run(&s_sleeper, 2, 0, 0.2, &res);
	ck_assert_int_eq(res.status, SK_OK);
	ck_assert(res.wall >= 0.2);
	ck_assert(!res.s[0].inst[0].killed_late);
	ck_assert(res.s[0].inst[0].finished);
	ck_assert(res.s[0].inst[0].duration > 0.1);
	scheduler_result_free(&res);
}
END_TEST

START_TEST(test_torn)
{
	struct run_result res;
	struct stressor_summary sum;

	run(&s_torn, 1, 0, 5, &res);
	ck_assert(res.s[0].inst[0].torn);
	ck_assert_int_eq(res.s[0].inst[0].term_signal, SIGKILL);
	ck_assert_int_eq(res.status, SK_UNTRUSTWORTHY);
	metrics_summarize(&res.s[0], &sum);
	ck_assert(sum.untrustworthy);
	ck_assert_uint_eq(sum.ops, 0);
	scheduler_result_free(&res);
}
END_TEST

START_TEST(test_killed)
{
	struct run_result res;

	run(&s_killed, 1, 0, 5, &res);
	ck_assert(!res.s[0].inst[0].torn);
	ck_assert_uint_eq(res.s[0].inst[0].ops, 5);
	ck_assert_int_eq(res.s[0].inst[0].term_signal, SIGKILL);
	ck_assert_int_eq(res.status, SK_SIGNALED);
	scheduler_result_free(&res);
}
END_TEST

START_TEST(test_ignores_stop)
{
	struct run_result res;

	run(&s_deaf, 1, 0, 0.2, &res);
	ck_assert(res.s[0].inst[0].killed_late);
	ck_assert_uint_gt(res.s[0].inst[0].ops, 0);
	ck_assert_int_ne(res.status, SK_OK);
	ck_assert(res.wall >= 0.5);	/* timeout + grace */
	scheduler_result_free(&res);
}
END_TEST

START_TEST(test_missing_feature)
{
	struct run_result res;

	run(&s_missing, 2, 0, 1, &res);
	ck_assert_uint_eq(res.s[0].n, 0);
	ck_assert_int_eq(res.status, SK_NOT_IMPLEMENTED);
	scheduler_result_free(&res);
}
END_TEST

START_TEST(test_failure_and_others)
{
	struct plan_entry e[2] = {
		{ .stressor = &s_fail, .instances = 1 },
		{ .stressor = &s_count, .instances = 1, .max_ops = 100 },
	};
	struct run_plan plan = {
		.entries = e, .n = 2, .timeout = 5, .grace = 0.3, .temp_path = temp_dir,
	};
	struct run_result res;

	ck_assert_int_eq(scheduler_run(&plan, &res), 0);
	ck_assert_int_eq(res.status, SK_FAILED);
	ck_assert_int_eq(res.s[0].status, SK_FAILED);
	ck_assert_int_eq(res.s[1].status, SK_OK);
	ck_assert_uint_eq(res.s[1].inst[0].ops, 100);
	scheduler_result_free(&res);
}
END_TEST

START_TEST(test_run_dir_removed)
{
	struct run_result res;

	run(&s_file, 1, 0, 0.1, &res);
	ck_assert_int_eq(res.status, SK_OK);
	scheduler_result_free(&res);
}
END_TEST

/* Thread mode: one worker, exact ops, per-thread times and statuses. */
START_TEST(test_threads)
{
	struct run_result res;

	plan_threads = true;
	run(&s_count, 3, 1001, 0, &res);
	ck_assert_int_eq(res.status, SK_OK);
	ck_assert_uint_eq(res.s[0].inst[0].ops + res.s[0].inst[1].ops +
			  res.s[0].inst[2].ops, 1001);
	ck_assert_int_eq(res.s[0].inst[0].pid, res.s[0].inst[2].pid);
	scheduler_result_free(&res);

	/* a thread blocked in pause() is interrupted by the stop */
	run(&s_sleeper, 2, 0, 0.2, &res);
	ck_assert_int_eq(res.status, SK_OK);
	for (int k = 0; k < 2; k++) {
		ck_assert(!res.s[0].inst[k].killed_late);
		ck_assert(res.s[0].inst[k].finished);
		ck_assert(res.s[0].inst[k].utime < 0.1);
	}
	scheduler_result_free(&res);

	run(&s_fail, 2, 0, 5, &res);
	ck_assert_int_eq(res.s[0].inst[1].status, SK_FAILED);
	ck_assert_int_eq(res.status, SK_FAILED);
	scheduler_result_free(&res);

	/* the worker is killed for thread 0: only thread 0 was late */
	run(&s_half_deaf, 2, 0, 0.2, &res);
	ck_assert(res.s[0].inst[0].killed_late);
	ck_assert(!res.s[0].inst[1].killed_late);
	ck_assert(res.s[0].inst[1].finished);
	ck_assert_int_eq(res.s[0].inst[1].term_signal, 0);
	ck_assert_int_eq(res.s[0].inst[1].status, SK_OK);
	/* killed mid-update it is torn too, which ranks above the signal */
	ck_assert(res.status == SK_SIGNALED || res.status == SK_UNTRUSTWORTHY);
	scheduler_result_free(&res);
}
END_TEST

/* --warmup: ops and time of the warmup are taken off. */
START_TEST(test_warmup)
{
	struct run_result res;

	plan_warmup = 0.3;
	run(&s_sleeper, 1, 0, 0.2, &res);
	ck_assert(res.wall >= 0.5);
	/* the warmup's 0.3 s are off its run time, whatever the run's own
	 * length on a loaded machine (a bound of 0.45 s failed there) */
	ck_assert(res.s[0].inst[0].duration <= res.wall - 0.3 + 0.001);
	ck_assert(res.s[0].inst[0].duration > 0.1);
	scheduler_result_free(&res);
	run(&s_count, 1, 0, 0.2, &res);
	ck_assert(res.s[0].inst[0].before.ops > 0);
	ck_assert(res.s[0].inst[0].ops > 0);
	scheduler_result_free(&res);
	run(&s_loop_count, 1, 0, 0.2, &res);
	ck_assert_int_eq(res.status, SK_OK);
	ck_assert(res.s[0].inst[0].before.ops > 0);
	ck_assert(res.s[0].inst[0].ops > 0);
	scheduler_result_free(&res);
}
END_TEST

static Suite *scheduler_suite(void)
{
	Suite *s = suite_create("scheduler");
	TCase *tc = tcase_create("run");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_exact_ops);
	tcase_add_test(tc, test_loop_exact_ops);
	tcase_add_test(tc, test_timeout);
	tcase_add_test(tc, test_torn);
	tcase_add_test(tc, test_killed);
	tcase_add_test(tc, test_ignores_stop);
	tcase_add_test(tc, test_missing_feature);
	tcase_add_test(tc, test_failure_and_others);
	tcase_add_test(tc, test_run_dir_removed);
	tcase_add_test(tc, test_threads);
	tcase_add_test(tc, test_warmup);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(scheduler_suite);
