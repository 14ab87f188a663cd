/*
 * plot_svg.c - the --scale plot, hand-written SVG: two panels sharing the
 * instance axis. Top: total ops/s (points joined) and the linear line
 * (dashed) it would follow if the stressor scaled perfectly. Bottom:
 * per-instance ops/s, the mean joined, each step's slowest-to-fastest
 * instance as a bar. Axes start at 0, ticks are 1-2-5 steps; series are
 * <g id="series-..."> so tools (and tests) can find them.
 */
#include "plot_svg.h"

#include <errno.h>
#include <math.h>

#include "svg.h"

#define PLOT_W		760
#define PLOT_LEFT	90	/* room for the y tick labels */
#define PLOT_RIGHT	30
#define PLOT_PANEL_H	220
#define PLOT_TOP1	70	/* top of the upper panel */
#define PLOT_TOP2	370	/* top of the lower panel */
#define PLOT_H		660

struct plot_axis {
	double max, step;	/* from 0 to max by step */
};

/* A 1-2-5 step giving about five ticks up to at least hi. */
static struct plot_axis plot_axis(double hi)
{
	struct plot_axis a;

	if (!(hi > 0))
		hi = 1;
	a.step = svg_tick_step(hi);
	a.max = ceil(hi / a.step - 1e-9) * a.step;
	return a;
}

struct plot_panel {
	double top;		/* pixel y of the panel's top */
	struct plot_axis x, y;
};

static double plot_px(const struct plot_panel *p, double x)
{
	return PLOT_LEFT + x / p->x.max * (PLOT_W - PLOT_LEFT - PLOT_RIGHT);
}

static double plot_py(const struct plot_panel *p, double y)
{
	return p->top + PLOT_PANEL_H - y / p->y.max * PLOT_PANEL_H;
}

/* Frame, grid, ticks and axis labels of one panel. */
static void plot_frame(FILE *f, const struct plot_panel *p, const char *ylabel)
{
	struct svg_area a = {
		.left = PLOT_LEFT, .top = p->top, .right = PLOT_W - PLOT_RIGHT,
		.bottom = p->top + PLOT_PANEL_H,
	};
	char buf[32];

	svg_axes_begin(f);
	for (double y = 0; y <= p->y.max + p->y.step / 2; y += p->y.step) {
		svg_si(buf, sizeof(buf), y);
		svg_ygrid(f, &a, plot_py(p, y), buf);
	}
	for (double x = 0; x <= p->x.max + p->x.step / 2; x += p->x.step) {
		snprintf(buf, sizeof(buf), "%g", x);
		svg_xtick(f, &a, plot_px(p, x), buf, false);
	}
	svg_axes_end(f, &a, "instances", a.bottom + 36, ylabel);
}

/* A polyline through (instances, value) with a dot at each point. */
static void plot_series(FILE *f, const struct plot_panel *p, const char *id,
			const char *label, const char *color, const char *dash,
			const struct scale_row *rows, size_t n, size_t offset)
{
	fprintf(f, "<g id=\"series-%s\">\n<title>%s</title>\n<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"",
		id, label, color, dash);
	for (size_t i = 0; i < n; i++) {
		double v = *(const double *)((const char *)&rows[i] + offset);

		fprintf(f, "%s%.1f,%.1f", i ? " " : "", plot_px(p, rows[i].instances),
			plot_py(p, v));
	}
	fprintf(f, "\"/>\n");
	for (size_t i = 0; i < n; i++) {
		double v = *(const double *)((const char *)&rows[i] + offset);

		fprintf(f, "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>%u instances: %.0f ops/s</title></circle>\n",
			plot_px(p, rows[i].instances), plot_py(p, v), color,
			rows[i].instances, v);
	}
	fprintf(f, "</g>\n");
}

/* The per-instance min-max of each step as a bar with caps. */
static void plot_ranges(FILE *f, const struct plot_panel *p,
			const struct scale_row *rows, size_t n)
{
	fprintf(f, "<g id=\"series-instance-range\" stroke=\"#2a7d2a\" stroke-width=\"1.5\">\n<title>per-instance min-max</title>\n");
	for (size_t i = 0; i < n; i++) {
		double x = plot_px(p, rows[i].instances);
		double lo = plot_py(p, rows[i].inst_min), hi = plot_py(p, rows[i].inst_max);

		fprintf(f, "<g class=\"range\"><title>%u instances: %.0f to %.0f ops/s</title>"
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/></g>\n",
			rows[i].instances, rows[i].inst_min, rows[i].inst_max,
			x, lo, x, hi, x - 5, lo, x + 5, lo, x - 5, hi, x + 5, hi);
	}
	fprintf(f, "</g>\n");
}

static void plot_legend(FILE *f, double y, const char *const *labels,
			const char *const *colors, const char *const *dashes, size_t n)
{
	fprintf(f, "<g class=\"legend\" font-size=\"12\">\n");
	for (size_t i = 0; i < n; i++)
		svg_legend_key(f, PLOT_LEFT + 12 + 200.0 * (double)i, y, colors[i],
			       dashes[i], labels[i]);
	fprintf(f, "</g>\n");
}

int plot_svg_scale(FILE *f, const char *title, const struct scale_row *rows,
		   size_t n)
{
	static const char *const top_labels[] = { "total ops/s", "linear (1 instance × n)" };
	static const char *const top_colors[] = { "#1f5fbf", "#888" };
	static const char *const top_dashes[] = { "", " stroke-dasharray=\"6 4\"" };
	static const char *const low_labels[] = { "mean per instance", "min-max of instances (bars)" };
	static const char *const low_colors[] = { "#2a7d2a", "#2a7d2a" };
	static const char *const low_dashes[] = { "", " stroke-dasharray=\"2 2\"" };
	struct plot_panel top, low;
	double max_total = 0, max_inst = 0, max_n = 1;

	for (size_t i = 0; i < n; i++) {
		max_total = fmax(max_total, fmax(rows[i].total, rows[i].linear));
		max_inst = fmax(max_inst, fmax(rows[i].inst_max, rows[i].per_instance));
		max_n = fmax(max_n, rows[i].instances);
	}
	top.top = PLOT_TOP1;
	low.top = PLOT_TOP2;
	top.x = low.x = plot_axis(max_n);
	if (max_n <= 10)
		top.x = low.x = (struct plot_axis){ .max = max_n, .step = 1 };
	top.y = plot_axis(max_total * 1.05);
	low.y = plot_axis(max_inst * 1.05);

	svg_begin(f, PLOT_W, PLOT_H);
	fprintf(f, "<text id=\"title\" x=\"%d\" y=\"28\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\">",
		PLOT_W / 2);
	svg_escape(f, title);
	fprintf(f, "</text>\n");
	plot_frame(f, &top, "total bogo ops/s");
	plot_series(f, &top, "linear", "linear (1 instance × n)", "#888",
		    " stroke-dasharray=\"6 4\"", rows, n,
		    offsetof(struct scale_row, linear));
	plot_series(f, &top, "total", "total ops/s", "#1f5fbf", "", rows, n,
		    offsetof(struct scale_row, total));
	plot_legend(f, PLOT_TOP1 - 14, top_labels, top_colors, top_dashes, 2);
	plot_frame(f, &low, "bogo ops/s per instance");
	plot_ranges(f, &low, rows, n);
	plot_series(f, &low, "per-instance", "mean per instance", "#2a7d2a", "",
		    rows, n, offsetof(struct scale_row, per_instance));
	plot_legend(f, PLOT_TOP2 - 14, low_labels, low_colors, low_dashes, 2);
	fprintf(f, "</svg>\n");
	return ferror(f) ? -EIO : 0;
}
