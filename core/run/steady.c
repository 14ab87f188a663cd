/*
 * steady.c - steady-state criteria and spread of a rate series. As fio's
 * steadystate=iops_slope:X%, the slope is that of the least-squares line
 * through the window's samples, over the window's mean; x is in seconds,
 * so "ops_slope:1%" means the rate drifts by at most 1% of its mean per
 * second. ops_range is the window's max - min over its mean.
 */
#include "steady.h"

#include <errno.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

#define STEADY_LIMIT_MAX 1000.0

int steady_parse(const char *s, struct steady_spec *out)
{
	static const struct { const char *word; enum steady_kind kind; } kinds[] = {
		{ "ops_slope:", STEADY_SLOPE }, { "ops_range:", STEADY_RANGE },
	};
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; s && i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		size_t len = strlen(kinds[i].word);
		double v;

		if (strncmp(s, kinds[i].word, len) || !s[len] ||
		    strchr(" \t+-", s[len]))
			continue;
		if (parse_percent(s + len, &v))
			return -EINVAL;
		if (!isfinite(v) || v <= 0 || v > STEADY_LIMIT_MAX)
			return -EINVAL;
		out->kind = kinds[i].kind;
		out->limit_pct = v;
		return 0;
	}
	return -EINVAL;
}

const char *steady_kind_name(enum steady_kind kind)
{
	return kind == STEADY_RANGE ? "ops_range" :
	       kind == STEADY_SLOPE ? "ops_slope" : "none";
}

void steady_format(const struct steady_spec *spec, char *out, size_t len)
{
	snprintf(out, len, "%s:%g%%", steady_kind_name(spec->kind), spec->limit_pct);
}

static int steady_opt_parse(const struct stressor_opt *o, const char *val,
			    void *field, char *err, size_t errlen)
{
	struct steady_spec spec;
	int rc = steady_parse(val, &spec);

	(void)o;
	(void)err;
	(void)errlen;
	if (!rc)	/* on an error the field stays as it was */
		memcpy(field, &spec, sizeof(spec));
	return rc;
}

static void steady_opt_format(const struct stressor_opt *o, const void *field,
			      char *out, size_t len)
{
	(void)o;
	steady_format(field, out, len);
}

const struct opt_parser steady_opt = {
	.size = sizeof(struct steady_spec),
	.metavar = "SPEC",
	.parse = steady_opt_parse,
	.format = steady_opt_format,
};

double steady_mean(const double *y, size_t n)
{
	double sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += y[i];
	return n ? sum / (double)n : 0;
}

double steady_slope_pct(const double *x, const double *y, size_t n)
{
	double mx = steady_mean(x, n), my = steady_mean(y, n), sxy = 0, sxx = 0;

	if (n < 2 || my == 0)
		return 0;
	/* centred sums: no cancellation when x is seconds since boot */
	for (size_t i = 0; i < n; i++) {
		sxy += (x[i] - mx) * (y[i] - my);
		sxx += (x[i] - mx) * (x[i] - mx);
	}
	return sxx > 0 ? 100.0 * fabs(sxy / sxx) / fabs(my) : 0;
}

double steady_range_pct(const double *y, size_t n)
{
	double lo, hi, m = steady_mean(y, n);

	if (!n || m == 0)
		return 0;
	lo = hi = y[0];
	for (size_t i = 1; i < n; i++) {
		lo = y[i] < lo ? y[i] : lo;
		hi = y[i] > hi ? y[i] : hi;
	}
	return 100.0 * (hi - lo) / fabs(m);
}

bool steady_holds(const struct steady_spec *spec, double slope_pct,
		  double range_pct)
{
	switch (spec->kind) {
	case STEADY_SLOPE:
		return slope_pct <= spec->limit_pct;
	case STEADY_RANGE:
		return range_pct <= spec->limit_pct;
	default:
		return false;
	}
}
