/*
 * unit.h - check suites register themselves like stressors do: a file
 * tests/unit/test_<module>.c defines a Suite builder and adds one line
 * UNIT_SUITE(builder); run_unit.c runs every registered suite.
 */
#ifndef STRESSKIT_UNIT_H
#define STRESSKIT_UNIT_H

#include <check.h>

typedef Suite *(*unit_suite_fn)(void);

#define UNIT_SUITE(fn)								\
	static const unit_suite_fn unit_suite_ptr_##fn				\
	__attribute__((used, retain, section("sk_unit_suites"),			\
		       aligned(sizeof(void *)))) = fn

/* Runs the registry once for suites that need it (registry_init). */
void unit_registry(void);

#endif
