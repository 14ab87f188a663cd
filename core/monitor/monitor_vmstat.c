/*
 * monitor_vmstat.c - vmstat: the columns of vmstat(8) as lkp-tests'
 * parser names them (vmstat.system.cs, vmstat.cpu.sy, vmstat.io.bo),
 * read from what vmstat reads: /proc/stat, /proc/meminfo, /proc/vmstat.
 * procs and memory are levels (the samples' mean, memory in KiB); swap,
 * io and system are rates per second over the window; cpu the shares of
 * the window's CPU time in percent, as vmstat splits it.
 */
#include "monitor.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proc_stat.h"

/* The lines of a "key value" file wanted, by key; -1 where missing. */
static void vmstat_keys(const char *path, const char *const *keys, double *v, size_t n)
{
	FILE *f = fopen(path, "r");
	char line[256], *key;
	double x;

	for (size_t i = 0; i < n; i++)
		v[i] = -1;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *sp = strchr(line, ' ');

		if (sp && !strchr(line, ':'))
			*sp = ':';	/* /proc/vmstat: "key value" */
		if (!monitor_key_value(line, &key, &x))
			continue;
		for (size_t i = 0; i < n; i++)
			if (!strcmp(key, keys[i]))
				v[i] = x;
	}
	fclose(f);
}

static int vmstat_read(FILE *f, struct monitor_sample *s)
{
	static const char *const mem[] = { "MemFree", "Buffers", "Cached", "SReclaimable",
					   "SwapTotal", "SwapFree" };
	static const char *const vm[] = { "pswpin", "pswpout", "pgpgin", "pgpgout" };
	double m[6], p[4], kib_page = (double)sysconf(_SC_PAGESIZE) / 1024;
	struct proc_cpu line_cpu, cpu_time = { { 0 } };
	const unsigned long long *c = cpu_time.t;
	char line[4096];
	bool cpu = false;

	while (fgets(line, sizeof(line), f)) {
		unsigned long long x;

		if (proc_cpu_parse(line, &line_cpu)) {
			cpu_time = line_cpu;
			cpu = true;
		}
		else if (sscanf(line, "intr %llu", &x) == 1)
			monitor_put(s, "system.in", (double)x, MONITOR_RATE);
		else if (sscanf(line, "ctxt %llu", &x) == 1)
			monitor_put(s, "system.cs", (double)x, MONITOR_RATE);
		else if (sscanf(line, "procs_running %llu", &x) == 1)
			monitor_put(s, "procs.r", (double)x, MONITOR_MEAN);
		else if (sscanf(line, "procs_blocked %llu", &x) == 1)
			monitor_put(s, "procs.b", (double)x, MONITOR_MEAN);
	}
	if (!cpu)
		return -EINVAL;
	vmstat_keys("/proc/meminfo", mem, m, 6);
	if (m[4] >= 0 && m[5] >= 0)
		monitor_put(s, "memory.swpd", m[4] - m[5], MONITOR_MEAN);
	if (m[0] >= 0)
		monitor_put(s, "memory.free", m[0], MONITOR_MEAN);
	if (m[1] >= 0)
		monitor_put(s, "memory.buff", m[1], MONITOR_MEAN);
	if (m[2] >= 0)
		monitor_put(s, "memory.cache", m[2] + (m[3] > 0 ? m[3] : 0), MONITOR_MEAN);
	vmstat_keys("/proc/vmstat", vm, p, 4);
	if (p[0] >= 0 && p[1] >= 0) {
		monitor_put(s, "swap.si", p[0] * kib_page, MONITOR_RATE);
		monitor_put(s, "swap.so", p[1] * kib_page, MONITOR_RATE);
	}
	if (p[2] >= 0 && p[3] >= 0) {
		monitor_put(s, "io.bi", p[2], MONITOR_RATE);
		monitor_put(s, "io.bo", p[3], MONITOR_RATE);
	}
	/* us is user and nice without the guests' (in user already) */
	monitor_put(s, "cpu.us", (double)(c[PROC_CPU_USER] + c[PROC_CPU_NICE] -
					  c[PROC_CPU_GUEST] - c[PROC_CPU_GUEST_NICE]),
		    MONITOR_SHARE);
	monitor_put(s, "cpu.sy", (double)(c[PROC_CPU_SYSTEM] + c[PROC_CPU_IRQ] +
					  c[PROC_CPU_SOFTIRQ]), MONITOR_SHARE);
	monitor_put(s, "cpu.id", (double)c[PROC_CPU_IDLE], MONITOR_SHARE);
	monitor_put(s, "cpu.wa", (double)c[PROC_CPU_IOWAIT], MONITOR_SHARE);
	monitor_put(s, "cpu.st", (double)c[PROC_CPU_STEAL], MONITOR_SHARE);
	monitor_put(s, "cpu.gu", (double)(c[PROC_CPU_GUEST] + c[PROC_CPU_GUEST_NICE]),
		    MONITOR_SHARE);
	return 0;
}

static const struct monitor vmstat_monitor = {
	.name = "vmstat",
	.path = "/proc/stat",
	.read = vmstat_read,
};
MONITOR_REGISTER(vmstat_monitor);
