/*
 * proc_stat.h - the machine's CPU time from the "cpu" line of /proc/stat,
 * in USER_HZ ticks, summed over the online CPUs. guest and guest_nice are
 * counted in user and nice already. Fields a kernel does not print read 0.
 */
#ifndef STRESSKIT_PROC_STAT_H
#define STRESSKIT_PROC_STAT_H

#include <stdbool.h>

enum proc_cpu_field {
	PROC_CPU_USER, PROC_CPU_NICE, PROC_CPU_SYSTEM, PROC_CPU_IDLE,
	PROC_CPU_IOWAIT, PROC_CPU_IRQ, PROC_CPU_SOFTIRQ, PROC_CPU_STEAL,
	PROC_CPU_GUEST, PROC_CPU_GUEST_NICE, PROC_CPU_FIELDS
};

struct proc_cpu {
	unsigned long long t[PROC_CPU_FIELDS];
};

/* True when line is the aggregate "cpu " line, with its fields in c. */
bool proc_cpu_parse(const char *line, struct proc_cpu *c);

/* Reads it from /proc/stat: 0, or -errno (-EIO: no such line). */
int proc_cpu_read(struct proc_cpu *c);

#endif
