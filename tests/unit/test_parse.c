/* test_parse.c - value parsers: suffixes, overflow, range, garbage. */
#include <errno.h>

#include "parse.h"
#include "unit.h"

START_TEST(test_u64)
{
	uint64_t v;

	ck_assert_int_eq(parse_u64("0", &v), 0);
	ck_assert_uint_eq(v, 0);
	ck_assert_int_eq(parse_u64("18446744073709551615", &v), 0);
	ck_assert_uint_eq(v, UINT64_MAX);
	ck_assert_int_eq(parse_u64("18446744073709551616", &v), -ERANGE);
	ck_assert_int_eq(parse_u64("99999999999999999999", &v), -ERANGE);
	ck_assert_int_eq(parse_u64("", &v), -EINVAL);
	ck_assert_int_eq(parse_u64("12a", &v), -EINVAL);
	ck_assert_int_eq(parse_u64(" 1", &v), -EINVAL);
	ck_assert_int_eq(parse_u64("-1", &v), -EINVAL);
	ck_assert_int_eq(parse_u64(NULL, &v), -EINVAL);
}
END_TEST

START_TEST(test_size)
{
	uint64_t v;

	ck_assert_int_eq(parse_size("4096", &v), 0);
	ck_assert_uint_eq(v, 4096);
	ck_assert_int_eq(parse_size("4K", &v), 0);
	ck_assert_uint_eq(v, 4096);
	ck_assert_int_eq(parse_size("64k", &v), 0);
	ck_assert_uint_eq(v, 65536);
	ck_assert_int_eq(parse_size("4M", &v), 0);
	ck_assert_uint_eq(v, 4ULL << 20);
	ck_assert_int_eq(parse_size("1G", &v), 0);
	ck_assert_uint_eq(v, 1ULL << 30);
	ck_assert_int_eq(parse_size("2T", &v), 0);
	ck_assert_uint_eq(v, 2ULL << 40);
	ck_assert_int_eq(parse_size("16777216T", &v), -ERANGE);
	ck_assert_int_eq(parse_size("4X", &v), -EINVAL);
	ck_assert_int_eq(parse_size("4KK", &v), -EINVAL);
	ck_assert_int_eq(parse_size("K", &v), -EINVAL);
	ck_assert_int_eq(parse_size("1.5M", &v), -EINVAL);
}
END_TEST

START_TEST(test_time)
{
	double t;

	ck_assert_int_eq(parse_time("10", &t), 0);
	ck_assert_double_eq(t, 10);
	ck_assert_int_eq(parse_time("10s", &t), 0);
	ck_assert_double_eq(t, 10);
	ck_assert_int_eq(parse_time("2m", &t), 0);
	ck_assert_double_eq(t, 120);
	ck_assert_int_eq(parse_time("1h", &t), 0);
	ck_assert_double_eq(t, 3600);
	ck_assert_int_eq(parse_time("1d", &t), 0);
	ck_assert_double_eq(t, 86400);
	ck_assert_int_eq(parse_time("1w", &t), 0);
	ck_assert_double_eq(t, 604800);
	ck_assert_int_eq(parse_time("1y", &t), 0);
	ck_assert_double_eq(t, 31557600);
	ck_assert_int_eq(parse_time("0.5s", &t), 0);
	ck_assert_double_eq(t, 0.5);
	/* milliseconds: the sampling intervals' unit */
	ck_assert_int_eq(parse_time("10ms", &t), 0);
	ck_assert_double_eq_tol(t, 0.01, 1e-15);
	ck_assert_int_eq(parse_time("250MS", &t), 0);
	ck_assert_double_eq_tol(t, 0.25, 1e-15);
	ck_assert_int_eq(parse_time("1msx", &t), -EINVAL);
	ck_assert_int_eq(parse_time("1sm", &t), -EINVAL);
	ck_assert_int_eq(parse_time("1x", &t), -EINVAL);
	ck_assert_int_eq(parse_time("-5", &t), -EINVAL);
	ck_assert_int_eq(parse_time("", &t), -EINVAL);
	ck_assert_int_eq(parse_time("5ss", &t), -EINVAL);
	ck_assert_int_eq(parse_time("1e300", &t), -EINVAL);
	ck_assert_int_eq(parse_time("10000000000000s", &t), -ERANGE);
	ck_assert_int_eq(parse_time("nan", &t), -EINVAL);
}
END_TEST

/* One number syntax for every kind: decimal, no hex, exponent or sign. */
START_TEST(test_one_number_syntax)
{
	static const char *const bad[] = { "0x10", "0X2", "1e3", "+5", " 5", "5 ", "0x", "1.5.2", "." };
	uint64_t v;
	uint32_t n;
	double d;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_msg(parse_u64(bad[i], &v) < 0, "count '%s'", bad[i]);
		ck_assert_msg(parse_size(bad[i], &v) < 0, "size '%s'", bad[i]);
		ck_assert_msg(parse_time(bad[i], &d) < 0, "time '%s'", bad[i]);
		ck_assert_msg(parse_percent(bad[i], &d) < 0, "percent '%s'", bad[i]);
		ck_assert_msg(parse_instances(bad[i], 4, &n) < 0, "instances '%s'", bad[i]);
	}
	ck_assert_int_eq(parse_time(".5", &d), 0);
	ck_assert_double_eq(d, 0.5);
	ck_assert_int_eq(parse_percent("2.5%", &d), 0);
	ck_assert_double_eq(d, 2.5);
	ck_assert_int_eq(parse_u64("18446744073709551615", &v), 0);
	ck_assert_int_eq(parse_u64("18446744073709551616", &v), -ERANGE);
	ck_assert_int_eq(parse_u64(".5", &v), -EINVAL);
}
END_TEST

START_TEST(test_instances)
{
	uint32_t n;

	ck_assert_int_eq(parse_instances("4", 2, &n), 0);
	ck_assert_uint_eq(n, 4);
	ck_assert_int_eq(parse_instances("0", 2, &n), 0);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(parse_instances("-1", 6, &n), 0);
	ck_assert_uint_eq(n, 6);
	ck_assert_int_eq(parse_instances("50%", 8, &n), 0);
	ck_assert_uint_eq(n, 4);
	ck_assert_int_eq(parse_instances("1%", 8, &n), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(parse_instances("200%", 2, &n), 0);
	ck_assert_uint_eq(n, 4);
	ck_assert_int_eq(parse_instances("8192", 2, &n), 0);
	ck_assert_uint_eq(n, 8192);
	ck_assert_int_eq(parse_instances("8193", 2, &n), -ERANGE);
	ck_assert_int_eq(parse_instances("99999999999999999999", 2, &n), -ERANGE);
	ck_assert_int_eq(parse_instances("abc", 2, &n), -EINVAL);
	ck_assert_int_eq(parse_instances("%", 2, &n), -EINVAL);
	ck_assert_int_eq(parse_instances("-x", 2, &n), -EINVAL);
	ck_assert_int_eq(parse_instances("", 2, &n), -EINVAL);
}
END_TEST

START_TEST(test_cpu_list)
{
	uint64_t m[16];

	ck_assert_int_eq(parse_cpu_list("0,2-3", m), 0);
	ck_assert_uint_eq(m[0], 0xd);
	ck_assert_int_eq(parse_cpu_list("64", m), 0);
	ck_assert_uint_eq(m[1], 1);
	ck_assert_int_eq(parse_cpu_list("3-1", m), -ERANGE);
	ck_assert_int_eq(parse_cpu_list("1024", m), -ERANGE);
	ck_assert_int_eq(parse_cpu_list("a", m), -EINVAL);
	ck_assert_int_eq(parse_cpu_list("1-", m), -EINVAL);
}
END_TEST

static Suite *parse_suite(void)
{
	Suite *s = suite_create("parse");
	TCase *tc = tcase_create("values");

	tcase_add_test(tc, test_u64);
	tcase_add_test(tc, test_size);
	tcase_add_test(tc, test_time);
	tcase_add_test(tc, test_one_number_syntax);
	tcase_add_test(tc, test_instances);
	tcase_add_test(tc, test_cpu_list);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(parse_suite);
