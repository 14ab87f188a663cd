/*
 * instance.c - the runtime of a forked instance, and the instance_* calls a
 * stressor makes. The stop flag is set by the controller before it signals,
 * so the signal handler has nothing to do but interrupt a blocked syscall;
 * a signal from elsewhere (Ctrl-C reaches the whole process group) sets the
 * flag itself, which stops every instance of the run.
 */
#include "instance.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "helper_unshare.h"
#include "log.h"
#include "plugin.h"
#include "proc_name.h"
#include "run.h"
#include "run_mode.h"
#include "run_state.h"
#include "sandbox.h"
#include "stop_gate.h"
#include "testhook.h"
#include "user_stop.h"

static volatile uint32_t *instance_stop_word;
/* The run's mapping, for instance_ready(): one per process (its threads
 * share it) */
static struct run_shared *instance_shared;
/* The instance process itself: a child it forks without sk_fork_helper
 * keeps this handler, but is no child of the controller's (stop_gate.c) */
static pid_t instance_pid;
/* The run this process's instances belong to (instance_setup): what
 * the modes hand each instance before its run() (run_modes_instance). */
static const struct run_state *instance_run_state;
/* When this process first took a stop signal (0: not yet): its run ends
 * there, not when it passed the stop gate and wound down (stop_gate.c) */
static volatile double instance_stop_seen;
/* When a 1.0 plugin's run() was called again at the window (instance_run):
 * its second run()'s rates are of its own time (0: never) */
static __thread double instance_rerun_at;

/*
 * The stop: the flag, then the stop gate, waited on here, before the
 * interrupted loop can wind anything down (stop_gate.c); the loop's op
 * in flight is neither counted nor lost, as before.
 */
static void instance_on_signal(int sig)
{
	int saved = errno;

	(void)sig;
	if (instance_stop_word)
		*instance_stop_word = 1;
	if (!instance_stop_seen)
		instance_stop_seen = sk_now();
	if (instance_shared && getpid() == instance_pid)
		stop_gate_pass(instance_shared);
	errno = saved;
}

void instance_stop_signals(sigset_t *set)
{
	sigaddset(set, SIGALRM);	/* the controller's stop */
	user_stop_signals(set);
}

/* Signals that stop the run interrupt syscalls: no SA_RESTART. */
static void instance_signals(void)
{
	struct sigaction sa;
	sigset_t all;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = instance_on_signal;
	/* one handler at a time: a Ctrl-C during the stop must not wait at
	 * the gate a second time inside the first wait */
	sigemptyset(&sa.sa_mask);
	instance_stop_signals(&sa.sa_mask);
	for (int sig = 1; sig < NSIG; sig++)
		if (sigismember(&sa.sa_mask, sig) == 1)
			sigaction(sig, &sa, NULL);
	signal(SIGCHLD, SIG_DFL);
	signal(SIGPIPE, SIG_IGN);
	sigemptyset(&all);
	sigprocmask(SIG_SETMASK, &all, NULL);
}

static void instance_affinity(const uint64_t *taskset)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	for (int c = 0; c < 1024 && c < CPU_SETSIZE; c++)
		if (taskset[c / 64] & (1ULL << (c % 64)))
			CPU_SET(c, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

void instance_setup(const struct run_state *st, const struct stressor_ctx *ctx,
		    pid_t controller)
{
	struct run_shared *sh = st->sh;

	instance_run_state = st;
	instance_stop_word = &sh->stop;
	instance_shared = sh;
	instance_pid = getpid();
	instance_stop_seen = 0;
	/* the run's group before any helper is forked (stop.c) */
	if (sh->pgid >= 0)
		setpgid(0, sh->pgid);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != controller)
		_exit(SK_SIGNALED);
	instance_signals();
	proc_name_set(ctx->stressor->name);
	/*
	 * A helper needs the run's shared mapping only to record into what
	 * a mode handed its instance (--latency's histograms, timed from
	 * the window's opening in the slot; helper.h says it touches nothing
	 * else of it). Without it, the fork and exit of each helper skip
	 * that mapping and the one lock its every user takes: at thousands
	 * of pipe instances, exits queued for seconds on it.
	 */
	if (!run_modes_reach_instances(st))
		helper_unshare(sh, (size_t)sh->len);
	helper_herd(ctx->stressor->flags & STRESSOR_HERD);
	if (st->plan->taskset)
		instance_affinity(st->plan->taskset->mask);
}

/*
 * The time, or when the stop signal came if it did: an instance that
 * waited at the stop gate, or for its helper to drain, ran no ops
 * meanwhile, and its rates are of its run, which ended at the stop.
 */
static double instance_now(void)
{
	double now = sk_now();

	return instance_stop_seen && instance_stop_seen < now ?
	       instance_stop_seen : now;
}

/*
 * The end of the slot's run so far: now, or the stop if one came, and
 * never before its own start (a stop can come before it, when the release
 * outlasts the timeout: the instance then ran for no time, not for less).
 */
static double instance_run_end(const struct instance_slot *slot)
{
	double now = instance_now();

	return now > slot->start ? now : slot->start;
}

/*
 * The instance's start: counted ready, it waits for the release, then
 * notes its start. Everything a run is judged by (start time, elapsed,
 * window, the late-start check) counts from here.
 */
static void instance_start(struct instance *in, struct run_shared *sh)
{
	struct instance_slot *slot = instance_slot_of(in);

	shared_note_ready(sh);
	shared_wait_start(sh);
	/* An instance that starts after the window opened has nothing
	 * before it. (in->window_shut is the public name of the window held.) */
	if (__atomic_load_n(&sh->window_held, __ATOMIC_ACQUIRE)) {
		in->window_shut = &sh->window_held;
		in->window_from = UINT64_MAX;	/* as the controller set the slot's */
	} else {
		__atomic_store_n(&slot->window_from, 0, __ATOMIC_RELEASE);
	}
	testhook_before_start(in->index);
	slot->start = sk_now();
	__atomic_store_n(&slot->state, SLOT_RUNNING, __ATOMIC_RELEASE);
	testhook_instance(in->index);
}

/*
 * STRESSOR_OWN_START: run() sets up, then calls this. A second call, a
 * call from a stressor without the flag (the core started it already) and
 * a call from a helper process (no barrier of its own) do nothing.
 */
void instance_ready(struct instance *in)
{
	struct instance_slot *slot = instance_slot_of(in);

	if (!instance_shared || slot->state != SLOT_FORKED ||
	    (pid_t)syscall(SYS_gettid) != slot->tid)
		return;
	instance_start(in, instance_shared);
}

/*
 * A plugin built against the 1.0 headers inlines a loop that takes its
 * --NAME-ops limit once, at instance_loop_begin(), so its count would
 * include the ops before the window (--warmup's). What it does before the
 * window is therefore a run() of its own, with no limit, stopped when the
 * window opens; the run() after it begins its loop in the window with the
 * limit moved past the ops before it: the
 * count of the same source built against today's headers. (Its set-up is
 * then done twice, the second time inside the window.)
 */
static int instance_run(struct instance *in, struct run_shared *sh)
{
	const struct stressor *s = in->ctx->stressor;
	struct instance_slot *slot = instance_slot_of(in);
	uint64_t max_ops = in->max_ops;
	int status;

	if (max_ops == UINT64_MAX || plugin_abi_minor(s) > 0 ||
	    !__atomic_load_n(&sh->window_held, __ATOMIC_ACQUIRE))
		return s->run(in);
	in->max_ops = UINT64_MAX;
	in->stop = &sh->held_stop;
	status = s->run(in);
	in->stop = &sh->stop;
	if (status != SK_OK || __atomic_load_n(&sh->stop, __ATOMIC_ACQUIRE) ||
	    instance_stop_seen)
		return status;
	if (in->window_shut)	/* its loop ended before it saw the window open */
		instance_warmup_over(in);
	in->max_ops = slot->window_ops > UINT64_MAX - 1 - max_ops ?
		      UINT64_MAX - 1 : slot->window_ops + max_ops;
	instance_rerun_at = sk_now();
	return s->run(in);
}

int instance_body(const struct stressor_ctx *ctx, uint32_t index,
		  struct run_shared *sh, struct instance_slot *slot,
		  uint64_t max_ops)
{
	struct instance in = {
		.ctx = ctx,
		.opts = ctx->opts,
		.index = index,
		.counter = &slot->counter,
		.stop = &sh->stop,
		.max_ops = max_ops ? max_ops : UINT64_MAX,
		.time_left = 1,	/* the first op is timed */
	};
	struct rusage ru;
	int status;

	slot->tid = (int32_t)syscall(SYS_gettid);
	run_modes_instance(instance_run_state, &in, (size_t)(slot - shared_slot(sh, 0)));
	/* Per process or per thread: seccomp filters bind the calling thread. */
	if (ctx->sandbox && (status = sandbox_instance(&in))) {
		instance_fail(&in, "cannot load the sandbox: %s", strerror(-status));
		shared_note_ready(sh);	/* never will be: the barrier goes on */
		return SK_FAILED;
	}

	if (ctx->stressor->flags & STRESSOR_OWN_START) {
		/* run() sets up, then starts with instance_ready() */
		shared_wait_setup(sh);
		status = instance_run(&in, sh);
		/* it returned without: started and stopped here, so the
		 * barrier counts it and its slot reads as any other's; ops it
		 * counted have no run time to be divided by */
		if (slot->state == SLOT_FORKED) {
			instance_start(&in, sh);
			if (slot->ops && status == SK_OK) {
				instance_fail(&in, "run() counted %llu bogo-ops without "
					      "calling instance_ready(): no run time "
					      "to rate them by",
					      (unsigned long long)slot->ops);
				status = SK_UNTRUSTWORTHY;
			}
		}
	} else {
		instance_start(&in, sh);
		status = sh->stop ? SK_OK : instance_run(&in, sh);
	}
	if (ctx->sandbox && sandbox_tripped())
		status = SK_FAILED;
	slot->stop = instance_run_end(slot);
	/* Per thread: a thread instance has no wait4 of its own. */
	if (getrusage(RUSAGE_THREAD, &ru) == 0) {
		slot->utime = sk_timeval_seconds(&ru.ru_utime);
		slot->stime = sk_timeval_seconds(&ru.ru_stime);
	}
	if (status < 0 || status > SK_UNTRUSTWORTHY)
		status = SK_FAILED;
	slot->status = (uint32_t)status;
	__atomic_store_n(&slot->state, SLOT_DONE, __ATOMIC_RELEASE);
	return status;
}

/*
 * --placement: instance index's CPUs, the index-th of those it may use
 * (--taskset's, or the controller's affinity), for itself and its helpers
 * (helper_place: taken at its first helper, so a single task stays free).
 */
static void instance_place(const struct run_state *st, uint32_t index)
{
	cpu_set_t set;
	int cpus[CPU_SETSIZE], n = 0;

	if (st->plan->placement == PLACE_FREE || sched_getaffinity(0, sizeof(set), &set))
		return;
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &set))
			cpus[n++] = c;
	if (!n)
		return;
	if (st->plan->placement == PLACE_PACK)
		helper_place(cpus[index % (uint32_t)n], cpus[index % (uint32_t)n]);
	else
		helper_place(cpus[(2 * index) % (uint32_t)n], cpus[(2 * index + 1) % (uint32_t)n]);
}

void instance_main(const struct run_state *st, const struct stressor_ctx *ctx,
		   uint32_t index, struct instance_slot *slot, uint64_t max_ops,
		   pid_t controller)
{
	instance_setup(st, ctx, controller);
	instance_place(st, index);
	_exit(instance_body(ctx, index, st->sh, slot, max_ops));
}

void instance_metric(struct instance *in, const char *desc, double value,
		     enum metric_mean mean, bool higher_is_better)
{
	struct instance_slot *s = instance_slot_of(in);
	uint32_t i;

	for (i = 0; i < s->n_metrics; i++)
		if (s->metrics[i].desc == desc || !strcmp(s->metrics[i].desc, desc))
			break;
	if (i == INSTANCE_METRICS_MAX)
		return;
	s->metrics[i].desc = desc;
	s->metrics[i].value = value;
	s->metrics[i].mean = mean;
	s->metrics[i].higher_is_better = higher_is_better;
	if (i == s->n_metrics)
		s->n_metrics = i + 1;
}

/*
 * The first count after the controller opened the measured window: the
 * ops so far (that count's included) are before it, and the next op is
 * the first counted and the first timed. One clock read, once; the
 * controller takes these off at the end (window.c). --NAME-ops is of
 * counted ops, so the counter's limit moves past the ops before it. (The
 * name is the 1.0 ABI's, from when --warmup was the window's one user.)
 */
void instance_warmup_over(struct instance *in)
{
	struct instance_slot *s = instance_slot_of(in);

	in->window_shut = NULL;
	s->window_ops = s->ops;
	if (in->max_ops != UINT64_MAX)
		in->max_ops = s->ops > UINT64_MAX - 1 - in->max_ops ?
			      UINT64_MAX - 1 : s->ops + in->max_ops;
	in->window_from = sk_clock_ns();
	__atomic_store_n(&s->window_from, in->window_from, __ATOMIC_RELEASE);
}

void instance_latency_name(struct instance *in, unsigned series,
			   const char *name)
{
	if (in->timing && series < SK_LATENCY_SERIES)
		in->timing[series].name = name;
}

double instance_elapsed(const struct instance *in)
{
	const struct instance_slot *slot = instance_slot_of(in);
	double from = instance_rerun_at > slot->start ? instance_rerun_at : slot->start;
	double end = instance_run_end(slot);

	return end > from ? end - from : 0;
}

static void instance_vlog(const struct instance *in, int fd, const char *tag,
			  const char *fmt, va_list ap)
{
	char msg[1536];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	log_vmsg_fmt(fd, tag, "%s: instance %u: %s", in->ctx->stressor->name,
		     in->index, msg);
}

void instance_info(const struct instance *in, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	instance_vlog(in, log_out_fd(), "info:", fmt, ap);
	va_end(ap);
}

void instance_fail(const struct instance *in, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	instance_vlog(in, STDERR_FILENO, "fail:", fmt, ap);
	va_end(ap);
}

int instance_error(const struct instance *in, const char *what, int err)
{
	int status = sk_status_from_errno(-err);

	/*
	 * A helper that could not be forked for want of a process: at a
	 * process limit every instance after the first to hit it fails
	 * alike, and a line each (thousands) buried the one saying why.
	 * Counted in the slot and said once for the stressor after the run.
	 */
	if (err == -EAGAIN && helper_fork_hit_limit()) {
		instance_slot_of(in)->helper_no_process = 1;
		return status;
	}
	if (status == SK_NOT_IMPLEMENTED)
		instance_info(in, "%s not implemented on this system, skipping",
			      what);
	else
		instance_fail(in, "%s failed: %s (errno %d)", what,
			      strerror(-err), -err);
	return status;
}

int instance_syscall_failed(const struct instance *in, const char *syscall)
{
	return instance_error(in, syscall, -errno);
}

/* Takes what a dead instance left in its slot and its rusage. */
void instance_record(struct instance_result *r, const struct instance_slot *s,
		     int wstatus, const struct rusage *ru, double now)
{
	r->utime = sk_timeval_seconds(&ru->ru_utime);
	r->stime = sk_timeval_seconds(&ru->ru_stime);
	r->maxrss_kb = ru->ru_maxrss;
	r->nvcsw = ru->ru_nvcsw;
	r->nivcsw = ru->ru_nivcsw;
	r->started = s->state >= SLOT_RUNNING;
	r->finished = s->state == SLOT_DONE;
	r->torn = s->busy != 0;
	r->ops = s->ops;
	if (r->started)
		r->duration = (r->finished ? s->stop : now) - s->start;
	r->n_metrics = s->n_metrics;
	memcpy(r->metrics, s->metrics, sizeof(r->metrics));
	r->helper_no_process = s->helper_no_process != 0;
	if (WIFEXITED(wstatus)) {
		r->status = WEXITSTATUS(wstatus);
	} else if (WIFSIGNALED(wstatus)) {
		r->term_signal = WTERMSIG(wstatus);
		r->status = SK_SIGNALED;
	}
}
