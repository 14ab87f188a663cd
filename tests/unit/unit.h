/*
 * unit.h - check suites register themselves like stressors do: a file
 * tests/unit/test_<module>.c defines a Suite builder and adds one line
 * UNIT_SUITE(builder); run_unit.c runs every registered suite.
 */
#ifndef STRESSKIT_UNIT_H
#define STRESSKIT_UNIT_H

#include <check.h>
#include <stddef.h>

typedef Suite *(*unit_suite_fn)(void);

#define UNIT_SUITE(fn)								\
	static const unit_suite_fn unit_suite_ptr_##fn				\
	__attribute__((used, retain, section("sk_unit_suites"),			\
		       aligned(sizeof(void *)))) = fn

struct cli_config;
struct plan;

/* Runs the registry once for suites that need it (registry_init). */
void unit_registry(void);

/*
 * Parses a command line given as one string of words (without the
 * program name) as cli_parse() does; unit_plan_of also builds its plan
 * (failing the test when either fails), unit_plan_done frees both.
 */
int unit_parse_line(const char *line, struct cli_config *cfg, char *err, size_t errlen);
void unit_plan_of(const char *line, struct cli_config *cfg, struct plan *p);
void unit_plan_done(struct cli_config *cfg, struct plan *p);

#endif
