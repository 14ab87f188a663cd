/*
 * test_ktap.c - --ktap's document from crafted summaries: the header and
 * plan, a result line per test in order (ok, not ok, SKIP for a stressor
 * not implemented here or never run), the metrics as diagnostics with
 * keys a '#' cannot cut short, and kselftest's exit codes.
 */
#include <stdlib.h>

#include "ktap.h"
#include "unit.h"

static char *ktap_doc(const struct doc_test *t, size_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(ktap_write(f, t, n), 0);
	fclose(f);
	return buf;
}

START_TEST(test_document)
{
	struct stressor_summary ok = { .name = "pipe", .instances = 2, .ops = 400,
		.real_time = 2, .ops_per_sec_real = 200, .ops_per_sec_cpu = 100,
		.inst_rate_min = 90, .inst_rate_max = 110, .n_metrics = 1,
		.metrics = { { .desc = "MB per sec # pipe  rate", .value = 1.5 } } };
	struct stressor_summary bad = { .name = "splice", .instances = 1, .ops = 3,
		.status = SK_FAILED };
	struct stressor_summary torn = { .name = "pread2", .instances = 1,
		.untrustworthy = true };
	struct stressor_summary skip = { .name = "redis", .status = SK_NOT_IMPLEMENTED };
	struct doc_test t[] = { { "pipe", &ok }, { "splice", &bad }, { "pread2", &torn },
				 { "redis", &skip }, { "sendfile", NULL } };
	char *doc = ktap_doc(t, 5);

	ck_assert_ptr_nonnull(strstr(doc, "KTAP version 1\n1..5\n# pipe.instances: 2\n"));
	ck_assert_ptr_nonnull(strstr(doc, "# pipe.ops: 400 bogo-ops\n"));
	ck_assert_ptr_nonnull(strstr(doc, "# pipe.ops_per_sec: 200.00 bogo-ops/s\n"));
	ck_assert_ptr_nonnull(strstr(doc, "# pipe.ops_per_sec_instance_min: 90.00 bogo-ops/s\n"));
	/* the '#' is dropped and the gaps are one '_' */
	ck_assert_ptr_nonnull(strstr(doc, "# pipe.MB_per_sec_pipe_rate: 1.50\nok 1 pipe\n"));
	ck_assert_ptr_nonnull(strstr(doc, "# splice: exit status 2\nnot ok 2 splice\n"));
	ck_assert_ptr_nonnull(strstr(doc, "untrustworthy\nnot ok 3 pread2\n"));
	ck_assert_ptr_nonnull(strstr(doc, "\nok 4 redis # SKIP not implemented here\n"));
	ck_assert_ptr_null(strstr(doc, "# redis."));
	ck_assert_ptr_nonnull(strstr(doc, "\nok 5 sendfile # SKIP not run"));
	free(doc);
}
END_TEST

START_TEST(test_exit_status)
{
	ck_assert_int_eq(ktap_exit_status(SK_OK), 0);
	ck_assert_int_eq(ktap_exit_status(SK_NOT_IMPLEMENTED), 4);
	ck_assert_int_eq(ktap_exit_status(SK_FAILED), 1);
	ck_assert_int_eq(ktap_exit_status(SK_NO_RESOURCE), 1);
	ck_assert_int_eq(ktap_exit_status(SK_SIGNALED), 1);
	ck_assert_int_eq(ktap_exit_status(SK_UNTRUSTWORTHY), 1);
	ck_assert_int_eq(ktap_exit_status(SK_USAGE), 1);
}
END_TEST

static Suite *ktap_suite(void)
{
	Suite *s = suite_create("ktap");
	TCase *tc = tcase_create("ktap");

	tcase_add_test(tc, test_document);
	tcase_add_test(tc, test_exit_status);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(ktap_suite);
