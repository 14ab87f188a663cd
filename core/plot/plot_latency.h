/*
 * plot_latency.h - --latency-plot: percentile distributions as
 * HdrHistogram plots them, latency against 1/(1-percentile) on log axes,
 * one line per stressor series and --repeat pass.
 */
#ifndef STRESSKIT_PLOT_LATENCY_H
#define STRESSKIT_PLOT_LATENCY_H

#include <stdio.h>

#include "latency_summary.h"

struct latency_curve {
	char label[96];			/* "pipe write", "pipe write #2" */
	struct latency_figures fig;
};

/* Writes a standalone SVG of n curves; labels are XML-escaped. 0 or -EIO. */
int plot_latency_svg(FILE *f, const struct latency_curve *c, size_t n);

#endif
