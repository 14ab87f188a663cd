/*
 * run_unit.c - runs every suite registered with UNIT_SUITE() and prints
 * check's summary line. Exit status 0 only when every test passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "plan.h"
#include "registry.h"
#include "section_table.h"
#include "unit.h"

SECTION_TABLE_DECLARE(unit_suite_fn, sk_unit_suites);

void unit_registry(void)
{
	char err[256];

	if (registry_init(err, sizeof(err))) {
		fprintf(stderr, "registry: %s\n", err);
		exit(1);
	}
}

int unit_parse_line(const char *line, struct cli_config *cfg, char *err, size_t errlen)
{
	static char buf[512];
	static char *argv[32];
	int argc = 0;

	unit_registry();
	snprintf(buf, sizeof(buf), "stresskit %s", line);
	for (char *t = strtok(buf, " "); t && argc < 31; t = strtok(NULL, " "))
		argv[argc++] = t;
	argv[argc] = NULL;
	return cli_parse(argc, argv, cfg, err, errlen);
}

void unit_plan_of(const char *line, struct cli_config *cfg, struct plan *p)
{
	char err[512];

	ck_assert_msg(unit_parse_line(line, cfg, err, sizeof(err)) == 0, "%s: %s", line, err);
	ck_assert_int_eq(plan_build(cfg, p), 0);
}

void unit_plan_done(struct cli_config *cfg, struct plan *p)
{
	plan_free(p);
	cli_free(cfg);
}

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
