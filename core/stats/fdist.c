/*
 * fdist.c - the F distribution (see fdist.h). With x = d1 f / (d1 f + d2),
 * P(F <= f) = I_x(d1/2, d2/2) and P(F >= f) = I_{1-x}(d2/2, d1/2); each
 * side is evaluated from its own argument, 1 - x computed as
 * d2 / (d1 f + d2) rather than by subtraction, so neither tail loses
 * its relative precision.
 */
#include "fdist.h"

#include <math.h>

#include "student.h"

/* Whether f, d1, d2 are something the distribution is defined for. */
static int fdist_valid(double f, double d1, double d2)
{
	return !isnan(f) && d1 > 0 && d2 > 0 && !isinf(d1) && !isinf(d2);
}

double fdist_cdf(double f, double d1, double d2)
{
	if (!fdist_valid(f, d1, d2))
		return NAN;
	if (f <= 0)
		return 0;
	if (isinf(f))
		return 1;
	return student_incbeta(d1 / 2, d2 / 2, d1 * f / (d1 * f + d2));
}

double fdist_sf(double f, double d1, double d2)
{
	if (!fdist_valid(f, d1, d2))
		return NAN;
	if (f <= 0)
		return 1;
	if (isinf(f))
		return 0;
	return student_incbeta(d2 / 2, d1 / 2, d2 / (d1 * f + d2));
}
