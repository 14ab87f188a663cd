/*
 * stop.c - the controller's waiting and the end of a run: wait for a
 * deadline while reaping children and calling the run modes' waiting
 * hooks (run_mode.h); then set the stop flag and signal every instance,
 * wait a grace that scales with what is runnable (grace.h), SIGKILL
 * whoever ignored the stop, and reap every child with wait4 so each
 * instance keeps its usr/sys times: by pid, the children whose instances
 * returned, so that the controller does not walk thousands of children
 * under the tasklist lock that every exit waits for.
 *
 * Thousands of instances on a few CPUs take seconds to all be scheduled
 * once after the stop: an instance still waiting for a CPU is not late
 * (its run delay grows; grace.h).
 * So the grace goes on window by window while instances keep finishing
 * or running (an instance waiting on its helper looks every 0.1 s, so it runs too),
 * and only one that ignores the stop is killed and reported.
 */
#include "stop.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "grace.h"
#include "log.h"
#include "stop_gate.h"
#include "threads.h"

bool stop_wait(struct run_state *st, double deadline)
{
	while (st->n_live) {
		struct timespec ts;
		double left = deadline - sk_now();
		int sig;

		/* a SIGPIPE taken by its handler before the run blocked it;
		 * once stopping, a lost output is no second stop signal */
		if (log_output_broken() && !st->res->interrupted)
			return true;
		if (deadline > 0 && left <= 0)
			return false;
		if (deadline <= 0)
			left = 3600;
		if (run_modes_wait(st, &left))
			return false;	/* steady state: stop as at the deadline */
		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
		sig = sigtimedwait(&st->waitset, NULL, &ts);
		if (sig == SIGCHLD || sig < 0)
			stop_reap(st, false);
		else if (stop_signal_stops(sig) && (sig != SIGPIPE || !st->res->interrupted))
			return true;
	}
	return false;
}

bool stop_signal_stops(int sig)
{
	if (sig == SIGCHLD)
		return false;
	return sig != SIGPIPE || log_output_broken();
}

int stop_child_cmp(const void *a, const void *b)
{
	const struct child *x = a, *y = b;

	return (x->pid > y->pid) - (x->pid < y->pid);
}

static struct child *stop_find_child(struct run_state *st, pid_t pid)
{
	struct child key = { .pid = pid };

	return bsearch(&key, st->children, st->n_children, sizeof(key),
		       stop_child_cmp);
}

static void stop_record(struct child *c, int wstatus, const struct rusage *ru,
			double now)
{
	c->reaped = true;
	for (uint32_t k = 0; k < c->n_inst; k++)
		instance_record(&c->res[k], &c->slot[k], wstatus, ru, now);
	if (c->threads)
		threads_record(c->res, c->slot, c->n_inst, ru);
	/* one worker's switches, counted once: the stressor's sum stays right */
	for (uint32_t k = 1; c->threads && k < c->n_inst; k++)
		c->res[k].nvcsw = c->res[k].nivcsw = 0;
}

/* Records child c (pid) as reaped; keeps the count of those still live. */
static void stop_note_reaped(struct run_state *st, struct child *c,
			     int wstatus, const struct rusage *ru)
{
	stop_record(c, wstatus, ru, sk_now());
	st->n_live--;
}

/*
 * Every child, with wait4(-1): each call walks the kernel's list of the
 * controller's children under the tasklist lock, which every exit takes
 * too, so at thousands of children it is kept for when stop_reap_done
 * finds nothing.
 */
static size_t stop_reap_any(struct run_state *st, bool block)
{
	size_t reaped = 0;

	while (st->n_live) {
		struct rusage ru;
		int wstatus;
		pid_t pid = wait4(-1, &wstatus, block ? 0 : WNOHANG, &ru);
		struct child *c;

		if (pid <= 0) {
			if (pid < 0 && errno == EINTR)
				continue;
			break;
		}
		c = stop_find_child(st, pid);
		if (!c || c->reaped)
			continue;
		stop_note_reaped(st, c, wstatus, &ru);
		reaped++;
	}
	return reaped;
}

/*
 * The children whose instances all returned (SLOT_DONE): they are
 * exiting or gone, and a wait4 of one pid looks at that child alone.
 * *exiting counts those not yet reapable (still in their exit).
 */
static size_t stop_reap_done(struct run_state *st, size_t *exiting)
{
	size_t reaped = 0;

	*exiting = 0;

	for (size_t i = 0; i < st->n_children; i++) {
		struct child *c = &st->children[i];
		struct rusage ru;
		int wstatus;
		uint32_t k = 0;

		if (c->reaped)
			continue;
		while (k < c->n_inst &&
		       __atomic_load_n(&c->slot[k].state, __ATOMIC_ACQUIRE) == SLOT_DONE)
			k++;
		if (k < c->n_inst)
			continue;
		if (wait4(c->pid, &wstatus, WNOHANG, &ru) == c->pid) {
			stop_note_reaped(st, c, wstatus, &ru);
			reaped++;
		} else {
			(*exiting)++;
		}
	}
	return reaped;
}

size_t stop_reap(struct run_state *st, bool block)
{
	size_t exiting = 0;
	size_t reaped = block ? 0 : stop_reap_done(st, &exiting);

	/*
	 * A child that died before it returned (killed, crashed), or a
	 * blocking reap: the walk of every child. Not while children that
	 * returned are still exiting: the SIGCHLD that woke us is then
	 * most likely of one reaped by the last look, or of one of those,
	 * and each such walk of thousands of children at the stop held up
	 * their exits (the task list lock); the grace's window sweeps up
	 * the rest (stop_grace).
	 */
	if (!reaped && (block || !exiting))
		reaped = stop_reap_any(st, block);
	/* one more instance may wind down per child gone (stop_gate.c) */
	if (reaped)
		stop_gate_refill(st->sh, (uint32_t)reaped);
	return reaped;
}

/*
 * Both sides call setpgid, the usual way: the child (instance_setup,
 * with the group the mapping names) before it forks a helper, which
 * would otherwise stay in the controller's group (an instance sets up
 * while the controller still forks); the parent so that the group
 * exists before the next fork. No child execs. A live member keeps the
 * group's id from being reused, and the group is only signalled while
 * one lives.
 */
void stop_join_group(struct run_state *st, pid_t pid)
{
	if (st->pgid_failed)
		return;
	if (setpgid(pid, st->pgid ? st->pgid : pid) < 0) {
		log_debug("setpgid: %s; the stop signals each child in turn",
			  strerror(errno));
		st->pgid_failed = true;
		st->sh->pgid = -1;
		return;
	}
	if (!st->pgid)
		st->sh->pgid = st->pgid = pid;
}

/*
 * One kill() of the process group when it can: signalling thousands of
 * children one by one lets each woken instance preempt the controller,
 * which then waits a whole round of the runnable queue before the next
 * kill (minutes at 4096 pipe instances on 2 CPUs). Helpers are in the
 * group too; they ignore SIGALRM (helper.h).
 */
static void stop_signal_all(struct run_state *st, int sig)
{
	for (size_t i = 0; sig == SIGALRM && i < st->n_children; i++)
		if (!st->children[i].reaped)
			st->children[i].alarmed = true;
	if (st->pgid && !st->pgid_failed && kill(-st->pgid, sig) == 0)
		return;
	for (size_t i = 0; i < st->n_children; i++)
		if (!st->children[i].reaped)
			kill(st->children[i].pid, sig);
}

/*
 * How many instances have finished: children reaped, plus instances whose
 * run() returned but which are not reaped yet (a thread worker's finished
 * threads). Shared-memory reads only.
 */
static size_t stop_finished(const struct run_state *st)
{
	size_t done = st->n_children - st->n_live;

	for (size_t i = 0; i < st->n_children; i++) {
		const struct child *c = &st->children[i];

		for (uint32_t k = 0; !c->reaped && k < c->n_inst; k++)
			if (__atomic_load_n(&c->slot[k].state, __ATOMIC_ACQUIRE) ==
			    SLOT_DONE)
				done++;
	}
	return done;
}

/* Every live child's CPU clock at the stop: where its budget starts. */
static void stop_cpu_start(struct run_state *st)
{
	for (size_t i = 0; i < st->n_children; i++) {
		struct child *c = &st->children[i];

		if (!c->reaped) {
			c->cpu_stop = c->cpu_seen = grace_cpu_time(c->pid);
		}
	}
}

/*
 * Whether some live child ran in the window just waited, or
 * waits for one at its end, within its CPU budget (grace_cpu_progress):
 * one clock read per live child, kept for the next window, so none stops
 * early, and a look at its state when its clock stood still.
 */
static bool stop_cpu_progress(struct run_state *st, double budget)
{
	bool ran = false;

	for (size_t i = 0; i < st->n_children; i++) {
		struct child *c = &st->children[i];
		double now;

		if (c->reaped)
			continue;
		now = grace_cpu_time(c->pid);
		if (grace_cpu_progress(c->cpu_stop, c->cpu_seen, now, budget,
				       now == c->cpu_seen && grace_runnable(c->pid)))
			ran = true;
		c->cpu_seen = now;
	}
	return ran;
}

/*
 * Waits out the grace: windows of plan->grace while the stop progresses,
 * that is while instances finish or run (stop_cpu_progress; one window of
 * CPU after the stop is each one's budget), or while the controller
 * itself waits half a window for a CPU past the window's end (then so do
 * the instances, which is no sign of deafness). The cap counts only the
 * windows in which no child finished: thousands of instances may take
 * many windows to exit through the stop gate, each window seeing some
 * go, and none of them is late. A window in which none finished and none
 * ran opens the gate, so that no instance waits behind it on one that
 * cannot wind down.
 */
static void stop_grace(struct run_state *st)
{
	const double window = st->plan->grace;
	/* where the cap counts from: moved on by each late window, so the
	 * cap counts the windows the controller watched, not those it spent
	 * waiting for a CPU itself (80 s at 4096 pipe instances at nice 19),
	 * and by each window in which children finished */
	double origin = st->ph.stopped;
	double begun = origin, end = origin + window;
	size_t seen = stop_finished(st);

	stop_cpu_start(st);
	for (;;) {
		size_t finished, swept;
		double over, now;
		bool ran, late, opened;

		if (stop_wait(st, end)) {
			/* a second stop signal: no more waiting */
			st->res->interrupted = true;
			return;
		}
		/* once a window, whoever stop_reap_done cannot see */
		swept = stop_reap_any(st, false);
		if (swept)
			stop_gate_refill(st->sh, (uint32_t)swept);
		if (!st->n_live)
			return;
		now = sk_now();
		over = now - end;
		late = over > window / 2;
		finished = stop_finished(st);
		/* a clock read and a /proc read per live child: only when no
		 * finish already shows progress (thousands are at the gate) */
		ran = finished == seen && stop_cpu_progress(st, window);
		if (finished > seen)
			origin += now - begun;
		else if (late)
			origin += over;
		/* a still window: whoever is left may be waiting on one behind
		 * the gate, so all go, and get a window to (stop_gate.c) */
		opened = finished == seen && !ran && !late &&
			 stop_gate_open(st->sh);
		now = sk_now();
		end = grace_next(origin, window, now,
				 finished > seen || ran || late || opened);
		if (!end)
			return;
		begun = now;
		log_debug("stop: %zu of %zu children still running after %.1fs "
			  "(%s): the grace goes on", st->n_live, st->n_children,
			  now - st->ph.stopped, finished > seen ? "finishing" :
			  ran ? "running" : opened ? "the stop gate opened" :
			  "waiting for a CPU");
		seen = finished;
	}
}

void stop_run(struct run_state *st)
{
	/* before the flag: an instance's handler waits at the gate */
	stop_gate_limit(st->sh, stop_gate_width(sysconf(_SC_NPROCESSORS_ONLN)));
	__atomic_store_n(&st->sh->stop, 1, __ATOMIC_RELEASE);
	__atomic_store_n(&st->sh->held_stop, 1, __ATOMIC_RELEASE);
	stop_signal_all(st, SIGALRM);
	st->ph.stopped = sk_now();
	stop_grace(st);
	st->ph.last_exit = st->ph.reaped = sk_now();
	st->res->grace = st->ph.last_exit - st->ph.stopped;
	stop_gate_open(st->sh);
	if (!st->n_live)
		return;
	for (size_t i = 0; i < st->n_children; i++) {
		struct child *c = &st->children[i];

		if (c->reaped)
			continue;
		/* a thread worker: only the threads still running were late */
		for (uint32_t k = 0; k < c->n_inst; k++)
			if (!c->threads || c->slot[k].state != SLOT_DONE)
				c->res[k].killed_late = true;
		kill(c->pid, SIGKILL);
	}
	stop_reap(st, true);
	st->ph.reaped = sk_now();
}
