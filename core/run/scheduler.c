/*
 * scheduler.c - one run of a plan, from the controller's side:
 * prepare -> fork every instance -> open the start barrier -> wait for the
 * timeout (or every instance done, or a stop signal) -> stop.c (stop flag
 * and signal -> scaling grace -> SIGKILL -> reap with wait4) -> cleanup.
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
#include "latency_area.h"
#include "log.h"
#include "perf.h"
#include "phases.h"
#include "plugin.h"
#include "profile.h"
#include "registry.h"
#include "run_state.h"
#include "ready.h"
#include "rundir.h"
#include "sampler.h"
#include "shared.h"
#include "start_check.h"
#include "status.h"
#include "stop.h"
#include "testhook.h"
#include "threads.h"
#include "tick.h"
#include "warmup.h"

static void scheduler_debug_instances(const struct run_result *res)
{
	for (size_t i = 0; i < res->n; i++)
		for (uint32_t k = 0; k < res->s[i].n; k++) {
			const struct instance_result *r = &res->s[i].inst[k];

			log_debug("%s: instance %u (pid %d): %llu bogo-ops in %.3fs, "
				  "exit status %d", res->s[i].entry->stressor->name, k,
				  (int)r->pid, (unsigned long long)r->ops,
				  r->duration, r->status);
		}
}

static int scheduler_prepare(struct run_state *st)
{
	const struct run_plan *plan = st->plan;
	int err = rundir_create(plan->temp_path, st->run_dir, sizeof(st->run_dir));

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
		ctx->warmup = plan->warmup;
		ctx->verbose = plan->verbose;
		ctx->sandbox = plan->sandbox;
	}
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
 * Fewer instances started than asked: said once, whatever -q says, with
 * the limit that bit; the run goes on with those that did, and exits 3.
 */
static void scheduler_short_start(struct stressor_result *sr, int err)
{
	char why[160];

	start_fork_limit(err, why, sizeof(why));
	log_usage_error("%s: %u of %u instances started: fork: %s%s",
			sr->entry->stressor->name, sr->n, sr->entry->instances,
			strerror(err), why);
	sr->short_start = true;
}

/* Thread mode: one worker process runs the instances of entry i. */
static uint32_t scheduler_fork_threads(struct run_state *st, size_t i, size_t *slot)
{
	const struct plan_entry *e = &st->plan->entries[i];
	struct stressor_result *sr = &st->res->s[i];
	struct instance_slot *s = shared_slot(st->sh, *slot);
	pid_t pid = threads_fork(&st->ctx[i], st->sh, s, e->instances, e->max_ops,
				 getpid(), st->plan->taskset ? st->plan->taskset->mask : NULL);

	if (pid < 0) {
		scheduler_short_start(sr, errno);
		return 0;
	}
	stop_join_group(st, pid);
	st->children[st->n_children++] = (struct child){
		.pid = pid, .res = sr->inst, .slot = s, .n_inst = e->instances,
		.threads = true,
	};
	for (uint32_t k = 0; k < e->instances; k++)
		sr->inst[k].pid = pid;
	sr->n = e->instances;
	*slot += e->instances;
	return sr->n;
}

/*
 * Forks the instances of entry i; returns how many were forked. Between
 * two forks the controller writes no private page but its stack: a fork
 * write-protects every private page it shares with the child, so each
 * page written after it costs a copy-on-write fault (a page copy and a
 * TLB flush, tens of microseconds under a paravirtualised MMU), three a
 * fork when the tables below were filled in the loop. The pids go to the
 * shared mapping meanwhile, and into the tables after the last fork.
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
			instance_main(&st->ctx[i], n, st->sh,
				      shared_slot(st->sh, *slot + n), share, controller,
				      st->plan->taskset ? st->plan->taskset->mask : NULL);
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
	}
	sr->n = n;
	*slot += n;
	if (sr->n < e->instances)
		scheduler_short_start(sr, err);
	return sr->n;
}

/*
 * --warmup: ends it (each instance notes its own boundary at its next
 * count) and notes each instance's figures so far, to be taken off
 * (warmup.c).
 */
static void scheduler_warmup(struct run_state *st, bool discount)
{
	if (!discount)
		__atomic_store_n(&st->sh->warming, 0, __ATOMIC_RELEASE);
	for (size_t i = 0; i < st->n_children; i++) {
		struct child *c = &st->children[i];

		for (uint32_t k = 0; k < c->n_inst; k++) {
			if (discount)
				warmup_discount(&c->res[k], &c->slot[k]);
			else
				warmup_snapshot(&c->res[k], &c->slot[k], c->pid,
						c->threads);
		}
	}
}

/* Counting starts: the sampler learns every instance's slot (sampler.h). */
static void scheduler_sample_begin(struct run_state *st)
{
	struct sampler *sm = st->plan->sampler;

	if (!sm || sampler_begin(sm, st->res, sk_now()))
		return;
	for (size_t i = 0; i < st->n_children; i++)
		for (uint32_t k = 0; k < st->children[i].n_inst; k++)
			sampler_bind(sm, &st->children[i].res[k],
				     &st->children[i].slot[k],
				     st->children[i].pid, st->children[i].threads);
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
	return plan->latency_sample ?
	       latency_area_map(res, st->sh, total, plan->latency_sample) : 0;
}

static void scheduler_teardown(struct run_state *st)
{
	for (size_t i = 0; i < st->plan->n; i++) {
		struct stressor_ctx *ctx = &st->ctx[i];

		if (ctx->stressor && ctx->stressor->cleanup)
			ctx->stressor->cleanup(ctx);
		free((char *)ctx->run_dir);
	}
	rundir_remove(st->run_dir);
	shared_unmap(st->sh, st->sh_len);
	free(st->ctx);
	free(st->children);
}

int scheduler_run(const struct run_plan *plan, struct run_result *res)
{
	struct run_state st = { .plan = plan, .res = res };
	sigset_t old, blocked;
	size_t total = 0, slot = 0;
	double t0, deadline;
	int status, err;

	memset(res, 0, sizeof(*res));
	for (size_t i = 0; i < plan->n; i++)
		total += plan->entries[i].instances;
	err = scheduler_alloc(&st, total);
	if (err) {
		scheduler_teardown(&st);
		latency_area_unmap(res);
		return err;
	}

	/* Stop signals and SIGCHLD wait in the queue for sigtimedwait. */
	sigemptyset(&st.waitset);
	sigaddset(&st.waitset, SIGCHLD);
	sigaddset(&st.waitset, SIGINT);
	sigaddset(&st.waitset, SIGTERM);
	sigaddset(&st.waitset, SIGHUP);
	/* Forked instances inherit these blocked, SIGALRM too: a stop that
	 * reaches an instance before it installs its handler waits for it
	 * instead of killing it (a short run on a loaded machine). */
	blocked = st.waitset;
	sigaddset(&blocked, SIGALRM);
	sigprocmask(SIG_BLOCK, &blocked, &old);

	status = scheduler_prepare(&st);
	if (status == SK_OK)
		start_check_limits(plan->threads ? plan->n : total);
	fflush(NULL);
	testhook_scan();	/* once, not in every instance and helper */
	priority_raise(&st.prio);
	t0 = st.t0 = st.ph.t0 = sk_now();
	/* before fork: an instance reads it at the barrier, and the sampler
	 * reads no instance's warmup as ended before it ends it itself */
	st.sh->warming = plan->warmup > 0;
	/* --perf opens its counters, --perf-profile attaches perf record,
	 * before anything is set up: a helper forked in set-up inherits them */
	st.sh->setup = !plan->perf && !plan->profile;
	st.sh->ready_expect = UINT32_MAX;	/* set after the last fork */
	for (size_t i = 0; i < total && plan->warmup > 0; i++)
		shared_slot(st.sh, i)->lat_from = UINT64_MAX;
	tick_begin(&st);
	for (size_t i = 0; i < plan->n && status == SK_OK; i++) {
		int prep = scheduler_prepare_stressor(&st, i);

		if (prep != SK_OK) {
			res->s[i].status = prep;
			continue;
		}
		scheduler_fork_stressor(&st, i, &slot);
	}
	qsort(st.children, st.n_children, sizeof(*st.children), stop_child_cmp);
	st.n_live = st.n_children;
	st.ph.forked = sk_now();

	if (plan->perf)
		perf_attach(plan->perf, res);
	profile_attach(plan->profile, res, st.run_dir);
	/* every instance set up and at the barrier; a stop signal meanwhile
	 * releases them into a run that is already over */
	if (ready_wait(&st, slot)) {
		res->interrupted = true;
		__atomic_store_n(&st.sh->stop, 1, __ATOMIC_RELEASE);
	}
	if (plan->perf)
		perf_enable(plan->perf);
	/* without a warm-up the profile covers the run from its first op */
	if (!res->interrupted && !(plan->warmup > 0))
		profile_begin(plan->profile);
	st.ph.released = sk_now();
	shared_release(st.sh);
	/* The timeout counts from the start barrier's opening, so that every
	 * instance runs it even when the forks take seconds (thousands of
	 * instances at 1-2 ms a fork in a VM); at a few it is milliseconds
	 * after the first fork. */
	deadline = plan->timeout > 0 ?
		   st.ph.released + plan->warmup + plan->timeout : 0;
	if (plan->warmup > 0) {
		if (!res->interrupted)
			res->interrupted = stop_wait(&st, st.ph.released + plan->warmup);
		scheduler_warmup(&st, false);
	}
	scheduler_sample_begin(&st);
	if (!res->interrupted && plan->warmup > 0)
		profile_begin(plan->profile);
	if (!res->interrupted && stop_wait(&st, deadline))
		res->interrupted = true;
	sampler_stop(plan->sampler, sk_now());
	profile_end(plan->profile);
	if (st.n_live)
		stop_run(&st);
	else	/* every instance ended before the stop: nothing to wait for */
		st.ph.stopped = st.ph.last_exit = st.ph.reaped = sk_now();
	res->wall = st.ph.reaped - t0;	/* the phases add up to it */
	tick_count(&st, &res->counts);	/* --status carries them on */
	res->counts.now = st.ph.reaped;
	res->counts.elapsed = res->wall;
	priority_restore(&st.prio);
	sampler_end(plan->sampler);
	if (plan->warmup > 0)
		scheduler_warmup(&st, true);

	phases_note_starts(&st.ph, shared_slot(st.sh, 0), slot);
	phases_check_start(&st.ph, plan->timeout);
	if (log_verbose()) {
		scheduler_debug_instances(res);
		phases_report(&st.ph);
	}
	if (status == SK_OK)
		status_judge(res, res->grace);
	else
		res->status = status;
	profile_collect(plan->profile);	/* its files are in the run directory */
	scheduler_teardown(&st);
	/* Drop signals that arrived after the last wait, then restore. */
	{
		struct timespec zero = { 0, 0 };
		int sig;

		while ((sig = sigtimedwait(&st.waitset, NULL, &zero)) > 0)
			if (sig != SIGCHLD)
				res->interrupted = true;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return 0;
}

void scheduler_result_free(struct run_result *res)
{
	for (size_t i = 0; res->s && i < res->n; i++)
		free(res->s[i].inst);
	latency_area_unmap(res);
	free(res->s);
	memset(res, 0, sizeof(*res));
}
