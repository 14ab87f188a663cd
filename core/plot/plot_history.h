/*
 * plot_history.h - a history line as an SVG chart (history report): one
 * point per run at the mean of its passes, a bar over their min-max,
 * each segment's mean between change points as a level, and each change
 * point a marked, labelled line between the two runs it falls between.
 */
#ifndef STRESSKIT_PLOT_HISTORY_H
#define STRESSKIT_PLOT_HISTORY_H

#include <stddef.h>
#include <stdio.h>

struct plot_history_point {
	double mean, lo, hi;	/* the run's passes: mean, min, max */
	const char *name;	/* its commit or "run N", for the tooltip */
};

struct plot_history_mark {
	size_t at;		/* the first run after the change */
	const char *label;	/* "-9.6% c023 -> c024" */
};

/*
 * Writes an inline <svg> (no XML declaration: it goes in an HTML page)
 * with id, titled title (escaped), y axis ylabel; marks in order of at.
 * Returns 0 or -EIO.
 */
int plot_history_svg(FILE *f, const char *id, const char *title, const char *ylabel,
		     const struct plot_history_point *p, size_t n,
		     const struct plot_history_mark *m, size_t nm);

#endif
