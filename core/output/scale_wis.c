/*
 * scale_wis.c - will-it-scale's runtest.py output for a --scale sweep, so
 * LKP's will-it-scale parser reads stresskit's sweep unchanged: per step
 * the total ops/s as processes and as threads, the machine's idle share
 * over each (from /proc/stat, as runtest.py measures it) and the linear
 * figure (the larger one-task rate times the task count).
 */
#include "scale_report.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int scale_wis_jiffies(struct cpu_jiffies *j)
{
	unsigned long long v[10] = { 0 };
	FILE *f = fopen("/proc/stat", "r");
	int n;

	memset(j, 0, sizeof(*j));
	if (!f)
		return -errno;
	/* cpu user nice system idle iowait irq softirq steal guest guest_nice */
	n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu",
		   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7],
		   &v[8], &v[9]);
	fclose(f);
	if (n < 7)
		return -EIO;
	j->idle = v[3] + v[4];
	j->busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7] + v[8] + v[9];
	return 0;
}

double scale_wis_idle_percent(const struct cpu_jiffies *a, const struct cpu_jiffies *b)
{
	unsigned long long idle = b->idle - a->idle, busy = b->busy - a->busy;

	return idle + busy ? 100.0 * (double)idle / (double)(idle + busy) : 0;
}

int scale_wis_write_csv(FILE *f, const struct scale_row *rows, size_t n)
{
	double linear = 0;

	fprintf(f, "tasks,processes,processes_idle,threads,threads_idle,linear\n");
	fprintf(f, "0,0,100,0,100,0\n");
	for (size_t i = 0; i < n; i++) {
		const struct scale_row *r = &rows[i];

		/* runtest.py takes the first step's larger rate, whatever its n */
		if (i == 0)
			linear = r->total > r->thread_total ? r->total : r->thread_total;
		fprintf(f, "%u,%lld,%0.2f,%lld,%0.2f,%lld\n", r->instances,
			(long long)r->total, r->proc_idle, (long long)r->thread_total,
			r->thread_idle, (long long)linear * r->instances);
	}
	return ferror(f) ? -EIO : 0;
}
