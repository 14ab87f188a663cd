/*
 * unit.c - what the suites share (unit.h): the registry, a command line
 * from one string, and a descriptor's output kept.
 */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cli.h"
#include "plan.h"
#include "registry.h"

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

const struct stressor_choice *unit_choice_of(const struct cli_config *cfg, const char *name)
{
	long i = registry_index(registry_find(name));

	ck_assert_int_ge(i, 0);
	return &cfg->choice[i];
}

/* stdio's stream on fd, flushed around the swap so nothing crosses it */
static FILE *unit_stream(int fd)
{
	return fd == STDERR_FILENO ? stderr : stdout;
}

void unit_capture_begin(struct unit_capture *c, int fd)
{
	c->fd = fd;
	c->file = memfd_create("unit_capture", 0);
	ck_assert_int_ge(c->file, 0);
	fflush(unit_stream(fd));
	c->saved = dup(fd);
	ck_assert_int_ge(c->saved, 0);
	ck_assert_int_eq(dup2(c->file, fd), fd);
}

size_t unit_capture_end(struct unit_capture *c, char *buf, size_t len)
{
	ssize_t got;

	fflush(unit_stream(c->fd));
	ck_assert_int_eq(dup2(c->saved, c->fd), c->fd);
	close(c->saved);
	got = pread(c->file, buf, len - 1, 0);
	close(c->file);
	ck_assert_int_ge(got, 0);
	buf[got] = '\0';
	return (size_t)got;
}
