/*
 * svg.c - the pieces of SVG both plots write (plot_svg.c, the --scale
 * plot, and plot_latency.c, the --latency-plot), so their axes, labels
 * and legends look alike and are written once.
 */
#include "svg.h"

#include <math.h>

void svg_begin(FILE *f, int w, int h)
{
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	svg_open(f, w, h);
}

void svg_open(FILE *f, int w, int h)
{
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
		w, h, w, h);
}

void svg_escape(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default:
			/* control characters are not allowed in XML 1.0 */
			fputc((unsigned char)*s < 0x20 ? ' ' : *s, f);
		}
	}
}

void svg_axes_begin(FILE *f)
{
	fprintf(f, "<g class=\"axes\" font-size=\"12\" fill=\"#333\">\n");
}

void svg_ygrid(FILE *f, const struct svg_area *a, double y, const char *label)
{
	fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
		a->left, y, a->right, y);
	fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
		a->left - 6, y + 4, label);
}

void svg_xtick(FILE *f, const struct svg_area *a, double x, const char *label,
	       bool grid)
{
	if (grid)
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
			x, a->top, x, a->bottom);
	else
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n",
			x, a->bottom, x, a->bottom + 5);
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
		x, a->bottom + 18, label);
}

void svg_axes_end(FILE *f, const struct svg_area *a, const char *xlabel,
		  double xlabel_y, const char *ylabel)
{
	fprintf(f, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#333\"/>\n",
		a->left, a->top, (int)(a->right - a->left), (int)(a->bottom - a->top));
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"13\">%s</text>\n",
		(a->left + a->right) / 2, xlabel_y, xlabel);
	fprintf(f, "<text transform=\"translate(22 %.1f) rotate(-90)\" text-anchor=\"middle\" font-size=\"13\">%s</text>\n",
		(a->top + a->bottom) / 2, ylabel);
	fprintf(f, "</g>\n");
}

void svg_legend_key(FILE *f, double x, double y, const char *color,
		    const char *dash, const char *label)
{
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"%s/>\n",
		x, y, x + 20, y, color, dash);
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\">", x + 26, y + 4);
	svg_escape(f, label);
	fprintf(f, "</text>\n");
}

double svg_tick_step(double range)
{
	double raw, mag, f;

	if (!(range > 0))
		range = 1;
	raw = range / 5;
	mag = pow(10, floor(log10(raw)));
	f = raw / mag;
	return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

void svg_si(char *buf, size_t len, double v)
{
	double a = fabs(v);

	if (a >= 1e9)
		snprintf(buf, len, "%gG", v / 1e9);
	else if (a >= 1e6)
		snprintf(buf, len, "%gM", v / 1e6);
	else if (a >= 1e3)
		snprintf(buf, len, "%gk", v / 1e3);
	else
		snprintf(buf, len, "%g", v);
}
