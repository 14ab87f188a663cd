/* test_job.c - job files: reading, splitting, the run line, errors with file:line. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "job.h"
#include "unit.h"

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

/* A line function that keeps what job_load handed it. */
struct lines {
	char seen[8][64];
	int n;
};

static int keep_line(void *arg, int argc, char **argv, char *msg, size_t msglen)
{
	struct lines *l = arg;
	size_t used = 0;

	if (!strcmp(argv[0], "--nosuch"))
		return -ENOENT;
	if (!strcmp(argv[0], "--bad")) {
		snprintf(msg, msglen, "bad value");
		return -EINVAL;
	}
	for (int i = 0; i < argc && used < sizeof(l->seen[0]); i++)
		used += (size_t)snprintf(l->seen[l->n] + used, sizeof(l->seen[0]) - used,
					 "%s%s", i ? "|" : "", argv[i]);
	l->n++;
	return 0;
}

START_TEST(test_job_split)
{
	struct job_file jf = { 0 };
	struct lines l = { .n = 0 };
	char err[512], want[600], *path;

	path = write_job("# comment only\n\trun seq  # stress-ng's short form\n"
			 "pipe 2\npipe-ops=100\r\n\ntimeout   3s # trailing\n");
	ck_assert_int_eq(job_load(path, &jf, keep_line, &l, err, sizeof(err)), 0);
	ck_assert_int_eq(jf.composition, COMPOSE_SEQUENTIAL);
	ck_assert_int_eq(l.n, 3);
	ck_assert_str_eq(l.seen[0], "--pipe|2");
	ck_assert_str_eq(l.seen[1], "--pipe-ops=100");
	ck_assert_str_eq(l.seen[2], "--timeout|3s");
	/* one job file per run */
	ck_assert_int_eq(job_load(path, &jf, keep_line, &l, err, sizeof(err)), -EINVAL);
	free(jf.buf);
	unlink(path);

	path = write_job("run parallel\nrun sequential\n");
	jf = (struct job_file){ 0 };
	ck_assert_int_eq(job_load(path, &jf, keep_line, &l, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "%s:2: cannot have both run sequential and run parallel", path);
	ck_assert_str_eq(err, want);
	free(jf.buf);
	unlink(path);

	path = write_job("-pipe 1\n");
	jf = (struct job_file){ 0 };
	ck_assert_int_eq(job_load(path, &jf, keep_line, &l, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "%s:1: write options without dashes: 'pipe'", path);
	ck_assert_str_eq(err, want);
	free(jf.buf);
	unlink(path);

	path = write_job("ok 1\nbad 2\n");
	jf = (struct job_file){ 0 };
	ck_assert_int_eq(job_load(path, &jf, keep_line, &l, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "%s:2: bad value", path);
	ck_assert_str_eq(err, want);
	free(jf.buf);
	unlink(path);

	jf = (struct job_file){ 0 };
	ck_assert_int_eq(job_load("/nonexistent/job", &jf, keep_line, &l, err, sizeof(err)),
			 -ENOENT);
	ck_assert_str_eq(err, "cannot read job file '/nonexistent/job': No such file or directory");
	free(jf.buf);
}
END_TEST

START_TEST(test_job_through_cli)
{
	struct cli_config cfg;
	char err[512], line[600], *path;

	unit_registry();
	path = write_job("# comment only\n\trun seq  # stress-ng's short form\n"
			 "pipe 2\npipe-ops=100\r\ntimeout 3s\n");
	snprintf(line, sizeof(line), "--job %s --timeout 4s", path);
	ck_assert_int_eq(unit_parse_line(line, &cfg, err, sizeof(err)), 0);
	unlink(path);
	ck_assert_int_eq(cfg.compose.composition, COMPOSE_SEQUENTIAL);
	ck_assert_uint_eq(unit_choice_of(&cfg, "pipe")->instances, 2);
	ck_assert_uint_eq(unit_choice_of(&cfg, "pipe")->ops, 100);
	ck_assert(cfg.set.timeout == 4.0);	/* the command line after the job wins */
	ck_assert_int_eq(cfg.given[G_TIMEOUT], GIVEN_LINE);
	cli_free(&cfg);

	path = write_job("pipe 1\n\nfoo bar\n");
	ck_assert_int_eq(unit_parse_line(path, &cfg, err, sizeof(err)), -ENOENT);
	snprintf(line, sizeof(line), "%s:3: unknown option 'foo'", path);
	ck_assert_str_eq(err, line);
	unlink(path);
	cli_free(&cfg);

	/* a value is parsed where it is read: the error names the line */
	path = write_job("pipe 1\ntaskset 0-\n");
	ck_assert_int_eq(unit_parse_line(path, &cfg, err, sizeof(err)), -EINVAL);
	snprintf(line, sizeof(line), "%s:2: invalid --taskset '0-': expected a CPU list "
		 "like 0,2-3 (CPUs 0 to 1023)", path);
	ck_assert_str_eq(err, line);
	unlink(path);
	cli_free(&cfg);

	/* a selection from the job file: the error says which file */
	path = write_job("class pipe\n");
	ck_assert_int_eq(unit_parse_line(path, &cfg, err, sizeof(err)), -EINVAL);
	snprintf(line, sizeof(line), "%s: --class needs an instance count: "
		 "add --sequential N or --all N", path);
	ck_assert_str_eq(err, line);
	unlink(path);
	cli_free(&cfg);

	path = write_job("job other.job\n");
	ck_assert_int_eq(unit_parse_line(path, &cfg, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, ":1: a job file cannot load another job file"));
	unlink(path);
	cli_free(&cfg);

	/* no trailing newline, and an empty file */
	path = write_job("pipe 1");
	ck_assert_int_eq(unit_parse_line(path, &cfg, err, sizeof(err)), 0);
	unlink(path);
	cli_free(&cfg);
	path = write_job("");
	ck_assert_int_eq(unit_parse_line(path, &cfg, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "no stressor selected"));
	unlink(path);
	cli_free(&cfg);
}
END_TEST

static Suite *job_suite(void)
{
	Suite *s = suite_create("job");
	TCase *tc = tcase_create("job");

	tcase_add_test(tc, test_job_split);
	tcase_add_test(tc, test_job_through_cli);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(job_suite);
