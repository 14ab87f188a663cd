/*
 * ready.c - the start barrier opens when every instance is ready. An
 * instance that sets up in its own run() (STRESSOR_OWN_START: forks its
 * helper, opens its files) counts itself ready when done, one without
 * the flag as it reaches the barrier; the controller waits for the count
 * here instead of opening the barrier after the last fork, so that no
 * set-up overlaps another instance's run. At thousands of instances on a
 * few CPUs that overlap was most of the run: 4096 pipe instances forking
 * their readers after the release left 118 of them any CPU to count on.
 *
 * Set-up itself waits for the last fork (the set-up gate, opened here):
 * the controller's forks and the instances' forks of their helpers take
 * the same locks, and overlapped they queue on them (scheduler.c).
 *
 * The wait is a futex on the ready count, woken by the instance that
 * completes it; a short timeout catches what no instance wakes it for
 * (children that died in set-up, a stop signal). An instance whose
 * set-up hangs holds the start for READY_STALL seconds without progress,
 * then the run goes on without it and says so.
 */
#include "ready.h"

#include <errno.h>
#include <linux/futex.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "log.h"
#include "stop.h"

/* How often the controller looks at its signals while it waits. */
#define READY_POLL 0.02

/* Instances of children already reaped: none of them will be ready. */
static size_t ready_gone(const struct run_state *st)
{
	size_t gone = 0;

	for (size_t i = 0; i < st->n_children; i++)
		if (st->children[i].reaped)
			gone += st->children[i].n_inst;
	return gone;
}

/* Takes the signals that came: true for a stop signal. */
static bool ready_signals(struct run_state *st)
{
	struct timespec zero = { 0, 0 };
	bool stop = false;
	int sig;

	while ((sig = sigtimedwait(&st->waitset, NULL, &zero)) > 0) {
		if (sig == SIGCHLD)
			stop_reap(st, false);
		else if (stop_signal_stops(sig))
			stop = true;
	}
	return stop;
}

bool ready_wait(struct run_state *st, size_t expect)
{
	struct run_shared *sh = st->sh;
	size_t seen = 0;
	double progress = sk_now();

	__atomic_store_n(&sh->ready_expect, (uint32_t)expect, __ATOMIC_SEQ_CST);
	shared_open_setup(sh);
	for (;;) {
		uint32_t ready = __atomic_load_n(&sh->ready, __ATOMIC_SEQ_CST);
		size_t arrived = ready + ready_gone(st);
		double left = READY_POLL;
		struct timespec ts;

		if (arrived >= expect || !st->n_live)
			return false;
		if (arrived > seen) {
			seen = arrived;
			progress = sk_now();
		} else if (sk_now() - progress > READY_STALL) {
			log_warn("%zu of %zu instances not ready after %.0fs without "
				 "progress: the run starts without them", expect - arrived,
				 expect, READY_STALL);
			return false;
		}
		(void)run_modes_wait(st, &left);	/* nothing measured yet to end */
		ts.tv_sec = 0;
		ts.tv_nsec = (long)(left * 1e9);
		syscall(SYS_futex, &sh->ready, FUTEX_WAIT, ready, &ts, NULL, 0);
		if (ready_signals(st))
			return true;
	}
}
