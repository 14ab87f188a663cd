/*
 * opts_time.c - a time whose bounds are finer than OPT_TIME's whole
 * seconds: --sample-interval's 10 ms floor is checked when the option is
 * parsed, so a bad value is refused quoting what the user typed.
 */
#include "opts.h"

#include <errno.h>
#include <stdio.h>

#include "parse.h"

static int opts_time_ms_parse(const struct stressor_opt *o, const char *val,
			      void *field, char *err, size_t errlen)
{
	double t;
	int rc = parse_time(val, &t);

	(void)err;
	(void)errlen;
	if (rc)
		return rc;
	/* -EINVAL as a bad time: what cli_parse returned for it before */
	if (!(t > 0) || t * 1000 < (double)o->min || t * 1000 > (double)o->max)
		return -EINVAL;
	*(double *)field = t;
	return 0;
}

static void opts_time_ms_format(const struct stressor_opt *o, const void *field,
				char *out, size_t len)
{
	(void)o;
	snprintf(out, len, "%gs", *(const double *)field);
}

const struct opt_parser opts_time_ms = {
	.size = sizeof(double),
	.metavar = "TIME",
	.parse = opts_time_ms_parse,
	.format = opts_time_ms_format,
};
