/*
 * priority_mode.c - the controller's CPU priority over its instances.
 *
 * Under the normal policy the controller shares the CPUs fairly with its
 * instances. At thousands of runnable instances on a few CPUs, one round
 * of the run queue takes seconds, and the controller, once it has used
 * its wake-up credit, waits whole rounds between its steps, so a run's
 * stop comes many times its timeout late. At real-time priority it runs
 * the moment it wakes, so the deadline, the sampling and the stop are
 * kept at any instance count; it sleeps between them, so the instances
 * lose only the microseconds it works. Reset-on-fork keeps the
 * instances (and every helper they fork) under the normal policy, so the
 * workload itself is unchanged; it also resets a negative nice to 0,
 * which each instance sets back, so that `nice -n -20 stresskit` runs
 * its instances at -20 as it would without the raise (a positive nice
 * is kept by the kernel). It holds from before the first fork to
 * the reap, SCHED_FIFO at the lowest real-time priority; where that is
 * not permitted (no CAP_SYS_NICE, no RLIMIT_RTPRIO), nothing changes and
 * --verbose says so.
 */
#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>

#include "log.h"
#include "run_state.h"

/* The mode's state for one run: what to restore at the reap, and the
 * timer slack the instances get back. */
struct controller_priority {
	bool raised;
	int policy;
	int rt_priority;
	long timer_slack;	/* ns, the controller's before it was raised */
	int nice;		/* the controller's before it was raised */
};

static const struct run_mode priority_mode;

static void priority_raise(struct controller_priority *p)
{
	struct sched_param rt = { .sched_priority = sched_get_priority_min(SCHED_FIFO) };
	struct sched_param old;

	p->raised = false;
	p->timer_slack = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0);
	errno = 0;
	p->nice = getpriority(PRIO_PROCESS, 0);
	if (errno)
		p->nice = 0;
	p->policy = sched_getscheduler(0);
	if (p->policy < 0 || sched_getparam(0, &old) < 0)
		return;
	/* already real-time (chrt): the user's choice stands */
	if ((p->policy & ~SCHED_RESET_ON_FORK) != SCHED_OTHER)
		return;
	p->rt_priority = old.sched_priority;
	if (sched_setscheduler(0, SCHED_FIFO | SCHED_RESET_ON_FORK, &rt) < 0) {
		log_debug("controller stays at normal priority: %s (it may "
			  "keep the timeout late at thousands of instances)",
			  strerror(errno));
		return;
	}
	p->raised = true;
}

static void priority_restore(struct controller_priority *p)
{
	struct sched_param old = { .sched_priority = p->rt_priority };

	if (p->raised)
		sched_setscheduler(0, p->policy, &old);
	p->raised = false;
}

static void priority_mode_raise(struct run_state *st)
{
	priority_raise(run_mode_state(st, &priority_mode));
}

static void priority_mode_restore(struct run_state *st)
{
	priority_restore(run_mode_state(st, &priority_mode));
}

/*
 * A task forked by a real-time one takes its timer slack as its default
 * (0: real-time tasks have none), and reset-on-fork leaves it so: an
 * instance's timed waits (a 5 us futex timeout, a timer, a nanosleep)
 * would then end on time to the nanosecond, where the same process
 * started from a shell waits up to 50 us longer, and a workload made of
 * them is another workload. The instance sets the controller's own slack
 * back (its helpers inherit it).
 */
static void priority_mode_instance(const struct run_state *st, struct instance *in,
				   size_t slot)
{
	const struct controller_priority *p =
		run_mode_state(st, &priority_mode);

	(void)in;
	(void)slot;
	if (p->raised && p->timer_slack > 0)
		prctl(PR_SET_TIMERSLACK, (unsigned long)p->timer_slack, 0, 0, 0);
	/* the controller had the right to this nice before the raise, and
	 * the instance has what it had then (the thread's own, in thread
	 * mode: Linux keeps a nice per thread) */
	if (p->raised && p->nice < 0 && setpriority(PRIO_PROCESS, 0, p->nice) < 0)
		log_debug("instance stays at nice 0, not %d: %s", p->nice, strerror(errno));
}

/* Every run: first in, so the forks already run at its priority. */
static const struct run_mode priority_mode = {
	.name = "priority",
	.rank = 10,
	.at = {
		[RUN_BEFORE_FORK] = priority_mode_raise,
		[RUN_REAPED] = priority_mode_restore,
	},
	.instance_begin = priority_mode_instance,
	.state_size = sizeof(struct controller_priority),
};
RUN_MODE_REGISTER(priority_mode);
