/*
 * scale_figures.h - a --scale sweep's figures: each step's rates and the
 * linear figure it is judged against (scale_figures.c).
 */
#ifndef STRESSKIT_SCALE_FIGURES_H
#define STRESSKIT_SCALE_FIGURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/* Linear figure at n instances from a base step of base_n instances. */
double scale_linear(double base_total, uint32_t base_n, uint32_t n);
/* total over linear in percent; 0 when linear is 0. */
double scale_efficiency(double total, double linear);
/* Fills linear and efficiency of every row from rows[0]. */
void scale_fill(struct scale_row *rows, size_t n);

#endif
