/*
 * fdist.h - Snedecor's F distribution, for calibrate's one-way analysis
 * of variance (is the spread between invocations larger than the spread
 * between the passes of one?): its CDF and upper tail through the
 * regularized incomplete beta function of student.h.
 */
#ifndef STRESSKIT_FDIST_H
#define STRESSKIT_FDIST_H

/*
 * P(F <= f) for F of the F distribution with d1, d2 > 0 degrees of
 * freedom (need not be whole): 0 for f <= 0, 1 for f = +inf; NAN for a
 * NAN f or degrees of freedom out of range.
 */
double fdist_cdf(double f, double d1, double d2);

/*
 * P(F >= f), the p-value of an F ratio, computed on its own side of the
 * beta function, so a tail of 1e-10 keeps its digits (1 - cdf would not).
 */
double fdist_sf(double f, double d1, double d2);

#endif
