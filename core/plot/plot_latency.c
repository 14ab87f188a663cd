/*
 * plot_latency.c - the --latency-plot SVG, hand-written. x is the
 * percentile on HdrHistogram's log scale, log10(1/(1-p)): 0 is p0, 1 p90,
 * 2 p99 ... 5 p99.999, so the tail gets as much room as the body; y is
 * microseconds on a log scale, since a tail is decades above the median.
 * Each curve is <g id="latency-N"> with its label as <title>.
 */
#include "plot_latency.h"

#include <errno.h>
#include <math.h>

#include "svg.h"

#define PL_W		760
#define PL_H		480
#define PL_LEFT		80
#define PL_RIGHT	200	/* the legend */
#define PL_TOP		40
#define PL_BOTTOM	60
#define PL_XMAX		5.0	/* p99.999 */

static const char *const plot_latency_colors[] = {
	"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
	"#e377c2", "#17becf",
};

static double plot_latency_x(double pct)
{
	double x = pct >= 100 ? PL_XMAX : log10(100.0 / (100.0 - pct));

	x = x > PL_XMAX ? PL_XMAX : x;
	return PL_LEFT + x / PL_XMAX * (PL_W - PL_LEFT - PL_RIGHT);
}

static double plot_latency_y(double us, double lo, double hi)
{
	double v = log10(us > 0 ? us : pow(10, lo));

	return PL_H - PL_BOTTOM - (v - lo) / (hi - lo) * (PL_H - PL_TOP - PL_BOTTOM);
}

/* The y range in decades of microseconds covering every curve. */
static void plot_latency_range(const struct latency_curve *c, size_t n,
			       double *lo, double *hi)
{
	double mn = INFINITY, mx = 0;

	for (size_t i = 0; i < n; i++)
		for (int r = 0; r < LATENCY_LADDER_N; r++) {
			double us = c[i].fig.ladder[r] / 1e3;

			if (us > 0 && us < mn)
				mn = us;
			if (us > mx)
				mx = us;
		}
	if (!(mx > 0)) {
		mn = 1;
		mx = 10;
	}
	*lo = floor(log10(mn));
	*hi = ceil(log10(mx));
	if (*hi <= *lo)
		*hi = *lo + 1;
}

static void plot_latency_axes(FILE *f, double lo, double hi)
{
	static const char *const xl[] = { "0%", "90%", "99%", "99.9%", "99.99%", "99.999%" };
	struct svg_area a = {
		.left = PL_LEFT, .top = PL_TOP, .right = PL_W - PL_RIGHT,
		.bottom = PL_H - PL_BOTTOM,
	};
	char buf[32];

	svg_axes_begin(f);
	for (double d = lo; d <= hi + 1e-9; d++) {
		snprintf(buf, sizeof(buf), "%g", pow(10, d));
		svg_ygrid(f, &a, plot_latency_y(pow(10, d), lo, hi), buf);
	}
	for (int i = 0; i <= (int)PL_XMAX; i++)
		svg_xtick(f, &a, PL_LEFT + i / PL_XMAX * (PL_W - PL_LEFT - PL_RIGHT),
			  xl[i], true);
	svg_axes_end(f, &a, "percentile", PL_H - 16, "latency (usecs)");
}

int plot_latency_svg(FILE *f, const struct latency_curve *c, size_t n)
{
	double lo, hi;

	plot_latency_range(c, n, &lo, &hi);
	svg_begin(f, PL_W, PL_H);
	fprintf(f, "<text x=\"%d\" y=\"24\" font-size=\"15\">latency by percentile</text>\n",
		PL_LEFT);
	plot_latency_axes(f, lo, hi);
	for (size_t i = 0; i < n; i++) {
		const char *color = plot_latency_colors[i % (sizeof(plot_latency_colors) /
							     sizeof(plot_latency_colors[0]))];
		double ly = PL_TOP + 10 + 18.0 * (double)i;

		fprintf(f, "<g id=\"latency-%zu\">\n<title>", i);
		svg_escape(f, c[i].label);
		fprintf(f, "</title>\n<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"",
			color);
		for (int r = 0; r < LATENCY_LADDER_N; r++)
			fprintf(f, "%s%.1f,%.1f", r ? " " : "",
				plot_latency_x(latency_ladder_pct[r]),
				plot_latency_y(c[i].fig.ladder[r] / 1e3, lo, hi));
		fprintf(f, "\"/>\n");
		svg_legend_key(f, PL_W - PL_RIGHT + 10, ly, color, "", c[i].label);
		fprintf(f, "</g>\n");
	}
	fprintf(f, "</svg>\n");
	return ferror(f) ? -EIO : 0;
}
