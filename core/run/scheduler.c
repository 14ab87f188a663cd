/*
 * scheduler.c - one run of a plan, from the controller's side:
 * prepare -> fork every instance -> open the start barrier -> wait for the
 * timeout (or every instance done, or a stop signal) -> stop.c (stop flag
 * and signal -> scaling grace -> SIGKILL -> reap with wait4) -> cleanup.
 * Every run mode (warm-up, perf counters, the sampler, the tick hooks,
 * priority, the phases report) is hooks on those phases (run_mode.h):
 * the scheduler knows none of them.
 *
 * The controller blocks its stop signals and SIGCHLD and takes them with
 * sigtimedwait, so it never runs a handler and never misses a child.
 */
#include "scheduler.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "instance.h"
#include "log.h"
#include "plugin.h"
#include "registry.h"
#include "run_state.h"
#include "ready.h"
#include "rundir.h"
#include "shared.h"
#include "start_check.h"
#include "status.h"
#include "stop.h"
#include "testhook.h"
#include "threads.h"
#include "user_stop.h"

static int scheduler_prepare(struct run_state *st)
{
	const struct run_plan *plan = st->plan;
	int err;

	/* what a controller killed with SIGKILL left here; see rundir.h */
	rundir_sweep(plan->temp_path, true);
	err = rundir_create(plan->temp_path, st->run_dir, sizeof(st->run_dir),
			    &st->run_dir_lock);

	if (err) {
		log_fail("cannot create a run directory in %s: %s",
			 plan->temp_path, strerror(-err));
		st->run_dir[0] = '\0';
		return err == -ENOSPC || err == -ENOMEM ? SK_NO_RESOURCE : SK_USAGE;
	}
	log_debug("run directory %s", st->run_dir);
	for (size_t i = 0; i < plan->n; i++) {
		const struct plan_entry *e = &plan->entries[i];
		struct stressor_ctx *ctx = &st->ctx[i];
		char *dir = malloc(PATH_MAX);

		if (!dir)
			return SK_NO_RESOURCE;
		err = rundir_subdir(st->run_dir, e->stressor->name, dir, PATH_MAX);
		if (err) {
			free(dir);
			log_fail("cannot create %s/%s: %s", st->run_dir,
				 e->stressor->name, strerror(-err));
			return SK_NO_RESOURCE;
		}
		ctx->stressor = e->stressor;
		ctx->opts = e->opts;
		ctx->run_dir = dir;
		ctx->instances = e->instances;
		ctx->verify = plan->verify;
		ctx->timeout = plan->timeout;	/* what a stressor may read */
		ctx->verbose = plan->verbose;
		ctx->sandbox = plan->sandbox;
	}
	start_check_limits(plan);
	return SK_OK;
}

/* prepare() of one stressor; a failure skips that stressor only. */
static int scheduler_prepare_stressor(struct run_state *st, size_t i)
{
	struct stressor_ctx *ctx = &st->ctx[i];
	int status;

	if (!stressor_supported(ctx->stressor)) {
		log_info("%s: not implemented on this system (needs %s), skipping",
			 ctx->stressor->name, ctx->stressor->needs);
		return SK_NOT_IMPLEMENTED;
	}
	if (!ctx->stressor->prepare)
		return SK_OK;
	status = plugin_prepare(ctx);	/* a crash in it ends as a usage error */
	if (status == SK_NOT_IMPLEMENTED)
		log_info("%s: not implemented on this system, skipping",
			 ctx->stressor->name);
	else if (status != SK_OK && status != SK_USAGE)	/* a usage error said why */
		log_fail("%s: preparation failed", ctx->stressor->name);
	return status;
}

/*
 * Fewer instances started than asked: said once after the run with the
 * helpers that could not start either (status_judge); the run goes on
 * with those that did, and exits 3.
 */
static void scheduler_short_start(struct stressor_result *sr, int err)
{
	sr->short_start = true;
	sr->fork_err = err;
}

/* Thread mode: one worker process runs the instances of entry i. */
static uint32_t scheduler_fork_threads(struct run_state *st, size_t i, size_t *slot)
{
	const struct plan_entry *e = &st->plan->entries[i];
	struct stressor_result *sr = &st->res->s[i];
	struct instance_slot *s = shared_slot(st->sh, *slot);
	pid_t pid = threads_fork(st, &st->ctx[i], s, e->instances, e->max_ops, getpid());

	if (pid < 0) {
		scheduler_short_start(sr, errno);
		return 0;
	}
	stop_join_group(st, pid);
	st->children[st->n_children++] = (struct child){
		.pid = pid, .res = sr->inst, .slot = s, .n_inst = e->instances,
		.threads = true,
	};
	for (uint32_t k = 0; k < e->instances; k++) {
		sr->inst[k].pid = pid;
		sr->inst[k].slot = (uint32_t)(*slot + k);
	}
	sr->n = e->instances;
	*slot += e->instances;
	return sr->n;
}

/*
 * Forks the instances of entry i; returns how many were forked. Between
 * two forks the controller writes no private page but its stack, each
 * such page being a copy-on-write fault after a fork (docs/benchmarks.md):
 * the pids go to the shared mapping, into the tables after the last fork.
 */
static uint32_t scheduler_fork_stressor(struct run_state *st, size_t i, size_t *slot)
{
	const struct plan_entry *e = &st->plan->entries[i];
	struct stressor_result *sr = &st->res->s[i];
	pid_t controller = getpid();
	pid_t *pids = shared_pids(st->sh, st->n_slots) + *slot;
	uint32_t n = 0;
	int err = 0;

	if (st->plan->threads)
		return scheduler_fork_threads(st, i, slot);

	for (; n < e->instances; n++) {
		/* --NAME-ops N is shared out so the total is exactly N. */
		uint64_t share = run_ops_share(e->max_ops, e->instances, n);
		pid_t pid = fork();

		if (pid < 0) {
			err = errno;
			break;
		}
		if (pid == 0) {
			if (e->max_ops && share == 0) {
				shared_note_ready(st->sh);	/* not waited for */
				_exit(SK_OK);
			}
			instance_main(st, &st->ctx[i], n, shared_slot(st->sh, *slot + n),
				      share, controller);
		}
		stop_join_group(st, pid);
		pids[n] = pid;
	}
	for (uint32_t k = 0; k < n; k++) {
		st->children[st->n_children++] = (struct child){
			.pid = pids[k], .res = &sr->inst[k],
			.slot = shared_slot(st->sh, *slot + k), .n_inst = 1,
		};
		sr->inst[k].pid = pids[k];
		sr->inst[k].slot = (uint32_t)(*slot + k);
	}
	sr->n = n;
	*slot += n;
	if (sr->n < e->instances)
		scheduler_short_start(sr, err);
	return sr->n;
}

static int scheduler_alloc(struct run_state *st, size_t total)
{
	const struct run_plan *plan = st->plan;
	struct run_result *res = st->res;

	res->s = calloc(plan->n ? plan->n : 1, sizeof(*res->s));
	st->ctx = calloc(plan->n ? plan->n : 1, sizeof(*st->ctx));
	st->children = calloc(total ? total : 1, sizeof(*st->children));
	if (!res->s || !st->ctx || !st->children)
		return -ENOMEM;
	res->n = plan->n;
	for (size_t i = 0; i < plan->n; i++) {
		res->s[i].entry = &plan->entries[i];
		res->s[i].inst = calloc(plan->entries[i].instances ?
					plan->entries[i].instances : 1,
					sizeof(*res->s[i].inst));
		if (!res->s[i].inst)
			return -ENOMEM;
	}
	st->n_slots = total;
	st->sh = shared_map(total, &st->sh_len);
	if (!st->sh)
		return -ENOMEM;
	/*
	 * The set-up gate opens after the last fork (ready_wait): every
	 * fork and exit of the run's processes takes the same locks (the
	 * root anon_vma of each of the controller's anonymous mappings,
	 * which every descendant's mappings chain to), so instances forking
	 * their helpers while the controller still forks made both sides
	 * queue and spin on them: at 2048 pipe instances the controller's
	 * forks took 0.4-1.4 s instead of 0.15 s, and a slow fork phase
	 * left some instances no CPU until after the timeout.
	 */
	st->sh->setup = 0;
	st->sh->ready_expect = UINT32_MAX;	/* set after the last fork */
	return 0;
}

static void scheduler_teardown(struct run_state *st)
{
	for (size_t i = 0; i < st->plan->n; i++) {
		struct stressor_ctx *ctx = &st->ctx[i];

		if (ctx->stressor && ctx->stressor->cleanup)
			ctx->stressor->cleanup(ctx);
		free((char *)ctx->run_dir);
	}
	rundir_remove(st->run_dir, st->run_dir_lock);
	st->run_dir_lock = -1;
	shared_unmap(st->sh, st->sh_len);
	run_modes_release(st);
	free(st->ctx);
	free(st->children);
}

/*
 * Stop signals and SIGCHLD wait in the queue for sigtimedwait. Forked
 * instances inherit these blocked, SIGALRM too: a stop that reaches an
 * instance before it installs its handler waits for it instead of killing
 * it (a short run on a loaded machine).
 */
static void scheduler_block_signals(struct run_state *st, sigset_t *old)
{
	sigset_t blocked;

	sigemptyset(&st->waitset);
	sigaddset(&st->waitset, SIGCHLD);
	user_stop_signals(&st->waitset);
	/* the output's reader is gone (log_catch_sigpipe): a stop too */
	sigaddset(&st->waitset, SIGPIPE);
	blocked = st->waitset;
	sigaddset(&blocked, SIGALRM);
	sigprocmask(SIG_BLOCK, &blocked, old);
}

/* Drops signals that arrived after the last wait, then restores. */
static void scheduler_restore_signals(struct run_state *st, const sigset_t *old)
{
	struct timespec zero = { 0, 0 };
	int sig;

	while ((sig = sigtimedwait(&st->waitset, NULL, &zero)) > 0)
		if (stop_signal_stops(sig))
			st->res->interrupted = true;
	sigprocmask(SIG_SETMASK, old, NULL);
}

/* Prepares and forks each stressor of the plan; returns the slots used. */
static size_t scheduler_fork_all(struct run_state *st)
{
	size_t slot = 0;

	for (size_t i = 0; i < st->plan->n; i++) {
		int prep = scheduler_prepare_stressor(st, i);

		if (prep != SK_OK)
			st->res->s[i].status = prep;
		else
			scheduler_fork_stressor(st, i, &slot);
	}
	qsort(st->children, st->n_children, sizeof(*st->children), stop_child_cmp);
	st->n_live = st->n_children;
	return slot;
}

/*
 * The phases, and each run mode's hooks on them (run_mode.h). The timeout
 * counts from the measured window's opening (the start barrier's, unless
 * a mode holds it: window.h), so that every instance runs it however long
 * the forks take.
 */
int scheduler_run(const struct run_plan *plan, struct run_result *res)
{
	struct run_state st = { .plan = plan, .res = res, .run_dir_lock = -1 };
	size_t total = 0, slot = 0;
	sigset_t old;
	int status, err;

	memset(res, 0, sizeof(*res));
	for (size_t i = 0; i < plan->n; i++)
		total += plan->entries[i].instances;
	err = scheduler_alloc(&st, total);
	if (err) {
		scheduler_teardown(&st);
		return err;
	}
	scheduler_block_signals(&st, &old);
	status = scheduler_prepare(&st);
	fflush(NULL);
	testhook_scan();	/* once, not in every instance and helper */
	run_modes_select(&st);
	st.t0 = st.ph.t0 = sk_now();
	run_modes_call(&st, RUN_BEFORE_FORK);
	status = status == SK_OK ? st.failed : status;
	if (status == SK_OK)
		slot = scheduler_fork_all(&st);
	st.ph.forked = sk_now();
	run_modes_call(&st, RUN_FORKED);
	/* every instance set up and at the barrier; a stop signal meanwhile
	 * releases them into a run that is already over */
	if (ready_wait(&st, slot)) {
		res->interrupted = true;
		__atomic_store_n(&st.sh->stop, 1, __ATOMIC_RELEASE);
	}
	run_modes_call(&st, RUN_RELEASED);
	st.ph.released = st.measure_from = sk_now();
	shared_release(st.sh);
	run_modes_call(&st, RUN_OPENED);
	run_modes_call(&st, RUN_MEASURING);
	if (!res->interrupted && stop_wait(&st, plan->timeout > 0 ?
			st.measure_from + plan->timeout : 0))
		res->interrupted = true;
	run_modes_call(&st, RUN_STOPPING);
	if (st.n_live)
		stop_run(&st);
	else	/* every instance ended before the stop: nothing to wait for */
		st.ph.stopped = st.ph.last_exit = st.ph.reaped = sk_now();
	res->wall = st.ph.reaped - st.t0;	/* the phases add up to it */
	run_modes_call(&st, RUN_REAPED);
	run_modes_call(&st, RUN_DONE);
	if (status == SK_OK)
		status_judge(res, res->grace);
	else
		res->status = status;
	scheduler_teardown(&st);
	scheduler_restore_signals(&st, &old);
	return 0;
}

void scheduler_result_free(struct run_result *res)
{
	for (size_t i = 0; res->s && i < res->n; i++)
		free(res->s[i].inst);
	run_modes_free_out(res);
	free(res->s);
	memset(res, 0, sizeof(*res));
}
