/*
 * plot_svg.h - the --scale plot: total ops/s and the linear line against
 * instances, and below it per-instance ops/s with each step's min-max.
 */
#ifndef STRESSKIT_PLOT_SVG_H
#define STRESSKIT_PLOT_SVG_H

#include <stdio.h>

#include "scale_figures.h"

/* Writes a standalone SVG; title is XML-escaped. Returns 0 or -errno. */
int plot_svg_scale(FILE *f, const char *title, const struct scale_row *rows,
		   size_t n);

#endif
