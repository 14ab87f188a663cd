/* test_scale.c - the sweep's pure parts: linear, efficiency, CSV, runtest.py's CSV, SVG. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "plot_svg.h"
#include "scale_report.h"
#include "unit.h"

START_TEST(test_linear_efficiency)
{
	ck_assert_double_eq_tol(scale_linear(1000, 1, 4), 4000, 1e-9);
	/* a base of 2 instances: per-instance 500 */
	ck_assert_double_eq_tol(scale_linear(1000, 2, 8), 4000, 1e-9);
	ck_assert_double_eq_tol(scale_linear(1000, 0, 8), 0, 1e-9);
	ck_assert_double_eq_tol(scale_efficiency(3000, 4000), 75, 1e-9);
	ck_assert_double_eq_tol(scale_efficiency(3000, 0), 0, 1e-9);
}
END_TEST

static struct scale_row test_rows[] = {
	{ .instances = 1, .total = 100, .inst_min = 100, .inst_max = 100 },
	{ .instances = 2, .total = 150, .inst_min = 70, .inst_max = 80 },
	{ .instances = 4, .total = 400, .inst_min = 90, .inst_max = 110 },
};

START_TEST(test_fill_and_csv)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	scale_fill(test_rows, 3);
	ck_assert_double_eq_tol(test_rows[1].linear, 200, 1e-9);
	ck_assert_double_eq_tol(test_rows[1].efficiency, 75, 1e-9);
	ck_assert_double_eq_tol(test_rows[1].per_instance, 75, 1e-9);
	ck_assert_double_eq_tol(test_rows[2].efficiency, 100, 1e-9);
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(scale_write_csv(f, test_rows, 3), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "instances,total_ops_per_sec,"));
	ck_assert_ptr_nonnull(strstr(buf, "\n2,150.00,75.00,200.00,75.00,70.00,80.00\n"));
	free(buf);
}
END_TEST

/* runtest.py's CSV of rows of two modes: rows[0] processes, rows[1] threads */
static char *wis_csv_of(const struct scale_row (*rows)[3], size_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_int_eq(scale_wis_write_csv(f, rows[0], rows[1], n), 0);
	fclose(f);
	return buf;
}

START_TEST(test_wis_csv)
{
	static const char head[] = "tasks,processes,processes_idle,threads,threads_idle,linear\n"
				   "0,0,100,0,100,0\n";
	/* both modes over 1,2: linear is the 1-task step's larger figure */
	const struct scale_row both[2][3] = {
		{ { .instances = 1, .ran = true, .total = 100.9, .idle = 50.004 },
		  { .instances = 2, .ran = true, .total = 150, .idle = 0.125 } },
		{ { .instances = 1, .ran = true, .total = 120.5, .idle = 49.5 },
		  { .instances = 2, .ran = true, .total = 90, .idle = 100 } },
	};
	/* processes alone over 2,4: no 1-task step, linear 0 throughout */
	const struct scale_row procs[2][3] = {
		{ { .instances = 2, .ran = true, .total = 300, .idle = 1 },
		  { .instances = 4, .ran = true, .total = 500, .idle = 2 } },
		{ { .instances = 2 }, { .instances = 4 } },
	};
	/* threads alone, one task; a process figure not run is 0 whatever it holds */
	const struct scale_row threads[2][3] = {
		{ { .instances = 1, .total = 999, .idle = 7 } },
		{ { .instances = 1, .ran = true, .total = 77, .idle = 3 } },
	};
	char *buf;

	buf = wis_csv_of(both, 2);
	ck_assert_str_eq(buf, "tasks,processes,processes_idle,threads,threads_idle,linear\n"
			 "0,0,100,0,100,0\n"
			 "1,100,50.00,120,49.50,120\n"
			 "2,150,0.12,90,100.00,240\n");
	free(buf);
	buf = wis_csv_of(procs, 2);
	ck_assert_str_eq(buf + strlen(head), "2,300,1.00,0,0.00,0\n4,500,2.00,0,0.00,0\n");
	free(buf);
	buf = wis_csv_of(threads, 1);
	ck_assert_str_eq(buf + strlen(head), "1,0,0.00,77,3.00,77\n");
	free(buf);
	buf = wis_csv_of(threads, 0);
	ck_assert_str_eq(buf, head);
	free(buf);
}
END_TEST

START_TEST(test_svg_escapes)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	scale_fill(test_rows, 3);
	ck_assert_int_eq(plot_svg_scale(f, "a<b & \"c\"", test_rows, 3), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "a&lt;b &amp; &quot;c&quot;"));
	ck_assert_ptr_null(strstr(buf, "a<b"));
	ck_assert_ptr_nonnull(strstr(buf, "id=\"series-total\""));
	ck_assert_ptr_nonnull(strstr(buf, "id=\"series-linear\""));
	ck_assert_ptr_nonnull(strstr(buf, "id=\"series-instance-range\""));
	ck_assert_ptr_nonnull(strstr(buf, "</svg>\n"));
	free(buf);
}
END_TEST

static Suite *scale_suite(void)
{
	Suite *s = suite_create("scale");
	TCase *tc = tcase_create("scale");

	tcase_add_test(tc, test_linear_efficiency);
	tcase_add_test(tc, test_fill_and_csv);
	tcase_add_test(tc, test_wis_csv);
	tcase_add_test(tc, test_svg_escapes);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(scale_suite);
