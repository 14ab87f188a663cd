/*
 * grace.c - a stop grace that scales with what is runnable. A fixed
 * grace cannot fit every machine: 8192 runnable processes on 2 CPUs need
 * seconds just to each get scheduled once after the stop, and one merely
 * waiting for a CPU is not late. So the grace is a series of windows:
 * another is granted while the last one saw progress, and only a window
 * without any (everyone left ignores the stop) ends it early. A cap of
 * GRACE_WINDOWS_MAX windows bounds the wait whatever happens.
 * Progress is judged by what finished, by CPU time and by being runnable:
 * an instance that runs, waits for a CPU, or waits on its helper
 * (sk_reap_helper looks every 0.1 s, so it runs too, and judges the
 * helper the same way), is on its way out. Only a window in
 * which nothing finished and nothing ran ends the grace: then whoever is
 * left sleeps through the stop. One that spends more CPU after the stop
 * than a stop costs (the budget) is busy ignoring it, and counts no more.
 */
#include "grace.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "proc_pid.h"

double grace_next(double start, double window, double now, bool progress)
{
	double cap = start + window * GRACE_WINDOWS_MAX;

	if (!progress || window <= 0 || now >= cap)
		return 0;
	return now + window < cap ? now + window : cap;
}

bool grace_cpu_progress(double at_stop, double before, double now,
			double budget, bool waiting)
{
	if (at_stop < 0 || before < 0 || now < 0)
		return false;
	return (now > before || waiting) && now - at_stop <= budget;
}

char grace_state(pid_t pid)
{
	char buf[256];
	const char *fields;

	if (proc_pid_read(pid, "stat", buf, sizeof(buf)) < 0 ||
	    !(fields = proc_pid_stat_fields(buf)))
		return '\0';
	return fields[0];
}

/*
 * A preempted process can wait seconds for a CPU while pairs of processes
 * that wake each other (a pipe's writer and reader, a client and its
 * server) keep both CPUs: 3.5 s seen under a soak's load. Its CPU clock
 * stands still then, as a deaf sleeper's does; its state tells them
 * apart (the run delay in schedstat would not: it grows only once the
 * process gets the CPU). One read of a small file per live process and
 * window. An uninterruptible sleep (D) counts as waiting too: at 4096 pipe
 * pairs, thousands of exits queue for seconds on the one shared mapping's
 * i_mmap lock (unlink_file_vma) and the anon_vma lock they share with the
 * controller, their CPU clocks standing still; a process that ignores its
 * stop sleeps interruptibly (S) or spins, never waits in D for seconds.
 */
bool grace_runnable(pid_t pid)
{
	char state = grace_state(pid);

	return state == 'R' || state == 'D';
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
