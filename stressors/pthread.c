/*
 * pthread.c - stress-ng's pthread stressor: rounds of --pthread-max
 * threads created and joined. The instance holds a mutex while it creates
 * a round, waits (a bounded spin) until every thread has started, queues
 * a SIGUSR1 to each, then ends the round: clears the running flag,
 * broadcasts the condition and joins them all. A thread makes stress-ng's
 * calls: get_robust_list and set_robust_list of its own list (and once
 * with a zero length, which fails), tgkill and tkill with signal 0 to
 * itself and with invalid ids, counts itself started under a spinlock,
 * then takes the mutex and waits on the condition until the round ends,
 * tries setns into its own uts namespace (capabilities dropped: it fails)
 * and takes its SIGUSR1 with a sigtimedwait of at most 1 ms. One bogo-op
 * is one thread created; a round cut by EAGAIN is counted limited.
 *
 * The wait's deadline is 10 ms on CLOCK_MONOTONIC against a condition on
 * the realtime clock, as stress-ng's is: it has passed, so a waiting
 * thread yields in a loop, as stress-ng's threads do, and the op costs
 * what theirs does.
 *
 * Invariant: SIGUSR1 is blocked in the instance before any thread starts,
 * so every thread inherits the mask and a queued SIGUSR1 is only ever
 * taken by sigtimedwait, never delivered.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/futex.h>

#include "drop_capabilities.h"

#define PTHREAD_MAX_MAX	30000u	/* stress-ng's MAX_PTHREAD */

struct pthread_opts {
	uint64_t max;
};

static const struct stressor_opt pthread_opts[] = {
	{ .name = "pthread-max", .type = OPT_COUNT,
	  .offset = offsetof(struct pthread_opts, max),
	  .min = 1, .max = PTHREAD_MAX_MAX, .def = 1024,
	  .help = "threads created in each round before they are joined" },
	OPT_TABLE_END,
};

/* A round's shared state: the instance writes running, the threads
 * count themselves in started under the spinlock. */
struct pthread_round {
	pthread_mutex_t mutex;
	pthread_cond_t cond;
	pthread_spinlock_t lock;
	uint64_t started;
	volatile bool running;
};

struct pthread_slot {
	struct pthread_round *round;
	pthread_t thread;
	uint64_t t_create;	/* ns, before pthread_create */
	uint64_t t_run;		/* ns, the thread's first statement */
	int ret;		/* pthread_create's */
};

static void pthread_exercise_ids(void)
{
	const pid_t tgid = getpid();
	const pid_t tid = (pid_t)syscall(SYS_gettid);
	struct robust_list_head *head;
	size_t len;

	if (syscall(SYS_get_robust_list, 0, &head, &len) == 0 && head && len) {
		struct robust_list_head copy = *head;

		(void)syscall(SYS_set_robust_list, &copy, len);
		(void)syscall(SYS_set_robust_list, &copy, 0);	/* EINVAL */
		/* the thread's own list again: copy dies with this frame */
		(void)syscall(SYS_set_robust_list, head, len);
	}
	(void)syscall(SYS_get_robust_list, -1, &head, &len);	/* ESRCH */
	(void)syscall(SYS_tgkill, tgid, tid, 0);
	(void)syscall(SYS_tgkill, -1, tid, 0);
	(void)syscall(SYS_tgkill, tgid, -1, 0);
	(void)syscall(SYS_tgkill, tgid, tid, -1);
	(void)syscall(SYS_tkill, tid, 0);
	(void)syscall(SYS_tkill, -1, 0);
	(void)syscall(SYS_tkill, tid, -1);
	/* a thread group and a thread that do not exist */
	(void)syscall(SYS_tgkill, INT_MAX, tid, 0);
	(void)syscall(SYS_tgkill, tgid, INT_MAX, 0);
	(void)syscall(SYS_tkill, INT_MAX, 0);
}

static void *pthread_body(void *arg)
{
	struct pthread_slot *s = arg;
	struct pthread_round *r = s->round;
	struct timespec wait = { 0, 1000000 };
	sigset_t usr1;
	int fd;

	s->t_run = sk_clock_ns();
	pthread_exercise_ids();
	pthread_spin_lock(&r->lock);
	r->started++;
	pthread_spin_unlock(&r->lock);
	if (r->running && pthread_mutex_lock(&r->mutex) == 0) {
		while (r->running) {
			struct timespec at;

			clock_gettime(CLOCK_MONOTONIC, &at);
			at.tv_nsec += 10000000;
			if (at.tv_nsec >= 1000000000) {
				at.tv_nsec -= 1000000000;
				at.tv_sec++;
			}
			(void)pthread_cond_timedwait(&r->cond, &r->mutex, &at);
			(void)sched_yield();
		}
		(void)pthread_mutex_unlock(&r->mutex);
	}
	fd = open("/proc/self/ns/uts", O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		(void)setns(fd, 0);
		(void)close(fd);
	}
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	(void)sigtimedwait(&usr1, NULL, &wait);
	(void)sched_yield();
	return NULL;
}

/* Waits, at most 1000 reads of the count, for n threads to have started. */
static void pthread_wait_started(struct pthread_round *r, uint64_t n)
{
	for (unsigned j = 0; j < 1000; j++) {
		uint64_t started;

		pthread_spin_lock(&r->lock);
		started = r->started;
		pthread_spin_unlock(&r->lock);
		if (started >= n)
			return;
	}
}

static int pthread_run(struct instance *in)
{
	const struct pthread_opts *o = in->opts;
	struct pthread_slot *slots = calloc(o->max, sizeof(*slots));
	struct pthread_round r = { .running = false };
	double start_ns = 0, started = 0;
	uint64_t rounds = 0, limited = 0;
	struct instance_loop l;
	int status = SK_OK, err;
	sigset_t usr1;

	if (!slots)
		return SK_NO_RESOURCE;
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	if ((err = pthread_sigmask(SIG_BLOCK, &usr1, NULL)) ||
	    (err = pthread_mutex_init(&r.mutex, NULL)) ||
	    (err = pthread_cond_init(&r.cond, NULL)) ||
	    (err = pthread_spin_init(&r.lock, PTHREAD_PROCESS_PRIVATE))) {
		free(slots);
		return instance_error(in, "pthread set-up", -err);
	}
	drop_capabilities();
	l = instance_loop_begin(in);
	while (status == SK_OK && instance_loop_continue(&l)) {
		uint64_t n = 0;

		r.started = 0;
		r.running = true;
		if ((err = pthread_mutex_lock(&r.mutex))) {
			status = instance_error(in, "pthread_mutex_lock", -err);
			break;
		}
		for (; n < o->max && instance_loop_continue(&l); n++) {
			struct pthread_slot *s = &slots[n];

			s->round = &r;
			s->t_create = sk_clock_ns();
			s->t_run = 0;
			s->ret = pthread_create(&s->thread, NULL, pthread_body, s);
			if (s->ret == EAGAIN) {
				limited++;
				break;
			}
			if (s->ret) {
				status = instance_error(in, "pthread_create", -s->ret);
				break;
			}
			instance_loop_inc(&l);
		}
		rounds++;
		(void)pthread_mutex_unlock(&r.mutex);
		pthread_wait_started(&r, n);
		for (uint64_t j = 0; j < n; j++)
			(void)pthread_sigqueue(slots[j].thread, SIGUSR1, (union sigval){ 0 });
		r.running = false;
		(void)pthread_cond_broadcast(&r.cond);
		for (uint64_t j = 0; j < n; j++) {
			if ((err = pthread_join(slots[j].thread, NULL)) && err != ESRCH &&
			    status == SK_OK)
				status = instance_error(in, "pthread_join", -err);
			if (slots[j].t_run > slots[j].t_create) {
				start_ns += (double)(slots[j].t_run - slots[j].t_create);
				started++;
			}
		}
	}
	if (started > 0)
		instance_metric(in, "nanosecs to start a pthread", start_ns / started,
				MEAN_HARMONIC, false);
	if (rounds)
		instance_metric(in, "% of rounds that created every pthread",
				100.0 * (double)(rounds - limited) / (double)rounds,
				MEAN_GEOMETRIC, true);
	pthread_spin_destroy(&r.lock);
	pthread_cond_destroy(&r.cond);
	pthread_mutex_destroy(&r.mutex);
	free(slots);
	return status;
}

static const struct stressor pthread_stressor = {
	.name      = "pthread",
	.summary   = "create rounds of threads that make thread calls, and join them",
	.help      = "stress-ng's pthread: one bogo-op is one thread created (and joined);\n"
		     "each round creates --pthread-max of them before the instance\n"
		     "releases and joins them. A thread makes stress-ng's calls\n"
		     "(get/set_robust_list, tgkill, tkill, a condition wait, setns,\n"
		     "sigtimedwait of the SIGUSR1 the instance queues to it). Its wait's\n"
		     "deadline is read from CLOCK_MONOTONIC against the condition's\n"
		     "realtime clock, as stress-ng's is, so waiting threads yield in a\n"
		     "loop as theirs do. stress-ng's x86 get/set_thread_area calls and\n"
		     "priority-inheritance mutex are not made.",
	.classes   = CLASS_SCHEDULER | CLASS_OS,
	.flags     = STRESSOR_NO_THREADS,
	.opts      = pthread_opts,
	.opts_size = sizeof(struct pthread_opts),
	.syscalls  = SK_SYSCALLS("clone", "clone3", "mmap", "munmap", "mprotect", "madvise",
				 "futex", "get_robust_list", "set_robust_list", "gettid",
				 "tgkill", "tkill", "openat", "setns", "close",
				 "rt_sigtimedwait", "rt_tgsigqueueinfo", "rt_sigprocmask", "rt_sigaction", "getuid", "getpid",
				 "sched_yield", "rseq", "exit", DROP_CAPABILITIES_SYSCALLS),
	.run       = pthread_run,
	.version   = "1",
};

STRESSOR_REGISTER(pthread_stressor);
