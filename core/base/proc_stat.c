/*
 * proc_stat.c - the "cpu" line of /proc/stat (proc_stat.h): one parser for
 * the runs' others' share, vmstat's cpu columns and will-it-scale's idle.
 */
#include "proc_stat.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

bool proc_cpu_parse(const char *line, struct proc_cpu *c)
{
	unsigned long long *t = c->t;

	memset(c, 0, sizeof(*c));
	/* user..softirq are in every kernel stresskit runs on */
	return !strncmp(line, "cpu ", 4) &&
	       sscanf(line + 4, "%llu %llu %llu %llu %llu %llu %llu %llu %llu %llu",
		      &t[0], &t[1], &t[2], &t[3], &t[4], &t[5], &t[6], &t[7],
		      &t[8], &t[9]) >= PROC_CPU_SOFTIRQ + 1;
}

int proc_cpu_read(struct proc_cpu *c)
{
	FILE *f = fopen("/proc/stat", "r");
	char line[512];
	bool ok;

	memset(c, 0, sizeof(*c));
	if (!f)
		return -errno;
	ok = fgets(line, sizeof(line), f) && proc_cpu_parse(line, c);
	fclose(f);
	return ok ? 0 : -EIO;
}
