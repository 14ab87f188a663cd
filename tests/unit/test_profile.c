/*
 * test_profile.c - --perf-profile's folding of `perf script` samples into
 * the robot's key families (profile_parse.h), from a committed fixture
 * whose figures are worked out by hand in its comments here: periods
 * 400000 + 400000 + 800000 + 200000 + 198000 + 2000 = 2000000; and the
 * compare section's series, where a key a run lacks counts 0.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "compare_profile.h"
#include "profile_parse.h"
#include "unit.h"

#define PROFILE_FIXTURE "tests/unit/fixtures/perf-script-sendfile.txt"

static json_t *profile_of_fixture(void)
{
	struct profile_acc *a = profile_acc_new("cpu-clock", 1);
	FILE *f = fopen(PROFILE_FIXTURE, "r");
	json_t *o;

	ck_assert_ptr_nonnull(a);
	ck_assert_msg(f != NULL, "cannot open %s (run from the top of the tree)",
		      PROFILE_FIXTURE);
	ck_assert_int_eq(profile_acc_read(a, f), 0);
	fclose(f);
	ck_assert_uint_eq(profile_acc_samples(a, 0), 6);
	o = profile_acc_to_json(a, 0);
	profile_acc_free(a);
	ck_assert_ptr_nonnull(o);
	return o;
}

static double pct(const json_t *prof, const char *family, const char *key)
{
	const json_t *v = json_object_get(json_object_get(prof, family), key);

	return v ? json_real_value(v) : -1;
}

START_TEST(test_families_from_fixture)
{
	json_t *o = profile_of_fixture();

	ck_assert_str_eq(json_string_value(json_object_get(o, "event")), "cpu-clock");
	ck_assert_int_eq(json_integer_value(json_object_get(o, "samples")), 6);
	/* self: the leaf, weighted by period; clone suffixes gone */
	ck_assert_double_eq_tol(pct(o, "self", "cpu-clock.pipe_to_null"), 60.00, 1e-9);
	ck_assert_double_eq_tol(pct(o, "self", "cpu-clock.filemap_get_pages"), 20.00, 1e-9);
	ck_assert_double_eq_tol(pct(o, "self", "cpu-clock.rec_fn"), 10.00, 1e-9);
	ck_assert_double_eq_tol(pct(o, "self", "cpu-clock.tiny_fn"), 0.10, 1e-9);
	ck_assert(pct(o, "self", "cpu-clock.filemap_get_pages.isra.0") < 0);
	/* children: anywhere in the chain, once per sample (rec_fn twice) */
	ck_assert_double_eq_tol(pct(o, "children", "cpu-clock.splice_direct_to_actor"), 80.00, 1e-9);
	ck_assert_double_eq_tol(pct(o, "children", "cpu-clock.do_sendfile"), 80.00, 1e-9);
	ck_assert_double_eq_tol(pct(o, "children", "cpu-clock.do_syscall_64"), 60.10, 1e-9);
	ck_assert_double_eq_tol(pct(o, "children", "cpu-clock.generic_file_splice_read"), 20.00, 1e-9);
	ck_assert_double_eq_tol(pct(o, "children", "cpu-clock.rec_fn"), 10.00, 1e-9);
	ck_assert_double_eq_tol(pct(o, "children", "cpu-clock.caller_fn"), 10.00, 1e-9);
	/* unresolved frames are in no family; the 198000 still count */
	ck_assert(pct(o, "children", "cpu-clock.[unknown]") < 0);
	/* calltrace: callee first, five frames at most */
	ck_assert_double_eq_tol(pct(o, "calltrace", "cpu-clock.pipe_to_null.__splice_from_pipe."
				    "splice_direct_to_actor.do_splice_direct.do_sendfile"),
				60.00, 1e-9);
	ck_assert_double_eq_tol(pct(o, "calltrace", "cpu-clock.filemap_get_pages."
				    "generic_file_splice_read.splice_direct_to_actor."
				    "do_splice_direct.do_sendfile"), 20.00, 1e-9);
	ck_assert_double_eq_tol(pct(o, "calltrace", "cpu-clock.splice_direct_to_actor."
				    "do_splice_direct.do_sendfile.__x64_sys_sendfile64."
				    "do_syscall_64"), 60.00, 1e-9);
	ck_assert_double_eq_tol(pct(o, "calltrace", "cpu-clock.splice_direct_to_actor."
				    "do_splice_direct.do_sendfile"), 20.00, 1e-9);
	ck_assert_double_eq_tol(pct(o, "calltrace", "cpu-clock.do_syscall_64"), 60.10, 1e-9);
	ck_assert_double_eq_tol(pct(o, "calltrace", "cpu-clock.rec_fn.rec_fn.caller_fn"), 10.00, 1e-9);
	/* floors: a call trace from 0.5%, a symbol from 0.05% */
	ck_assert(pct(o, "calltrace", "cpu-clock.tiny_fn.do_syscall_64") < 0);
	json_decref(o);
}
END_TEST

/* What was asked names the key: cycles:pp, which perf script prints bare. */
START_TEST(test_event_as_asked)
{
	static const char text[] =
		"stresskit-pipe 7   1000003 cycles:ppH: \n"
		"\tffffffff81000001 pipe_write\n"
		"\tffffffff81000002 vfs_write\n"
		"stresskit-pipe 7   1000003 cycles:ppH: \n"
		"\tffffffff81000003 pipe_read\n";
	struct profile_acc *a = profile_acc_new("cycles:pp", 1);
	FILE *f = fmemopen((void *)text, sizeof(text) - 1, "r");
	json_t *o;

	ck_assert_int_eq(profile_acc_read(a, f), 0);
	fclose(f);
	o = profile_acc_to_json(a, 0);
	ck_assert_str_eq(json_string_value(json_object_get(o, "event")), "cycles-pp");
	ck_assert_double_eq_tol(pct(o, "calltrace", "cycles-pp.pipe_write.vfs_write"), 50.0, 1e-9);
	ck_assert_double_eq_tol(pct(o, "self", "cycles-pp.pipe_read"), 50.0, 1e-9);
	json_decref(o);
	profile_acc_free(a);
}
END_TEST

/* Two runs of one stressor; the key the second lacks is 0 there. */
START_TEST(test_series_zero_where_absent)
{
	json_t *doc = json_pack("{s:[{s:[{s:s, s:{s:{s:f, s:f}}}]}, {s:[{s:s, s:{s:{s:f}}}]},"
				" {s:[{s:s}]}]}",
				"runs", "metrics", "stressor", "sendfile", "perf-profile", "self",
				"cpu-clock.a", 70.0, "cpu-clock.b", 20.0,
				"metrics", "stressor", "sendfile", "perf-profile", "self",
				"cpu-clock.a", 50.0,
				"metrics", "stressor", "sendfile");
	struct series_set set;
	const struct series *b;

	ck_assert_ptr_nonnull(doc);
	ck_assert_int_eq(profile_series_from_docs((const json_t *const *)&doc, 1, &set), 0);
	ck_assert_uint_eq(set.n, 2);
	b = series_find(&set, "sendfile.perf-profile.self.cpu-clock.b");
	ck_assert_ptr_nonnull(b);
	/* the third run has no profile: not a 0, no value */
	ck_assert_uint_eq(b->n, 2);
	ck_assert_double_eq(b->v[0], 20.0);
	ck_assert_double_eq(b->v[1], 0.0);
	series_free(&set);
	json_decref(doc);
}
END_TEST

static Suite *profile_suite(void)
{
	Suite *s = suite_create("profile");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_families_from_fixture);
	tcase_add_test(tc, test_event_as_asked);
	tcase_add_test(tc, test_series_zero_where_absent);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(profile_suite);
