/*
 * unit.h - check suites register themselves like stressors do: a file
 * tests/unit/test_<module>.c defines a Suite builder and adds one line
 * UNIT_SUITE(builder); run_unit.c runs every registered suite. What the
 * suites share is here too (unit.c).
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
struct stressor_choice;

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

/* What cfg chose of stressor name (failing the test when there is none). */
const struct stressor_choice *unit_choice_of(const struct cli_config *cfg, const char *name);

/*
 * What a descriptor (STDOUT_FILENO or STDERR_FILENO) gets between begin
 * and end, kept in a memfd; its stdio stream is flushed at both ends.
 * unit_capture_end puts it back and copies at most len - 1 bytes of what
 * was written into buf, NUL-terminated, and returns their count.
 */
struct unit_capture {
	int fd, saved, file;
};
void unit_capture_begin(struct unit_capture *c, int fd);
size_t unit_capture_end(struct unit_capture *c, char *buf, size_t len);

#endif
