/*
 * svg.h - what the hand-written SVG plots share (svg.c): the document's
 * head, XML escaping, the axes of a plot area (grid, ticks, frame, axis
 * labels) and a legend key. Each plot keeps its own scales and series.
 */
#ifndef STRESSKIT_SVG_H
#define STRESSKIT_SVG_H

#include <stdbool.h>
#include <stdio.h>

/* A plot area in pixels: x from left to right, y from top to bottom. */
struct svg_area {
	int left;
	double top, right, bottom;
};

/* The XML declaration, <svg> of w x h pixels and a white background. */
void svg_begin(FILE *f, int w, int h);
/* The same without the declaration: an SVG inline in an HTML page. */
void svg_open(FILE *f, int w, int h);

/* A 1-2-5 tick step giving about five ticks over range (> 0; 1 if not). */
double svg_tick_step(double range);
/* A tick label in SI form: 1.5M, 250k, 12. */
void svg_si(char *buf, size_t len, double v);
/* s as XML text or attribute; control characters become spaces. */
void svg_escape(FILE *f, const char *s);

/*
 * The axes: svg_axes_begin, a ygrid per y tick (a light line across,
 * label on the left), an xtick per x tick (a light line across when
 * grid, else a mark under the area; label below), then svg_axes_end:
 * the frame, xlabel centred at xlabel_y and ylabel turned along the left.
 */
void svg_axes_begin(FILE *f);
void svg_ygrid(FILE *f, const struct svg_area *a, double y, const char *label);
void svg_xtick(FILE *f, const struct svg_area *a, double x, const char *label,
	       bool grid);
void svg_axes_end(FILE *f, const struct svg_area *a, const char *xlabel,
		  double xlabel_y, const char *ylabel);

/* A legend key at (x, y): a 20-pixel line of color (dash: extra
 * attributes, "" for none) and label (escaped) after it. */
void svg_legend_key(FILE *f, double x, double y, const char *color,
		    const char *dash, const char *label);

#endif
