/*
 * scale_report.h - the table of a --scale sweep (scale_report.c).
 */
#ifndef STRESSKIT_SCALE_REPORT_H
#define STRESSKIT_SCALE_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "run.h"

/* One step of the sweep in one instance mode, rates in bogo-ops per second. */
struct scale_row {
	uint32_t instances;
	bool ran;		/* false: this mode did not run at this step */
	double total;		/* ops over the mean instance run time */
	double per_instance;	/* total / instances */
	double linear;		/* base per-instance rate * instances */
	double efficiency;	/* total / linear, percent */
	double inst_min, inst_max;	/* the slowest and fastest instance */
	double idle;		/* % of the machine's CPU time idle, /proc/stat */
};

/*
 * runtest.py's CSV of a sweep's steps: procs[i] and threads[i] are step
 * i's process and thread runs (the same instances; ran says which ran).
 * 0 or -errno.
 */
int scale_wis_write_csv(FILE *f, const struct scale_row *procs,
			const struct scale_row *threads, size_t n);

/* Whole-machine idle and busy jiffies from /proc/stat's cpu line. */
struct cpu_jiffies {
	unsigned long long idle, busy;
};
int scale_wis_jiffies(struct cpu_jiffies *j);
/* Idle share between two readings, in percent (0 when none elapsed). */
double scale_wis_idle_percent(const struct cpu_jiffies *a, const struct cpu_jiffies *b);

/* Linear figure at n instances from a base step of base_n instances. */
double scale_linear(double base_total, uint32_t base_n, uint32_t n);
/* total over linear in percent; 0 when linear is 0. */
double scale_efficiency(double total, double linear);
/* Fills linear and efficiency of every row from rows[0]. */
void scale_fill(struct scale_row *rows, size_t n);

/* Writes the rows as CSV with a header line. Returns 0 or -errno. */
int scale_write_csv(FILE *f, const struct scale_row *rows, size_t n);

/* The table of one mode's steps, "scale: NAME, process instances, 1s per step". */
void scale_print(const struct run_plan *base, const char *name, bool threads,
		 const struct scale_row *rows, size_t n);

#endif
