/*
 * test_doc_writers.c - the formats' table: which formats settings ask
 * for by source, a format on stdout taking stdout, a format's own exit
 * codes (--ktap's kselftest ones), and a child pass asking for none.
 */
#include <string.h>

#include "doc_writers.h"
#include "unit.h"

START_TEST(test_asked)
{
	struct settings s;

	memset(&s, 0, sizeof(s));
	for (enum doc_source from = DOC_FROM_RESULTS; from <= DOC_FROM_SWEEP; from++)
		ck_assert(!doc_writers_asked(&s, from));
	ck_assert(!doc_writers_own_stdout(&s));
	ck_assert_int_eq(doc_writers_exit_status(&s, SK_NOT_IMPLEMENTED), SK_NOT_IMPLEMENTED);

	s.json_path = "r.json";
	s.scale_plot = "s.svg";
	ck_assert(doc_writers_asked(&s, DOC_FROM_RESULTS));
	ck_assert(doc_writers_asked(&s, DOC_FROM_SWEEP));
	ck_assert(!doc_writers_asked(&s, DOC_FROM_PASS));
	ck_assert(!doc_writers_own_stdout(&s));

	s.ktap = true;
	ck_assert(doc_writers_asked(&s, DOC_FROM_PASS));
	ck_assert(doc_writers_own_stdout(&s));
	ck_assert_int_eq(doc_writers_exit_status(&s, SK_NOT_IMPLEMENTED), 4);
	ck_assert_int_eq(doc_writers_exit_status(&s, SK_FAILED), 1);

	doc_writers_clear(&s);
	ck_assert(!s.ktap && !s.json_path && !s.scale_plot);
}
END_TEST

/* Every file format has a path; a stdout one has none, so the checks of
 * two outputs that are one file pass it over. */
START_TEST(test_paths)
{
	struct settings s;
	size_t files = 0;

	memset(&s, 0, sizeof(s));
	s.yaml_path = s.json_path = s.kcidb_path = s.scale_csv = s.scale_plot = "x";
	s.ktap = true;
	for (size_t i = 0; i < doc_writers_count(); i++) {
		const struct doc_writer *w = doc_writers_at(i);

		ck_assert(doc_writer_asked(w, &s));
		ck_assert(w->to_stdout == !doc_writer_path(w, &s));
		files += !w->to_stdout;
	}
	ck_assert_uint_eq(files, 5);
}
END_TEST

static Suite *doc_writers_suite(void)
{
	Suite *s = suite_create("doc_writers");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, test_asked);
	tcase_add_test(tc, test_paths);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(doc_writers_suite);
