/* test_compose.c - class names, mode selection and job files through cli_parse. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "classes.h"
#include "cli.h"
#include "log.h"
#include "registry.h"
#include "session.h"
#include "unit.h"

START_TEST(test_class_parse)
{
	char err[256], names[128];
	unsigned mask;

	ck_assert_int_eq(class_parse_list("pipe", &mask, err, sizeof(err)), 0);
	ck_assert_uint_eq(mask, CLASS_PIPE_IO);
	ck_assert_int_eq(class_parse_list("os,memory,pipe", &mask, err, sizeof(err)), 0);
	ck_assert_uint_eq(mask, CLASS_OS | CLASS_MEMORY | CLASS_PIPE_IO);
	ck_assert_int_eq(class_parse_list("pipe,nosuch", &mask, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "unknown class 'nosuch' (classes: cpu filesystem io "
			 "memory network os pipe scheduler)");
	ck_assert_int_eq(class_parse_list("", &mask, err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(class_parse_list("pipe,", &mask, err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(class_parse_list("pip", &mask, err, sizeof(err)), -EINVAL);
	class_format(CLASS_PIPE_IO | CLASS_CPU, names, sizeof(names));
	ck_assert_str_eq(names, "cpu pipe");
	ck_assert_str_eq(class_name(CLASS_NETWORK), "network");
	ck_assert_ptr_null(class_name(1u << 30));
}
END_TEST

/* Parses a command line given as one string of words. */
static int parse_line(const char *line, struct cli_config *cfg, char *err, size_t errlen)
{
	static char buf[512];
	static char *argv[32];
	int argc = 0;

	snprintf(buf, sizeof(buf), "stresskit %s", line);
	for (char *t = strtok(buf, " "); t && argc < 31; t = strtok(NULL, " "))
		argv[argc++] = t;
	argv[argc] = NULL;
	return cli_parse(argc, argv, cfg, err, errlen);
}

static const struct stressor_choice *choice_of(const struct cli_config *cfg,
					       const char *name)
{
	long i = registry_index(registry_find(name));

	ck_assert_int_ge(i, 0);
	return &cfg->choice[i];
}

START_TEST(test_modes)
{
	struct cli_config cfg;
	char err[512];

	unit_registry();
	ck_assert_int_eq(parse_line("--class pipe --sequential 3", &cfg, err, sizeof(err)), 0);
	ck_assert_int_eq(cfg.compose.mode, COMPOSE_SEQUENTIAL);
	ck_assert(choice_of(&cfg, "pipe")->selected);
	ck_assert_uint_eq(choice_of(&cfg, "pipe")->instances, 3);
	cli_free(&cfg);

	/* an explicit --NAME keeps its own count, in any order */
	ck_assert_int_eq(parse_line("--pipe 5 --all 2", &cfg, err, sizeof(err)), 0);
	ck_assert_int_eq(cfg.compose.mode, COMPOSE_PARALLEL);
	ck_assert_uint_eq(choice_of(&cfg, "pipe")->instances, 5);
	cli_free(&cfg);

	ck_assert_int_eq(parse_line("--parallel 0 --with pipe", &cfg, err, sizeof(err)), 0);
	ck_assert_uint_eq(choice_of(&cfg, "pipe")->instances, cfg.ncpus);
	cli_free(&cfg);

	ck_assert_int_eq(parse_line("--class pipe?", &cfg, err, sizeof(err)), 0);
	ck_assert_int_eq(cfg.action, CLI_LIST_CLASS);
	ck_assert_uint_eq(cfg.compose.class_mask, CLASS_PIPE_IO);
	cli_free(&cfg);

	ck_assert_int_eq(parse_line("--with pipe --pipe 1", &cfg, err, sizeof(err)), -EINVAL);
	cli_free(&cfg);
	ck_assert_int_eq(parse_line("--seq 1 --all 1", &cfg, err, sizeof(err)), -EINVAL);
	cli_free(&cfg);
	ck_assert_int_eq(parse_line("--seq 1 --exclude nosuch", &cfg, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "unknown stressor 'nosuch' in --exclude (stressors: "));
	cli_free(&cfg);
}
END_TEST

static char *write_job(const char *text)
{
	static char path[] = "/tmp/sk-unit-job.XXXXXX";
	int fd;

	strcpy(path, "/tmp/sk-unit-job.XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return path;
}

START_TEST(test_job)
{
	struct cli_config cfg;
	char err[512], line[600], *path;

	unit_registry();
	path = write_job("# comment only\n\trun seq  # stress-ng's short form\n"
			 "pipe 2\npipe-ops=100\r\ntimeout 3s\n");
	snprintf(line, sizeof(line), "--job %s --timeout 4s", path);
	ck_assert_int_eq(parse_line(line, &cfg, err, sizeof(err)), 0);
	unlink(path);
	ck_assert_int_eq(cfg.compose.mode, COMPOSE_SEQUENTIAL);
	ck_assert_uint_eq(choice_of(&cfg, "pipe")->instances, 2);
	ck_assert_uint_eq(choice_of(&cfg, "pipe")->ops, 100);
	ck_assert(cfg.timeout == 4.0);	/* the command line after the job wins */
	cli_free(&cfg);

	path = write_job("pipe 1\n\nfoo bar\n");
	ck_assert_int_eq(parse_line(path, &cfg, err, sizeof(err)), -ENOENT);
	snprintf(line, sizeof(line), "%s:3: unknown option 'foo'", path);
	ck_assert_str_eq(err, line);
	unlink(path);
	cli_free(&cfg);

	/* no trailing newline, and an empty file */
	path = write_job("pipe 1");
	ck_assert_int_eq(parse_line(path, &cfg, err, sizeof(err)), 0);
	unlink(path);
	cli_free(&cfg);
	path = write_job("");
	ck_assert_int_eq(parse_line(path, &cfg, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "no stressor selected"));
	unlink(path);
	cli_free(&cfg);
}
END_TEST

static int busy_run(struct instance *in)
{
	while (instance_continue(in))
		instance_ops_inc(in);
	return SK_OK;
}

static int failing_run(struct instance *in)
{
	instance_ops_inc(in);
	return SK_FAILED;
}

static const struct stressor busy_stressor = { .name = "busy", .run = busy_run };
static const struct stressor failing_stressor = { .name = "failing", .run = failing_run };
static const struct stressor absent_stressor = {
	.name = "absent", .run = busy_run, .needs = "no-such-feature",
};

/* A session of one run per stressor, as --sequential builds it. */
static void sequence(struct session *s, const struct cli_config *cfg,
		     const struct stressor *const *list, size_t n)
{
	struct run_plan tmpl = { .timeout = 0.2, .grace = 1.0, .temp_path = "/tmp" };

	memset(s, 0, sizeof(*s));
	s->cfg = cfg;
	for (size_t i = 0; i < n; i++) {
		struct plan_entry e = { .stressor = list[i], .instances = 1 };

		ck_assert_int_eq(session_add_run(s, &tmpl, &e, 1), 0);
	}
}

START_TEST(test_session_sequence)
{
	const struct stressor *list[] = { &busy_stressor, &failing_stressor, &busy_stressor };
	const struct stressor *absent[] = { &absent_stressor, &absent_stressor };
	struct cli_config cfg = { .ncpus = 1 };
	struct session s;

	log_set_quiet(true);
	/* a failure in the middle: the rest still run, the status is the failure */
	sequence(&s, &cfg, list, 3);
	ck_assert_int_eq(session_execute(&s), SK_FAILED);
	for (size_t i = 0; i < 3; i++) {
		ck_assert(s.runs[i].ran);
		ck_assert_uint_eq(s.runs[i].n_sums, 1);
		ck_assert_uint_gt(s.runs[i].sums[0].ops, 0);
	}
	ck_assert_str_eq(s.runs[1].sums[0].name, "failing");
	ck_assert_int_eq(s.runs[0].status, SK_OK);
	ck_assert_int_eq(s.runs[2].status, SK_OK);
	ck_assert(s.wall >= 0.35);	/* two timed runs of 0.2 s, one after the other */
	session_free(&s);

	/* nothing implemented anywhere: not implemented, not success */
	sequence(&s, &cfg, absent, 2);
	ck_assert_int_eq(session_execute(&s), SK_NOT_IMPLEMENTED);
	session_free(&s);
	log_set_quiet(false);
}
END_TEST

static Suite *compose_suite(void)
{
	Suite *s = suite_create("compose");
	TCase *tc = tcase_create("compose");

	tcase_add_test(tc, test_class_parse);
	tcase_add_test(tc, test_modes);
	tcase_add_test(tc, test_job);
	tcase_add_test(tc, test_session_sequence);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(compose_suite);
