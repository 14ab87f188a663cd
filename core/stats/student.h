/*
 * student.h - Student's t distribution, for the confidence intervals of
 * --repeat and compare's ci and welch methods: its CDF through the
 * regularized incomplete beta function, its quantiles by bisection of
 * that CDF, and Welch's unequal-variances t-test.
 */
#ifndef STRESSKIT_STUDENT_H
#define STRESSKIT_STUDENT_H

/*
 * I_x(a, b), the regularized incomplete beta function, for a, b > 0 and
 * 0 <= x <= 1; NAN outside.
 */
double student_incbeta(double a, double b, double x);

/* P(T <= t) for T of Student's t with df > 0 degrees of freedom (df need not be whole). */
double student_cdf(double t, double df);

/* P(|T| >= |t|): the two-sided p-value of t; 1 when t is 0. */
double student_two_sided_p(double t, double df);

/*
 * The t with P(T <= t) = p, for 0 < p < 1 and df > 0: t_{0.975,4} is
 * 2.776. Relative error below 1e-12; NAN for p or df out of range.
 */
double student_quantile(double p, double df);

struct welch {
	double t, df, p;	/* statistic, Welch-Satterthwaite df, two-sided p */
	double se;		/* the standard error of the difference of means */
};

/*
 * Welch's t-test of mean b against mean a, from each sample's mean,
 * sample variance (n - 1) and size (each n >= 2). When both variances
 * are 0 the test is degenerate: p is 0 when the means differ, 1 when not.
 */
void student_welch(double mean_a, double var_a, double n_a,
		   double mean_b, double var_b, double n_b, struct welch *out);

/*
 * A variance added to the difference's beside the samples' (compare's
 * drift between invocations): var, and its share of the
 * Welch-Satterthwaite denominator, den, the sum over its parts of
 * part^2 / df. A part assumed (an allowance) or known exactly has
 * infinitely many degrees of freedom and adds 0 to den; a part
 * estimated from k invocations adds part^2 / (k - 1), so a noise
 * measured on few invocations widens the interval as it should.
 */
struct student_added {
	double var, den;
};

/*
 * Welch's test with added (NULL: none) added to the difference's
 * variance: the same test when added->var is 0; a z-test when both
 * sample variances are 0 and added->var is not.
 */
void student_welch_known(double mean_a, double var_a, double n_a,
			 double mean_b, double var_b, double n_b,
			 const struct student_added *added, struct welch *out);

#endif
