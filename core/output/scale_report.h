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
#include "scale_figures.h"

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

/* Writes the rows as CSV with a header line. Returns 0 or -errno. */
int scale_write_csv(FILE *f, const struct scale_row *rows, size_t n);

/* The table of one mode's steps, "scale: NAME, process instances, 1s per step". */
void scale_print(const struct run_plan *base, const char *name, bool threads,
		 const struct scale_row *rows, size_t n);

#endif
