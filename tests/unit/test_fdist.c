/*
 * test_fdist.c - the F distribution against values computed with scipy
 * 1.10 (scipy.stats.f.cdf and f.sf), quoted to their full precision and
 * checked to 1e-9, and against closed forms: for d1 = 2,
 * P(F >= f) = (1 + 2 f / d2)^(-d2/2).
 */
#include <math.h>

#include "fdist.h"
#include "unit.h"

#define ck_rel(got, want, rel) \
	ck_assert_msg(fabs((got) - (want)) <= (rel) * fabs((double)(want)), \
		      "%s = %.15g, expected %.15g", #got, (double)(got), (double)(want))

START_TEST(test_fdist_scipy)
{
	ck_rel(fdist_cdf(2.5, 5, 12), 0.9101758463950644, 1e-9);
	ck_rel(fdist_sf(2.5, 5, 12), 0.0898241536049356, 1e-9);
	ck_rel(fdist_cdf(0.5, 1, 1), 0.39182655203060734, 1e-9);
	ck_rel(fdist_sf(0.5, 1, 1), 0.6081734479693929, 1e-9);
	ck_rel(fdist_cdf(0.2, 3, 20), 0.10485511213002503, 1e-9);
	ck_rel(fdist_sf(1.7, 2.5, 7.5), 0.24778068385803204, 1e-9);
	/* the 95% point of F(2, 9): a textbook's table gives 4.26 */
	ck_rel(fdist_sf(4.25649472909375, 2, 9), 0.05, 1e-9);
	/* far out, the tail keeps its digits: 1 - cdf would be 8.1239e-10 at best */
	ck_rel(fdist_sf(120, 5, 12), 8.123883087345875e-10, 1e-9);
	ck_rel(fdist_cdf(120, 5, 12), 0.9999999991876117, 1e-12);
}
END_TEST

START_TEST(test_fdist_closed_form)
{
	/* d1 = 2: (1 + 2f/d2)^(-d2/2) */
	ck_rel(fdist_sf(1, 2, 6), 0.421875, 1e-12);
	ck_rel(fdist_cdf(1, 2, 6), 0.578125, 1e-12);
	ck_rel(fdist_sf(10, 2, 4), 1.0 / 36, 1e-12);
	for (double f = 0.05; f < 50; f *= 1.7)
		ck_rel(fdist_cdf(f, 3, 8) + fdist_sf(f, 3, 8), 1, 1e-12);
}
END_TEST

START_TEST(test_fdist_edges)
{
	ck_assert_double_eq(fdist_cdf(0, 3, 4), 0);
	ck_assert_double_eq(fdist_sf(0, 3, 4), 1);
	ck_assert_double_eq(fdist_cdf(-1, 3, 4), 0);
	ck_assert_double_eq(fdist_cdf(INFINITY, 3, 4), 1);
	ck_assert_double_eq(fdist_sf(INFINITY, 3, 4), 0);
	ck_assert(isnan(fdist_cdf(NAN, 3, 4)));
	ck_assert(isnan(fdist_sf(1, 0, 4)));
	ck_assert(isnan(fdist_sf(1, 3, -1)));
}
END_TEST

static Suite *fdist_suite(void)
{
	Suite *s = suite_create("fdist");
	TCase *tc = tcase_create("fdist");

	tcase_add_test(tc, test_fdist_scipy);
	tcase_add_test(tc, test_fdist_closed_form);
	tcase_add_test(tc, test_fdist_edges);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(fdist_suite);
