/*
 * grace.c - a stop grace that scales with what is runnable. A fixed
 * grace cannot fit every machine: 8192 runnable processes on 2 CPUs need
 * seconds just to each get scheduled once after the stop, and one merely
 * waiting for a CPU is not late. So the grace is a series of windows:
 * another is granted while the last one saw progress, and only a window
 * without any (everyone left ignores the stop) ends it early. A cap of
 * GRACE_WINDOWS_MAX windows bounds the wait whatever happens.
 * Progress is judged by what finished and by CPU time: an instance that
 * runs, or waits on its helper (sk_reap_helper polls, so it runs too, and
 * judges the helper the same way), is on its way out. Only a window in
 * which nothing finished and nothing ran ends the grace: then whoever is
 * left sleeps through the stop. One that spends more CPU after the stop
 * than a stop costs (the budget) is busy ignoring it, and counts no more.
 */
#include "grace.h"

#include <time.h>

double grace_next(double start, double window, double now, bool progress)
{
	double cap = start + window * GRACE_WINDOWS_MAX;

	if (!progress || window <= 0 || now >= cap)
		return 0;
	return now + window < cap ? now + window : cap;
}

bool grace_cpu_progress(double at_stop, double before, double now,
			double budget)
{
	if (at_stop < 0 || before < 0 || now < 0)
		return false;
	return now > before && now - at_stop <= budget;
}

/*
 * The clock id is built as glibc's clock_getcpuclockid() builds it (the
 * process's CPUCLOCK_SCHED, every thread summed), without its
 * clock_getres() probe: one syscall fewer for a sandboxed instance, which
 * may call clock_gettime, and for the controller, which asks of thousands.
 */
double grace_cpu_time(pid_t pid)
{
	clockid_t clock = (clockid_t)((~(unsigned int)pid << 3) | 2);
	struct timespec ts;

	if (clock_gettime(clock, &ts) < 0)
		return -1;
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
