/* test_opts.c - typed option tables: defaults, parsing, ranges, help. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "opts.h"
#include "unit.h"

struct t_opts {
	uint64_t bytes;
	uint64_t count;
	double period;
	bool flag;
	unsigned mode;
	const char *target;
};

static const char *const t_modes[] = { "null", "tcp", NULL };

static const struct stressor_opt t_table[] = {
	{ "t-bytes", OPT_SIZE, offsetof(struct t_opts, bytes), 8, 4096, 4096, NULL, NULL, "bytes" },
	{ "t-count", OPT_COUNT, offsetof(struct t_opts, count), 1, 10, 3, NULL, NULL, "count" },
	{ "t-period", OPT_TIME, offsetof(struct t_opts, period), 0, 3600, 60, NULL, NULL, "period" },
	{ "t-flag", OPT_BOOL, offsetof(struct t_opts, flag), 0, 1, 0, NULL, NULL, "flag" },
	{ "t-mode", OPT_CHOICE, offsetof(struct t_opts, mode), 0, 1, 1, t_modes, NULL, "mode" },
	{ "t-target", OPT_STRING, offsetof(struct t_opts, target), 0, 0, 0, NULL, "127.0.0.1:6379", "target" },
	OPT_TABLE_END,
};

static int t_run(struct instance *in)
{
	(void)in;
	return SK_OK;
}

static const struct stressor t_stressor = {
	.name = "t", .summary = "a test", .help = "One bogo-op is nothing.",
	.opts = t_table, .opts_size = sizeof(struct t_opts), .run = t_run,
};

START_TEST(test_defaults)
{
	struct t_opts o;

	memset(&o, 0xff, sizeof(o));
	opts_fill_defaults(&t_stressor, &o);
	ck_assert_uint_eq(o.bytes, 4096);
	ck_assert_uint_eq(o.count, 3);
	ck_assert_double_eq(o.period, 60);
	ck_assert(!o.flag);
	ck_assert_uint_eq(o.mode, 1);
	ck_assert_str_eq(o.target, "127.0.0.1:6379");
}
END_TEST

START_TEST(test_set_and_range)
{
	struct t_opts o;
	char err[256];

	opts_fill_defaults(&t_stressor, &o);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-bytes"), &o, "1K", err, sizeof(err)), 0);
	ck_assert_uint_eq(o.bytes, 1024);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-bytes"), &o, "0", err, sizeof(err)), -ERANGE);
	ck_assert_str_eq(err, "invalid --t-bytes '0': expected a size in bytes (suffix K, M, G or T) from 8 to 4K");
	ck_assert_uint_eq(o.bytes, 1024);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-bytes"), &o, "5Q", err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-count"), &o, "11", err, sizeof(err)), -ERANGE);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-count"), &o, "10", err, sizeof(err)), 0);
	ck_assert_uint_eq(o.count, 10);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-period"), &o, "2m", err, sizeof(err)), 0);
	ck_assert_double_eq(o.period, 120);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-period"), &o, "2h", err, sizeof(err)), -ERANGE);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-flag"), &o, NULL, err, sizeof(err)), 0);
	ck_assert(o.flag);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-flag"), &o, "no", err, sizeof(err)), 0);
	ck_assert(!o.flag);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-mode"), &o, "null", err, sizeof(err)), 0);
	ck_assert_uint_eq(o.mode, 0);
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-mode"), &o, "udp", err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "invalid --t-mode 'udp': expected one of null|tcp");
	ck_assert_int_eq(opts_set(opts_find(&t_stressor, "t-target"), &o, "", err, sizeof(err)), -EINVAL);
	ck_assert_ptr_null(opts_find(&t_stressor, "t-nosuch"));
}
END_TEST

START_TEST(test_format)
{
	struct t_opts o;
	char buf[64];

	opts_fill_defaults(&t_stressor, &o);
	opts_format(opts_find(&t_stressor, "t-bytes"), &o, buf, sizeof(buf));
	ck_assert_str_eq(buf, "4K");
	opts_format(opts_find(&t_stressor, "t-mode"), &o, buf, sizeof(buf));
	ck_assert_str_eq(buf, "tcp");
	opts_format(opts_find(&t_stressor, "t-period"), &o, buf, sizeof(buf));
	ck_assert_str_eq(buf, "60s");
}
END_TEST

START_TEST(test_help)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	opts_help(f, &t_stressor);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(text, "t: a test\n"));
	ck_assert_ptr_nonnull(strstr(text, "One bogo-op is nothing."));
	ck_assert_ptr_nonnull(strstr(text, "--t-ops N"));
	ck_assert_ptr_nonnull(strstr(text, "--t-bytes SIZE"));
	ck_assert_ptr_nonnull(strstr(text, "(8 to 4K, default 4K)"));
	ck_assert_ptr_nonnull(strstr(text, "--t-mode null|tcp"));
	ck_assert_ptr_nonnull(strstr(text, "(default tcp)"));
	free(text);
}
END_TEST

static Suite *opts_suite(void)
{
	Suite *s = suite_create("opts");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, test_defaults);
	tcase_add_test(tc, test_set_and_range);
	tcase_add_test(tc, test_format);
	tcase_add_test(tc, test_help);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(opts_suite);
