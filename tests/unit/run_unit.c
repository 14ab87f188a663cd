/*
 * run_unit.c - runs every suite registered with UNIT_SUITE() and prints
 * check's summary line. Exit status 0 only when every test passed.
 */
#include <stdio.h>
#include <stdlib.h>

#include "section_table.h"
#include "unit.h"

SECTION_TABLE_DECLARE(unit_suite_fn, sk_unit_suites);

int main(void)
{
	SRunner *sr = NULL;
	int failed;

	/*
	 * check kills a test that runs past its timeout, 4 s of wall time by
	 * default, read by tcase_create(). A test's time is its CPU time
	 * only on an idle machine: under a sanitizer, beside CPU hogs or on
	 * a build daemon, test_bucket_edges' 28,672 counters took longer and
	 * failed. The timeout catches a hang, it is no speed check: a minute,
	 * unless the environment sets its own.
	 */
	setenv("CK_DEFAULT_TIMEOUT", "60", 0);
	for (size_t i = 0; i < SECTION_TABLE_COUNT(sk_unit_suites); i++) {
		unit_suite_fn f = SECTION_TABLE_AT(sk_unit_suites, i);

		if (!sr)
			sr = srunner_create(f());
		else
			srunner_add_suite(sr, f());
	}
	if (!sr) {
		fprintf(stderr, "no unit suites registered\n");
		return 1;
	}
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
