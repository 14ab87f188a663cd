/*
 * plot_history.c - a history line's chart (plot_history.h). The y axis
 * spans the data, not from 0: a step of 3% must be seen. Runs are
 * evenly spaced by index (the order they were added), so a change
 * point's line sits halfway between the runs either side of it.
 * Groups carry classes ("run", "spread", "level", "change-point") so a
 * test, or a reader's stylesheet, finds them.
 */
#include "plot_history.h"

#include <errno.h>
#include <math.h>

#include "svg.h"

#define PH_W		860
#define PH_H		340
#define PH_LEFT		80
#define PH_RIGHT	20
#define PH_TOP		60	/* room for the title and the marks' labels */
#define PH_BOTTOM	290

struct ph_scale {
	size_t n;
	double lo, hi;	/* the y axis' ends */
};

static double ph_x(const struct ph_scale *s, double i)
{
	double w = PH_W - PH_LEFT - PH_RIGHT;

	return PH_LEFT + (s->n > 1 ? (i + 0.5) / (double)s->n : 0.5) * w;
}

static double ph_y(const struct ph_scale *s, double v)
{
	return PH_BOTTOM - (v - s->lo) / (s->hi - s->lo) * (PH_BOTTOM - PH_TOP);
}

/* The axis: the data's span and a twentieth more either side, to ticks. */
static void ph_range(const struct plot_history_point *p, size_t n, struct ph_scale *s)
{
	double lo = INFINITY, hi = -INFINITY, pad, step;

	for (size_t i = 0; i < n; i++) {
		lo = fmin(lo, p[i].lo);
		hi = fmax(hi, p[i].hi);
	}
	if (!(hi > lo)) {
		pad = isfinite(lo) && lo != 0 ? fabs(lo) / 20 : 1;
		lo = isfinite(lo) ? lo - pad : 0;
		hi = isfinite(hi) ? hi + pad : 1;
	}
	pad = (hi - lo) / 20;
	step = svg_tick_step(hi - lo + 2 * pad);
	s->n = n;
	s->lo = floor((lo - pad) / step) * step;
	s->hi = ceil((hi + pad) / step) * step;
}

static void ph_axes(FILE *f, const struct ph_scale *s, const char *ylabel)
{
	struct svg_area a = { .left = PH_LEFT, .top = PH_TOP, .right = PH_W - PH_RIGHT,
			      .bottom = PH_BOTTOM };
	double step = svg_tick_step(s->hi - s->lo);
	size_t xstep = s->n > 10 ? (size_t)svg_tick_step((double)s->n) : 1;
	char buf[32];

	svg_axes_begin(f);
	for (double y = s->lo; y <= s->hi + step / 2; y += step) {
		svg_si(buf, sizeof(buf), fabs(y) < step / 1e6 ? 0 : y);
		svg_ygrid(f, &a, ph_y(s, y), buf);
	}
	for (size_t i = 0; i < s->n; i += xstep ? xstep : 1) {
		snprintf(buf, sizeof(buf), "%zu", i);
		svg_xtick(f, &a, ph_x(s, (double)i), buf, false);
	}
	svg_axes_end(f, &a, "run (index, in the order added)", PH_BOTTOM + 40, ylabel);
}

/* Each segment's mean as a level, from one mark (or the start) to the next. */
static void ph_levels(FILE *f, const struct ph_scale *s, const struct plot_history_point *p,
		      size_t n, const struct plot_history_mark *m, size_t nm)
{
	fprintf(f, "<g class=\"levels\" stroke=\"#e08a00\" stroke-width=\"2\" stroke-dasharray=\"6 3\">\n");
	for (size_t k = 0; k <= nm; k++) {
		size_t from = k ? m[k - 1].at : 0, to = k < nm ? m[k].at : n;
		double sum = 0;

		if (to <= from)
			continue;
		for (size_t i = from; i < to; i++)
			sum += p[i].mean;
		sum /= (double)(to - from);
		fprintf(f, "<line class=\"level\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\">"
			"<title>mean of runs %zu to %zu: %.6g</title></line>\n",
			ph_x(s, (double)from - 0.5), ph_y(s, sum), ph_x(s, (double)to - 0.5),
			ph_y(s, sum), from, to - 1, sum);
	}
	fprintf(f, "</g>\n");
}

static void ph_runs(FILE *f, const struct ph_scale *s, const struct plot_history_point *p,
		    size_t n)
{
	fprintf(f, "<g class=\"runs\">\n<polyline fill=\"none\" stroke=\"#9bb4dc\" stroke-width=\"1\" points=\"");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s%.1f,%.1f", i ? " " : "", ph_x(s, (double)i), ph_y(s, p[i].mean));
	fprintf(f, "\"/>\n");
	for (size_t i = 0; i < n; i++) {
		double x = ph_x(s, (double)i);

		fprintf(f, "<g class=\"run\"><title>");
		svg_escape(f, p[i].name ? p[i].name : "");
		fprintf(f, " (index %zu): mean %.6g, passes %.6g to %.6g</title>"
			"<line class=\"spread\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			"stroke=\"#1f5fbf\" stroke-width=\"1.5\"/>"
			"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#1f5fbf\"/></g>\n",
			i, p[i].mean, p[i].lo, p[i].hi, x, ph_y(s, p[i].lo), x, ph_y(s, p[i].hi),
			x, ph_y(s, p[i].mean));
	}
	fprintf(f, "</g>\n");
}

/* Each mark: a red line between the runs either side, its label above,
 * alternating rows so that two marks close together stay legible. */
static void ph_marks(FILE *f, const struct ph_scale *s, const struct plot_history_mark *m,
		     size_t nm)
{
	fprintf(f, "<g class=\"change-points\" font-size=\"11\" fill=\"#b00020\">\n");
	for (size_t k = 0; k < nm; k++) {
		double x = ph_x(s, (double)m[k].at - 0.5), ly = PH_TOP - 6 - 13.0 * (double)(k % 2);
		bool right = x > PH_W / 2.0;

		fprintf(f, "<g class=\"change-point\"><title>");
		svg_escape(f, m[k].label);
		fprintf(f, "</title><line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#b00020\" "
			"stroke-width=\"2\" stroke-dasharray=\"4 2\"/>"
			"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">", x, PH_TOP, x, PH_BOTTOM,
			x + (right ? -4 : 4), ly, right ? "end" : "start");
		svg_escape(f, m[k].label);
		fprintf(f, "</text></g>\n");
	}
	fprintf(f, "</g>\n");
}

int plot_history_svg(FILE *f, const char *id, const char *title, const char *ylabel,
		     const struct plot_history_point *p, size_t n,
		     const struct plot_history_mark *m, size_t nm)
{
	struct ph_scale s;

	ph_range(p, n, &s);
	fprintf(f, "<div class=\"chart\" id=\"");
	svg_escape(f, id);
	fprintf(f, "\">\n");
	svg_open(f, PH_W, PH_H);
	fprintf(f, "<text class=\"title\" x=\"%d\" y=\"20\" font-size=\"14\" font-weight=\"bold\">",
		PH_LEFT);
	svg_escape(f, title);
	fprintf(f, "</text>\n");
	ph_axes(f, &s, ylabel);
	ph_levels(f, &s, p, n, m, nm);
	ph_runs(f, &s, p, n);
	ph_marks(f, &s, m, nm);
	fprintf(f, "</svg>\n</div>\n");
	return ferror(f) ? -EIO : 0;
}
