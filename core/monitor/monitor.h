/*
 * monitor.h - one of LKP's monitors, read by the controller: a /proc file
 * turned into figures named as lkp-tests' parser for it names them
 * (proc-vmstat.pgfault, meminfo.Shmem, interrupts.CAL:Function_call_interrupts).
 * A monitor is one file: its reader and MONITOR_REGISTER(); the --monitor
 * mode (monitor_mode.c) samples each one asked for at the start of the
 * measured window, at its end (and every --sample-interval given), and folds the
 * samples into one value per figure the way lkp-tests' stats matrix does.
 */
#ifndef STRESSKIT_MONITOR_H
#define STRESSKIT_MONITOR_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <stresskit-builtin.h>	/* SK_SECTION_ENTRY */

/* How a figure's samples fold into the run's value. */
enum monitor_kind {
	MONITOR_DELTA,	/* an event counter: last - first (lkp: etc/event-counter-prefixes) */
	MONITOR_MEAN,	/* a level: the mean of the samples (lkp's default) */
	MONITOR_MAX,	/* the largest sample */
	MONITOR_RATE,	/* a counter as a rate: its delta over the window's seconds */
	/* a CPU time counter as vmstat's cpu column: its delta in percent of
	 * the sum of the deltas of every MONITOR_SHARE figure of the monitor */
	MONITOR_SHARE,
};

struct monitor_sample;

/* Adds one figure of the sample being read (name without the monitor's
 * prefix: "pgfault"; at most 127 bytes). */
void monitor_put(struct monitor_sample *s, const char *name, double v,
		 enum monitor_kind kind);

struct monitor {
	const char *name;	/* --monitor's word and the figures' prefix: "proc-vmstat" */
	const char *path;	/* what it reads: --monitor refuses it when unreadable */
	/* Reads one sample of f (path, opened) into s; 0, or -EINVAL when the
	 * file is not in the format known. */
	int (*read)(FILE *f, struct monitor_sample *s);
};

#define MONITOR_REGISTER(m)						\
	static const struct monitor *const monitor_ptr_##m		\
	SK_SECTION_ENTRY("sk_monitors") = &(m)

/* The registered monitors, in link order; i < monitors_count(). */
size_t monitors_count(void);
const struct monitor *monitors_at(size_t i);

/* The words of a per-CPU table (interrupts, softirqs): a line of at most
 * MONITOR_WORDS words, each of at most 1023 CPUs' counts. */
#define MONITOR_WORDS 1088
#define MONITOR_LINE 16384

/* Splits line into at most MONITOR_WORDS words at blanks; their count. */
int monitor_words(char *line, char **w);
/* A per-CPU table's heading ("CPU0 CPU1 ..."): its CPU columns. */
int monitor_cpus(char *heading);
/* One line of such a table, as lkp's parsers key it: CPUi.KEY for each of
 * the ncpu counts v[0..] (of nv; missing ones 0) and KEY their sum, each
 * the window's delta. */
void monitor_put_cpus(struct monitor_sample *s, const char *key, char *const *v,
		      int nv, int ncpu);

/* A file's words after a "NAME:" cut at the colon, for the
 * "Key: value" files: true with *value the first number after it. */
bool monitor_key_value(char *line, char **key, double *value);

#endif
