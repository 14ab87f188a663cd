/*
 * scale_figures.c - the linear figure of a --scale sweep (the first
 * step's per-instance rate times n) and each step's efficiency against it.
 */
#include "scale_figures.h"

double scale_linear(double base_total, uint32_t base_n, uint32_t n)
{
	return base_n ? base_total / base_n * n : 0;
}

double scale_efficiency(double total, double linear)
{
	return linear > 0 ? 100.0 * total / linear : 0;
}

void scale_fill(struct scale_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct scale_row *r = &rows[i];

		r->per_instance = r->instances ? r->total / r->instances : 0;
		r->linear = scale_linear(rows[0].total, rows[0].instances,
					 r->instances);
		r->efficiency = scale_efficiency(r->total, r->linear);
	}
}
