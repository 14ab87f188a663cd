/*
 * threads.c - instances as threads of one worker process.
 *
 * The controller forks one worker per stressor; the worker starts one
 * thread per instance and then only waits for signals. Process-directed
 * stop signals (the controller's SIGALRM, a Ctrl-C) are blocked in every
 * instance thread, so they reach the worker's main thread, which sets the
 * stop flag and interrupts each instance thread with SIGTHREAD_STOP. A
 * finishing thread tells the main thread with SIGTHREAD_DONE. Each thread
 * records its own CPU time (RUSAGE_THREAD) in its slot, since wait4 only
 * sees the worker as a whole; the rest of the worker's is shared out
 * (threads_record).
 */
#include "threads.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "clock.h"
#include "log.h"
#include "run_state.h"
#include "status.h"

#define SIGTHREAD_DONE	SIGUSR1		/* an instance thread returned */
#define SIGTHREAD_STOP	SIGUSR2		/* interrupts a thread's syscall */

struct threads_arg {
	const struct stressor_ctx *ctx;
	struct run_shared *sh;
	struct instance_slot *slot;
	uint32_t index;
	uint64_t max_ops;
	pid_t tid;		/* 0 until the thread runs */
	int status;		/* instance_body()'s */
	uint32_t done;
	pthread_t thread;
	bool created;
};

/* Worker-wide: the stop word and the main thread, for the threads. */
static volatile uint32_t *threads_stop_word;
static pid_t threads_main_tid;
static uint32_t threads_live;

static void threads_on_stop(int sig)
{
	(void)sig;
	if (threads_stop_word)
		*threads_stop_word = 1;
}

static void *threads_instance(void *p)
{
	struct threads_arg *a = p;

	__atomic_store_n(&a->tid, (pid_t)syscall(SYS_gettid), __ATOMIC_RELEASE);
	a->status = instance_body(a->ctx, a->index, a->sh, a->slot, a->max_ops);
	__atomic_store_n(&a->done, 1, __ATOMIC_RELEASE);
	__atomic_sub_fetch(&threads_live, 1, __ATOMIC_ACQ_REL);
	syscall(SYS_tgkill, getpid(), threads_main_tid, SIGTHREAD_DONE);
	return NULL;
}

/* Sets the stop flag and interrupts every thread still running. */
static void threads_stop_all(struct threads_arg *args, uint32_t n)
{
	__atomic_store_n(threads_stop_word, 1, __ATOMIC_RELEASE);
	for (uint32_t k = 0; k < n; k++) {
		pid_t tid = __atomic_load_n(&args[k].tid, __ATOMIC_ACQUIRE);

		if (args[k].created && tid && !__atomic_load_n(&args[k].done, __ATOMIC_ACQUIRE))
			syscall(SYS_tgkill, getpid(), tid, SIGTHREAD_STOP);
	}
}

/* The worker's main thread: start the instances, relay stops, join. */
static int threads_worker(const struct stressor_ctx *ctx, struct run_shared *sh,
			  struct instance_slot *slots, uint32_t n, uint64_t max_ops)
{
	struct threads_arg *args = calloc(n, sizeof(*args));
	struct sigaction sa;
	sigset_t waitset;
	int status = SK_OK;

	if (!args)
		return SK_NO_RESOURCE;
	threads_stop_word = &sh->stop;
	threads_main_tid = (pid_t)syscall(SYS_gettid);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = threads_on_stop;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTHREAD_STOP, &sa, NULL);
	sigemptyset(&waitset);
	instance_stop_signals(&waitset);
	sigaddset(&waitset, SIGTHREAD_DONE);
	/* Blocked before the threads exist, so they inherit the mask. */
	pthread_sigmask(SIG_BLOCK, &waitset, NULL);
	/*
	 * The threads start before the barrier, so that starting them is
	 * not timed and an instance's set-up (STRESSOR_OWN_START) is done
	 * by the release; once the setup gate opens: under --perf the
	 * controller attaches its counters (inherited) to the worker first,
	 * so they count every instance thread. Each thread times itself.
	 */
	shared_wait_setup(sh);

	for (uint32_t k = 0; k < n; k++) {
		struct threads_arg *a = &args[k];

		*a = (struct threads_arg){
			.ctx = ctx, .sh = sh, .slot = &slots[k], .index = k,
			.max_ops = run_ops_share(max_ops, n, k),
		};
		/* --NAME-ops fewer than instances: this one has nothing to
		 * do, and the barrier does not wait for it */
		if (max_ops && !a->max_ops) {
			shared_note_ready(sh);
			continue;
		}
		__atomic_add_fetch(&threads_live, 1, __ATOMIC_ACQ_REL);
		if (pthread_create(&a->thread, NULL, threads_instance, a)) {
			__atomic_sub_fetch(&threads_live, 1, __ATOMIC_ACQ_REL);
			log_warn("%s: cannot start thread instance %u", ctx->stressor->name, k);
			shared_note_ready(sh);
			status = SK_NO_RESOURCE;
			continue;
		}
		a->created = true;
	}
	while (__atomic_load_n(&threads_live, __ATOMIC_ACQUIRE)) {
		int sig = sigwaitinfo(&waitset, NULL);

		if (sig > 0 && sig != SIGTHREAD_DONE)
			threads_stop_all(args, n);
	}
	/* The worst status is the worker's: it stands for threads that
	 * never recorded their own (a sandbox that would not load). */
	for (uint32_t k = 0; k < n; k++) {
		if (!args[k].created)
			continue;
		pthread_join(args[k].thread, NULL);
		status = status_worse(status, args[k].status);
	}
	free(args);
	return status;
}

pid_t threads_fork(const struct run_state *st, const struct stressor_ctx *ctx,
		   struct instance_slot *slots, uint32_t n, uint64_t max_ops,
		   pid_t controller)
{
	pid_t pid = fork();

	if (pid != 0)
		return pid;
	instance_setup(st, ctx, controller);
	_exit(threads_worker(ctx, st->sh, slots, n, max_ops));
}

void threads_record(struct instance_result *res, const struct instance_slot *slots,
		    uint32_t n, const struct rusage *ru)
{
	double user = sk_timeval_seconds(&ru->ru_utime);
	double sys = sk_timeval_seconds(&ru->ru_stime);
	uint32_t unrecorded = 0;

	for (uint32_t k = 0; k < n; k++) {
		if (slots[k].state != SLOT_DONE) {
			unrecorded++;
			continue;
		}
		/* it returned: a signal that later ended the worker is not its */
		res[k].utime = slots[k].utime;
		res[k].stime = slots[k].stime;
		res[k].status = (int)slots[k].status;
		res[k].term_signal = 0;
		user -= slots[k].utime;
		sys -= slots[k].stime;
	}
	/*
	 * What is left is the worker's main thread and the threads the
	 * instances started (context_switch1's partner): the threads that
	 * never recorded their own take it; with every one recorded, they
	 * share it, as a process instance's wait4 counts the helpers it
	 * reaped.
	 */
	user = user > 0 ? user : 0;
	sys = sys > 0 ? sys : 0;
	for (uint32_t k = 0; k < n; k++) {
		if (!unrecorded) {
			res[k].utime += user / n;
			res[k].stime += sys / n;
		} else if (slots[k].state != SLOT_DONE) {
			res[k].utime = user / unrecorded;
			res[k].stime = sys / unrecorded;
		}
	}
}
