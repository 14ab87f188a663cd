/*
 * steady.h - the figures of a rate series: fio's steady-state criteria
 * adapted to bogo-ops (slope of a least-squares line, max-min range, both
 * as a share of the window's mean) and the coefficient of variation. Pure
 * functions of their arrays, so they are checked against hand-computed
 * values in tests/unit/test_steady.c.
 */
#ifndef STRESSKIT_STEADY_H
#define STRESSKIT_STEADY_H

#include <stdbool.h>
#include <stddef.h>

#include <stresskit/stressor.h>

enum steady_kind {
	STEADY_NONE = 0,
	STEADY_SLOPE,		/* ops_slope:X% */
	STEADY_RANGE,		/* ops_range:X% */
};

struct steady_spec {
	enum steady_kind kind;
	double limit_pct;
};

/* The check a run without --steady-state reports on its last window. */
#define STEADY_DEFAULT_KIND STEADY_SLOPE
#define STEADY_DEFAULT_LIMIT_PCT 1.0

/*
 * Parses "ops_slope:X%" or "ops_range:X%" (the % is optional, X > 0 and
 * at most 1000). Returns 0 or -EINVAL.
 */
int steady_parse(const char *s, struct steady_spec *out);
const char *steady_kind_name(enum steady_kind kind);
/* A spec as steady_parse takes it: "ops_slope:0.5%". */
void steady_format(const struct steady_spec *spec, char *out, size_t len);

/* --steady-state's OPT_PARSED value type: a struct steady_spec. */
extern const struct opt_parser steady_opt;

/*
 * The slope of the least-squares line through (x[i], y[i]), in y units per
 * x unit, as a percentage of the mean of y (absolute value). 0 when n < 2,
 * the x are all equal or the mean is 0.
 */
double steady_slope_pct(const double *x, const double *y, size_t n);

/* (max - min) / mean of y, in percent; 0 when n == 0 or the mean is 0. */
double steady_range_pct(const double *y, size_t n);

double steady_mean(const double *y, size_t n);

/* True when the window's figure is within the spec's limit. */
bool steady_holds(const struct steady_spec *spec, double slope_pct,
		  double range_pct);

#endif
