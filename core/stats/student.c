/*
 * student.c - Student's t distribution (see student.h). The incomplete
 * beta function is evaluated by its continued fraction (modified Lentz),
 * on the side of x where it converges fast, as the textbooks give it;
 * the t CDF is I_{df/(df+t^2)}(df/2, 1/2) halved, so tail probabilities
 * keep their relative precision, and the quantile bisects the CDF, which
 * is slow only by the standards of a loop nobody waits for.
 */
#include "student.h"

#include <math.h>
#include <stddef.h>

#define STUDENT_EPS 1e-15
#define STUDENT_TINY 1e-300
#define STUDENT_MAX_ITER 1000

/* The continued fraction of I_x(a, b), for x < (a + 1) / (a + b + 2). */
static double student_betacf(double a, double b, double x)
{
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	if (fabs(d) < STUDENT_TINY)
		d = STUDENT_TINY;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= STUDENT_MAX_ITER; m++) {
		double m2 = 2.0 * m, coef, delta;

		/* the even step, then the odd one */
		coef = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		d = 1 + coef * d;
		d = fabs(d) < STUDENT_TINY ? 1 / STUDENT_TINY : 1 / d;
		c = 1 + coef / c;
		if (fabs(c) < STUDENT_TINY)
			c = STUDENT_TINY;
		h *= d * c;
		coef = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		d = 1 + coef * d;
		d = fabs(d) < STUDENT_TINY ? 1 / STUDENT_TINY : 1 / d;
		c = 1 + coef / c;
		if (fabs(c) < STUDENT_TINY)
			c = STUDENT_TINY;
		delta = d * c;
		h *= delta;
		if (fabs(delta - 1) < STUDENT_EPS)
			break;
	}
	return h;
}

double student_incbeta(double a, double b, double x)
{
	double front;

	if (!(a > 0) || !(b > 0) || !(x >= 0) || !(x <= 1))
		return NAN;
	if (x == 0 || x == 1)
		return x;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) +
		    a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * student_betacf(a, b, x) / a;
	return 1 - front * student_betacf(b, a, 1 - x) / b;
}

double student_two_sided_p(double t, double df)
{
	if (!(df > 0) || isnan(t))
		return NAN;
	if (isinf(t))
		return 0;
	if (isinf(df))	/* the normal's, Student's limit */
		return erfc(fabs(t) / M_SQRT2);
	return student_incbeta(df / 2, 0.5, df / (df + t * t));
}

double student_cdf(double t, double df)
{
	double tail = student_two_sided_p(t, df) / 2;

	return t >= 0 ? 1 - tail : tail;
}

double student_quantile(double p, double df)
{
	double lo = 0, hi = 1, q = p < 0.5 ? 1 - p : p;

	if (!(p > 0) || !(p < 1) || !(df > 0))
		return NAN;
	if (p == 0.5)
		return 0;
	/* the upper tail, by its two-sided p, which is exact far out */
	while (student_two_sided_p(hi, df) > 2 * (1 - q)) {
		lo = hi;
		hi *= 2;
		if (hi > 1e300)
			return p < 0.5 ? -INFINITY : INFINITY;
	}
	for (int i = 0; i < 200 && hi - lo > 1e-14 * hi; i++) {
		double mid = (lo + hi) / 2;

		if (student_two_sided_p(mid, df) > 2 * (1 - q))
			lo = mid;
		else
			hi = mid;
	}
	return p < 0.5 ? -(lo + hi) / 2 : (lo + hi) / 2;
}

void student_welch(double mean_a, double var_a, double n_a,
		   double mean_b, double var_b, double n_b, struct welch *out)
{
	student_welch_known(mean_a, var_a, n_a, mean_b, var_b, n_b, NULL, out);
}

/*
 * The added variance adds to the standard error, and to the
 * Welch-Satterthwaite denominator only its estimated parts' share
 * (struct student_added): an exactly known part has infinitely many
 * degrees of freedom, so the df grows with its share.
 */
void student_welch_known(double mean_a, double var_a, double n_a,
			 double mean_b, double var_b, double n_b,
			 const struct student_added *added, struct welch *out)
{
	double qa = var_a / n_a, qb = var_b / n_b, q = qa + qb + (added ? added->var : 0);
	double den = qa * qa / (n_a - 1) + qb * qb / (n_b - 1) + (added ? added->den : 0);

	out->se = sqrt(q);
	if (out->se == 0) {
		out->t = mean_b == mean_a ? 0 : copysign(INFINITY, mean_b - mean_a);
		out->df = n_a + n_b - 2;
		out->p = mean_b == mean_a ? 1 : 0;
		return;
	}
	out->t = (mean_b - mean_a) / out->se;
	out->df = den > 0 ? q * q / den : INFINITY;
	out->p = student_two_sided_p(out->t, out->df);
}
