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
 * Welch's test with a variance known beforehand added to the
 * difference's (compare's drift between invocations): the same test when
 * known is 0; a z-test when both sample variances are 0 and known is not.
 */
void student_welch_known(double mean_a, double var_a, double n_a,
			 double mean_b, double var_b, double n_b, double known,
			 struct welch *out);

#endif
