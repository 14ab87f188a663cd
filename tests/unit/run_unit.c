/*
 * run_unit.c - runs every suite registered with UNIT_SUITE() and prints
 * check's summary line. Exit status 0 only when every test passed.
 */
#include <stdio.h>
#include <stdlib.h>

#include "registry.h"
#include "unit.h"

extern const unit_suite_fn __start_sk_unit_suites[] __attribute__((weak));
extern const unit_suite_fn __stop_sk_unit_suites[] __attribute__((weak));

void unit_registry(void)
{
	char err[256];

	if (registry_init(err, sizeof(err))) {
		fprintf(stderr, "registry: %s\n", err);
		exit(1);
	}
}

int main(void)
{
	SRunner *sr = NULL;
	int failed;

	for (const unit_suite_fn *f = __start_sk_unit_suites;
	     f && f < __stop_sk_unit_suites; f++) {
		if (!sr)
			sr = srunner_create((*f)());
		else
			srunner_add_suite(sr, (*f)());
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
