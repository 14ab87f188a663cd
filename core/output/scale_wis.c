/*
 * scale_wis.c - will-it-scale's runtest.py output for a --scale sweep, so
 * LKP's will-it-scale parser reads stresskit's sweep unchanged: per step
 * the total ops/s as processes and as threads, the machine's idle share
 * over each (from /proc/stat, as runtest.py measures it) and the linear
 * figure, each byte as LKP's runtest.py (its mode and task list) prints it.
 */
#include "scale_report.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "proc_stat.h"

int scale_wis_jiffies(struct cpu_jiffies *j)
{
	struct proc_cpu c;
	const unsigned long long *v = c.t;
	int rc = proc_cpu_read(&c);

	memset(j, 0, sizeof(*j));
	if (rc)
		return rc;
	/* runtest.py's sums: the guests once more, as it adds every column */
	j->idle = v[PROC_CPU_IDLE] + v[PROC_CPU_IOWAIT];
	j->busy = v[PROC_CPU_USER] + v[PROC_CPU_NICE] + v[PROC_CPU_SYSTEM] +
		  v[PROC_CPU_IRQ] + v[PROC_CPU_SOFTIRQ] + v[PROC_CPU_STEAL] +
		  v[PROC_CPU_GUEST] + v[PROC_CPU_GUEST_NICE];
	return 0;
}

double scale_wis_idle_percent(const struct cpu_jiffies *a, const struct cpu_jiffies *b)
{
	unsigned long long idle = b->idle - a->idle, busy = b->busy - a->busy;

	return idle + busy ? 100.0 * (double)idle / (double)(idle + busy) : 0;
}

/* A mode's figure and idle share as runtest.py prints them: 0 and 0.00 when
 * the mode did not run, and the rate cut to an integer as it reads it. */
static long long scale_wis_ops(const struct scale_row *r)
{
	return r->ran ? (long long)r->total : 0;
}

static double scale_wis_idle(const struct scale_row *r)
{
	return r->ran ? r->idle : 0;
}

/*
 * linear: runtest.py keeps the larger figure of the 1-task step and
 * prints it times the task count; before a 1-task step (or with none, as
 * LKP's one-nr_task jobs run) it is 0, so LKP's parser finds no
 * scalability rather than one made up from another step.
 */
int scale_wis_write_csv(FILE *f, const struct scale_row *procs,
			const struct scale_row *threads, size_t n)
{
	long long linear = 0;

	fprintf(f, "tasks,processes,processes_idle,threads,threads_idle,linear\n");
	fprintf(f, "0,0,100,0,100,0\n");
	for (size_t i = 0; i < n; i++) {
		long long p = scale_wis_ops(&procs[i]), t = scale_wis_ops(&threads[i]);
		uint32_t tasks = procs[i].instances;

		if (tasks == 1)
			linear = p > t ? p : t;
		fprintf(f, "%u,%lld,%0.2f,%lld,%0.2f,%lld\n", tasks, p,
			scale_wis_idle(&procs[i]), t, scale_wis_idle(&threads[i]),
			linear * tasks);
	}
	return ferror(f) ? -EIO : 0;
}
