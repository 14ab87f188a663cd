/*
 * helper.c - sk_fork_helper() and sk_reap_helper(): the helper processes
 * of instances (a pipe's reader, a socket's receiver, a server), set up
 * and torn down one way. The helper must never outlive its instance, and
 * the instance must never hang on a helper that does not exit.
 */
#include <stresskit/stressor.h>

#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "grace.h"
#include "helper_unshare.h"
#include "proc_pid.h"
#include "proc_name.h"
#include "testhook.h"

/* Status of a helper whose instance was gone before it could notice. */
#define HELPER_ORPHANED 127

/*
 * The longest an instance sleeps on its helper's pidfd between looks:
 * short against the controller's 1 s stop window, whose progress check
 * sees the waiting instance's CPU clock move at each look.
 */
#define HELPER_LOOK 0.1

static volatile sig_atomic_t helper_stop;

/*
 * The most helpers an instance's placement holds for: a herd beyond it
 * (pipeherd's 100 processes, sockmany's clients) is a workload of many
 * tasks, not a pair, and a hundred busy tasks packed on one CPU per
 * instance took the stop from 1 s to over 25 s (--pipeherd 2): from its
 * next helper on, the instance and every helper run where the scheduler
 * puts them again.
 */
#define HELPER_PLACED_MAX 8

/* helper_place's CPUs, whether the process has moved to its own yet, the
 * CPUs it could run on before, and the helpers placed so far */
static __thread int helper_self_cpu = -1, helper_cpu = -1;
static __thread bool helper_placed;
static __thread cpu_set_t helper_allowed;
static __thread pid_t helper_pinned[HELPER_PLACED_MAX];
static __thread unsigned helper_n_pinned;

/* helper_herd: the process's helpers stay in its group and stop at the
 * run's stop signal; of the stressor, so of every thread instance */
static bool helper_in_herd;

void helper_herd(bool herd)
{
	helper_in_herd = herd;
}

void helper_place(int self_cpu, int cpu)
{
	helper_self_cpu = self_cpu;
	helper_cpu = cpu;
	helper_placed = false;
	helper_n_pinned = 0;
}

/* A herd: the instance and the helpers placed so far back on every CPU
 * they had, and no more placing. */
static void helper_unplace(void)
{
	sched_setaffinity(0, sizeof(helper_allowed), &helper_allowed);
	for (unsigned i = 0; i < helper_n_pinned; i++)
		sched_setaffinity(helper_pinned[i], sizeof(helper_allowed), &helper_allowed);
	helper_self_cpu = helper_cpu = -1;
	helper_n_pinned = 0;
}

static void helper_pin(int cpu)
{
	cpu_set_t set;

	if (cpu < 0)
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

/* The last sk_fork_helper of this thread failed with EAGAIN, not yet
 * taken by helper_fork_hit_limit(). Per thread: thread instances fork too. */
static __thread bool helper_hit_limit;

bool helper_fork_hit_limit(void)
{
	bool hit = helper_hit_limit;

	helper_hit_limit = false;
	return hit;
}

/*
 * A mapping of the instance's that its helpers go without
 * (helper_unshare): fork copies no VMA marked MADV_DONTFORK.
 */
static void *helper_unshared;
static size_t helper_unshared_len;

void helper_unshare(void *addr, size_t len)
{
	helper_unshared = addr;
	helper_unshared_len = len;
}

/* Marks the unshared mapping for the fork to come (on), or not (off). */
static void helper_mark(bool on)
{
	if (helper_unshared_len)
		madvise(helper_unshared, helper_unshared_len,
			on ? MADV_DONTFORK : MADV_DOFORK);
}

static void helper_on_term(int sig)
{
	(void)sig;
	helper_stop = 1;
}

/*
 * The child's side, with every signal still blocked: the instance's own
 * handlers (which set the run's stop flag) must never run here, so they
 * are replaced before anything can be delivered.
 */
static void helper_child(const char *name, pid_t parent, const sigset_t *old,
			 bool herd)
{
	struct sigaction term = { .sa_handler = helper_on_term };

	/*
	 * A process group of its own, out of the run's: an exiting instance
	 * (its parent, the controller, outside the run's group) makes the
	 * kernel walk that group for a member keeping it from being
	 * orphaned (kill_orphaned_pgrp), holding the task list lock with
	 * interrupts off, and helpers, whose parent is in the group, never
	 * end the walk. At 4096 pipe instances those walks past thousands
	 * of readers were a fifth of the stop's CPU time, and blocked every
	 * fork, exit and wait meanwhile. The helper needs no group signal:
	 * it ignores the run's (SIGALRM, SIGINT, SIGHUP) and dies with its
	 * instance. A herd stays in the group for its stop (helper.h): its
	 * helpers' parents are in the group, so an instance's exit walks
	 * past them, and their number is the stressor's option, not the
	 * run's instances.
	 */
	if (!herd)
		setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	/* the instance died between fork() and PDEATHSIG: nobody would kill us */
	if (getppid() != parent)
		_exit(HELPER_ORPHANED);
	proc_name_set(name);
	signal(SIGINT, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	sigemptyset(&term.sa_mask);
	sigaction(SIGTERM, &term, NULL);
	if (herd)
		sigaction(SIGALRM, &term, NULL);
	else
		signal(SIGALRM, SIG_IGN);
	helper_stop = 0;
	sigprocmask(SIG_SETMASK, old, NULL);
}

pid_t sk_fork_helper(const char *name, sk_helper_fn fn, void *arg)
{
	sigset_t all, old;
	pid_t parent = getpid(), pid;
	int err;

	if (!helper_placed) {
		if (sched_getaffinity(0, sizeof(helper_allowed), &helper_allowed))
			helper_self_cpu = helper_cpu = -1;	/* unknown: leave it */
		helper_pin(helper_self_cpu);
		helper_placed = true;
	}
	if (helper_cpu >= 0 && helper_n_pinned == HELPER_PLACED_MAX)
		helper_unplace();
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	helper_mark(true);
	pid = fork();
	if (pid == 0) {
		int status;

		if (helper_cpu != helper_self_cpu)
			helper_pin(helper_cpu);
		helper_child(name, parent, &old, helper_in_herd);
		status = fn(arg, &helper_stop);
		testhook_helper_exit();
		_exit(status);
	}
	err = errno;
	helper_hit_limit = pid < 0 && err == EAGAIN;
	/* only helpers go without it: any other child the instance forks
	 * gets what it always got */
	helper_mark(false);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (pid > 0)
		testhook_helper_start();
	if (pid > 0 && helper_cpu >= 0 && helper_n_pinned < HELPER_PLACED_MAX)
		helper_pinned[helper_n_pinned++] = pid;
	return pid < 0 ? -err : pid;
}

/*
 * Whether helper pid is runnable (grace_runnable): a helper
 * that ran no CPU in a window may just be waiting for one (thousands of
 * runnable processes take seconds to each get a turn). Not asked under
 * the instance's seccomp filter (--sandbox: no openat there), which
 * PR_GET_SECCOMP reports; then it says false.
 */
static bool helper_runnable(pid_t pid)
{
	return prctl(PR_GET_SECCOMP, 0, 0, 0, 0) == 0 && grace_runnable(pid);
}

/*
 * A pidfd of helper pid to sleep on until it exits, or -1 (a kernel
 * before 5.3, no fd left): then the instance naps.
 */
static int helper_pidfd(pid_t pid)
{
#ifdef SYS_pidfd_open
	return (int)syscall(SYS_pidfd_open, pid, 0);
#else
	(void)pid;
	return -1;
#endif
}

/*
 * Waits for the helper to exit, at most left seconds and HELPER_LOOK:
 * asleep on its pidfd, which wakes the instance when the helper exits.
 * Without one, a nap of 50 us doubling to 10 ms; at thousands of
 * instances those naps were a quarter of the CPU time of the stop,
 * every waiting instance woken up to 100 times a second while its
 * helper waited for a CPU to exit. Returns the seconds it meant to wait.
 */
static double helper_wait(int pidfd, double left, struct timespec *nap)
{
	struct pollfd p = { .fd = pidfd, .events = POLLIN };
	struct timespec ts;
	double asked = (double)nap->tv_nsec / 1e9;

	if (pidfd < 0) {
		nanosleep(nap, NULL);
		if (nap->tv_nsec < 10000000)
			nap->tv_nsec *= 2;
		return asked;
	}
	asked = left < HELPER_LOOK ? left : HELPER_LOOK;
	if (asked <= 0)
		return 0;
	ts.tv_sec = 0;
	ts.tv_nsec = (long)(asked * 1e9);
	ppoll(&p, 1, &ts, NULL);
	return asked;
}

/*
 * Says where a helper about to be killed as stuck sleeps: its state and
 * the kernel function it waits in, so that a kill at thousands of
 * instances can be told from a helper that truly ignored its EOF.
 */
static void helper_say_where(pid_t pid, double waited)
{
	char wchan[64], state = grace_state(pid);

	if (proc_pid_read(pid, "wchan", wchan, sizeof(wchan)) < 0 ||
	    wchan[0] == '0')
		snprintf(wchan, sizeof(wchan), "user space");
	sk_log_info("helper %d made no progress in %.1fs: state %c, waiting in %s",
		    (int)pid, waited, state ? state : '?', wchan);
}

/*
 * Looks with waitpid(WNOHANG) each time the helper's pidfd says it
 * exited, or HELPER_LOOK passed (helper_wait): no signal is needed
 * (SIGCHLD and SIGALRM belong to the instance), and the pidfd and ppoll
 * are in the sandbox's base set. timeout is one grace window (grace.h):
 * a helper that used CPU in the last window is running, only slowly (the
 * machine has thousands of runnable processes), and gets another, as
 * does one that is runnable (waiting for a CPU) and one whose instance
 * spent the window waiting for a CPU itself (its waits overslept by half
 * the window; such a window is not counted against the cap either);
 * otherwise it is stuck, and killed.
 */
/*
 * A helper's SIGTERM is sent again this often until it exits: one that
 * came between its check of the stop flag and a blocking call (a connect
 * waiting out SYN retries to a listener that stopped accepting, a recv)
 * was spent on a flag the helper had already read, and the call would
 * wait on, past the grace (sockmany's client, once in a CI run).
 */
#define HELPER_TERM_AGAIN 0.1

static int helper_reap(pid_t pid, int pidfd, bool terminate, double timeout,
		       int *wstatus)
{
	struct timespec nap = { 0, 50000 };
	double origin = sk_now();	/* the cap's, moved on by late windows */
	double deadline = origin + timeout, cpu = grace_cpu_time(pid);
	double late = 0;	/* seconds this window's waits overslept */
	int ws = 0;

	double termed = sk_now();

	if (terminate && kill(pid, SIGTERM) < 0 && errno != ESRCH)
		return -errno;
	for (;;) {
		pid_t r = waitpid(pid, &ws, WNOHANG);

		if (r == pid)
			break;
		if (r < 0 && errno != EINTR)
			return -errno;
		if (sk_now() >= deadline) {
			double used = grace_cpu_time(pid);

			/* progress: the helper ran, or the instance itself
			 * spent half the window waiting for a CPU (then the
			 * helper is likely waiting too, not stuck) */
			bool waited = late > timeout / 2;

			if (waited)
				origin += late;
			deadline = grace_next(origin, timeout, sk_now(),
					      (cpu >= 0 && used > cpu) || waited ||
					      helper_runnable(pid));
			cpu = used;
			late = 0;
		}
		if (!deadline) {
			helper_say_where(pid, sk_now() - origin);
			kill(pid, SIGKILL);
			while (waitpid(pid, &ws, 0) < 0)
				if (errno != EINTR)
					return -errno;
			if (wstatus)
				*wstatus = ws;
			return -ETIMEDOUT;
		}
		double before = sk_now(), asked, over, wait = deadline - before;

		if (terminate && before - termed >= HELPER_TERM_AGAIN) {
			kill(pid, SIGTERM);
			termed = before;
		}
		if (terminate && wait > HELPER_TERM_AGAIN)
			wait = HELPER_TERM_AGAIN;
		asked = helper_wait(pidfd, wait, &nap);
		/* woken past what it asked: the instance waited for a CPU
		 * (a pidfd's wake at the exit comes before) */
		over = sk_now() - before - asked;
		late += over > 0 ? over : 0;
	}
	if (wstatus)
		*wstatus = ws;
	return 0;
}

int sk_reap_helper(pid_t pid, bool terminate, double timeout, int *wstatus)
{
	int pidfd = helper_pidfd(pid);
	int err = helper_reap(pid, pidfd, terminate, timeout, wstatus);

	if (pidfd >= 0)
		close(pidfd);
	return err;
}
