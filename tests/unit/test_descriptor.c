/*
 * test_descriptor.c - descriptor validation (descriptor.c): each field a
 * stressor can get wrong is refused with a line naming the stressor and
 * the field, and a well-formed one, SK_NO_SYSCALLS included, passes.
 */
#include <errno.h>
#include <string.h>

#include "descriptor.h"
#include "unit.h"

struct desc_opts {
	uint64_t size;
	unsigned mode;
};

static int desc_run(struct instance *in)
{
	(void)in;
	return SK_OK;
}

static const char *const desc_modes[] = { "a", "b", NULL };

static const struct stressor_opt desc_good_opts[] = {
	{ .name = "good-size", .type = OPT_SIZE, .offset = offsetof(struct desc_opts, size),
	  .min = 1, .max = 100, .def = 10, .help = "h" },
	{ .name = "good-mode", .type = OPT_CHOICE, .offset = offsetof(struct desc_opts, mode),
	  .def = 1, .choices = desc_modes, .help = "h" },
	OPT_TABLE_END,
};

/* A valid descriptor named name; tests break one field of a copy. */
static struct stressor desc_valid(const char *name)
{
	return (struct stressor){
		.name = name, .summary = "s", .classes = CLASS_OS,
		.syscalls = SK_SYSCALLS("read"), .run = desc_run,
	};
}

/* Expects s refused with an error holding both words. */
static void desc_refused(const struct stressor *s, const char *w1, const char *w2)
{
	char err[512] = "";

	ck_assert_int_eq(descriptor_check(s, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, w1) && strstr(err, w2), "error '%s' lacks '%s' '%s'",
		      err, w1, w2);
	ck_assert_ptr_null(strchr(err, '\n'));
}

START_TEST(test_valid)
{
	struct stressor s = desc_valid("good");
	char err[256];

	s.opts = desc_good_opts;
	s.opts_size = sizeof(struct desc_opts);
	s.needs = "splice  epoll";
	ck_assert_int_eq(descriptor_check(&s, err, sizeof(err)), 0);
	s.syscalls = SK_NO_SYSCALLS;	/* "none" is a list, not a missing one */
	ck_assert_int_eq(descriptor_check(&s, err, sizeof(err)), 0);
}
END_TEST

START_TEST(test_fields)
{
	struct stressor s;

	s = desc_valid("x");
	s.needs = "splice splcie";
	desc_refused(&s, "stressor x", ".needs: unknown feature 'splcie'");
	s = desc_valid("x");
	s.syscalls = NULL;
	desc_refused(&s, "stressor x", ".syscalls: missing");
	s = desc_valid("x");
	s.classes = 0;
	desc_refused(&s, "stressor x", ".classes: missing");
	s.classes = 1u << 30;	/* past CLASS_ALL */
	desc_refused(&s, "stressor x", ".classes: unknown");
	s = desc_valid("x");
	s.run = NULL;
	desc_refused(&s, "stressor x", ".run");
	s = desc_valid("x");
	s.summary = NULL;
	desc_refused(&s, "stressor x", ".summary");
	s = desc_valid("Bad_name");
	desc_refused(&s, "Bad_name", ".name");
	s = desc_valid("-x");
	desc_refused(&s, "-x", ".name");
}
END_TEST

START_TEST(test_options)
{
	static const struct stressor_opt unprefixed[] = {
		{ .name = "size", .type = OPT_SIZE, .max = 10, .help = "h" }, OPT_TABLE_END,
	};
	static const struct stressor_opt other[] = {
		{ .name = "xy-size", .type = OPT_SIZE, .max = 10, .help = "h" }, OPT_TABLE_END,
	};
	static const struct stressor_opt outside[] = {
		{ .name = "x-size", .type = OPT_SIZE, .offset = 4, .max = 10, .help = "h" }, OPT_TABLE_END,
	};
	static const struct stressor_opt baddef[] = {
		{ .name = "x-size", .type = OPT_SIZE, .min = 5, .max = 10, .def = 20,
		  .help = "h" }, OPT_TABLE_END,
	};
	static const struct stressor_opt nochoice[] = {
		{ .name = "x-mode", .type = OPT_CHOICE, .def = 2, .choices = desc_modes,
		  .help = "h" }, OPT_TABLE_END,
	};
	struct stressor s = desc_valid("x");

	s.opts_size = 8;
	s.opts = unprefixed;
	desc_refused(&s, "stressor x", ".opts: option 'size' is not named x-WORD");
	s.opts = other;
	desc_refused(&s, "stressor x", "'xy-size'");
	s.opts = outside;
	desc_refused(&s, "stressor x", "outside .opts_size");
	s.opts = baddef;
	desc_refused(&s, "stressor x", "min <= default <= max");
	s.opts = nochoice;
	desc_refused(&s, "stressor x", "x-mode");
	s.opts = other;
	s.opts_size = 0;
	desc_refused(&s, "stressor x", ".opts_size");
}
END_TEST

static bool desc_is_global(const char *name)
{
	return !strcmp(name, "timeout") || !strcmp(name, "plugin");
}

START_TEST(test_names_collide)
{
	static const struct stressor_opt pipe_opts[] = {
		{ .name = "pipe-data", .type = OPT_SIZE, .max = 10, .help = "h" }, OPT_TABLE_END,
	};
	struct stressor pipe = desc_valid("pipe"), pipe_data = desc_valid("pipe-data");
	struct stressor timeout = desc_valid("timeout"), ok = desc_valid("ok");
	const struct stressor *clash[] = { &pipe, &pipe_data };
	const struct stressor *global[] = { &ok, &timeout };
	const struct stressor *fine[] = { &ok, &pipe };
	const struct stressor *culprit = NULL;
	char err[512];

	pipe.opts = pipe_opts;
	pipe.opts_size = 8;
	ck_assert_int_eq(descriptor_check_names(clash, 2, desc_is_global, &culprit,
						err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "--pipe-data"));
	ck_assert_ptr_eq(culprit, &pipe_data);
	ck_assert_int_eq(descriptor_check_names(global, 2, desc_is_global, &culprit,
						err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "stressor timeout: .name: --timeout is a global option"));
	ck_assert_ptr_eq(culprit, &timeout);
	ck_assert_int_eq(descriptor_check_names(fine, 2, desc_is_global, &culprit,
						err, sizeof(err)), 0);
}
END_TEST

START_TEST(test_parse_list)
{
	static const char *const names[] = { "set", "get", NULL };
	unsigned out[4];
	size_t n = 0;

	ck_assert_int_eq(sk_parse_list("set,GET,set", names, out, 4, &n), 0);
	ck_assert_uint_eq(n, 3);
	ck_assert_uint_eq(out[1], 1);
	ck_assert_int_eq(sk_parse_list("set,", names, out, 4, &n), -EINVAL);
	ck_assert_int_eq(sk_parse_list("set,,get", names, out, 4, &n), -EINVAL);
	ck_assert_int_eq(sk_parse_list("", names, out, 4, &n), -EINVAL);
	ck_assert_int_eq(sk_parse_list("put", names, out, 4, &n), -EINVAL);
	ck_assert_int_eq(sk_parse_list("set,get,set", names, out, 2, &n), -E2BIG);
}
END_TEST

static Suite *descriptor_suite(void)
{
	Suite *s = suite_create("descriptor");
	TCase *tc = tcase_create("checks");

	tcase_add_test(tc, test_valid);
	tcase_add_test(tc, test_fields);
	tcase_add_test(tc, test_options);
	tcase_add_test(tc, test_names_collide);
	tcase_add_test(tc, test_parse_list);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(descriptor_suite);
