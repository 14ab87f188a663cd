/*
 * job.c - reading a job file. The text stays in one buffer the caller
 * keeps (option values point into it), tokenised in place; the "--NAME"
 * form of each line's first word is written after the text.
 */
#include "job.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "inputs.h"

#define JOB_ARGS_MAX 64

/*
 * Reads the whole file into a buffer with room for the "--" copies. A
 * device or FIFO (/dev/zero) is read as a file is, under the same cap;
 * a leading UTF-8 byte-order mark, which editors on other systems
 * write, is dropped.
 */
int job_read(const char *path, char **buf, size_t *len, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t cap = 4096, got = 0;
	char *b = NULL;

	if (fd < 0)
		goto fail;
	inputs_note_fd(fd);
	for (;;) {
		ssize_t n;
		char *nb;

		if (got == cap || !b) {
			if (b)
				cap *= 2;
			nb = realloc(b, cap);
			if (!nb) {
				errno = ENOMEM;
				goto fail;
			}
			b = nb;
		}
		n = read(fd, b + got, cap - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			goto fail;
		if (n == 0)
			break;
		got += (size_t)n;
		if (got > JOB_FILE_MAX) {
			close(fd);
			free(b);
			snprintf(err, errlen, "job file '%s' is larger than %d bytes",
				 path, JOB_FILE_MAX);
			return -EFBIG;
		}
	}
	close(fd);
	if (got >= 3 && !memcmp(b, "\xef\xbb\xbf", 3)) {
		memmove(b, b + 3, got - 3);
		got -= 3;
	}
	/* text, NUL, then the "--" copies: at most 3 bytes more per line */
	*buf = realloc(b, 5 * got + 8);
	if (!*buf) {
		free(b);
		snprintf(err, errlen, "out of memory reading job file '%s'", path);
		return -ENOMEM;
	}
	(*buf)[got] = '\0';
	*len = got;
	return 0;
fail:
	{
		int e = errno;

		if (fd >= 0)
			close(fd);
		free(b);
		snprintf(err, errlen, "cannot read job file '%s': %s", path, strerror(e));
		return -e;
	}
}

static enum composition job_composition(const char *word)
{
	static const char *const seq[] = { "sequential", "sequentially", "seq", NULL };
	static const char *const par[] = { "parallel", "par", "together", NULL };

	for (int i = 0; seq[i]; i++)
		if (!strcmp(word, seq[i]))
			return COMPOSE_SEQUENTIAL;
	for (int i = 0; par[i]; i++)
		if (!strcmp(word, par[i]))
			return COMPOSE_PARALLEL;
	return COMPOSE_TOGETHER;
}

/* "run sequential|parallel": the job's composition, stress-ng's spellings too. */
static int job_run_line(struct job_file *jf, int argc, char **argv,
			char *msg, size_t msglen)
{
	enum composition m = argc == 2 ? job_composition(argv[1]) : COMPOSE_TOGETHER;

	if (m == COMPOSE_TOGETHER) {
		snprintf(msg, msglen, "expected 'run sequential' or 'run parallel'");
		return -EINVAL;
	}
	if (jf->composition && jf->composition != m) {
		snprintf(msg, msglen, "cannot have both run sequential and run parallel");
		return -EINVAL;
	}
	jf->composition = m;
	return 0;
}

/* Splits a line into words on blanks, in place. Returns the word count. */
static int job_split(char *line, char **argv)
{
	int argc = 0;
	char *p = line;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r')
			*p++ = '\0';
		if (!*p)
			return argc;
		if (argc == JOB_ARGS_MAX)
			return -1;
		argv[argc++] = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\r')
			p++;
	}
}

/* One line: returns 0, or -errno with the message (no file:line) in msg. */
static int job_line(struct job_file *jf, job_line_fn fn, void *arg, char *line,
		    char **names, char *msg, size_t msglen)
{
	char *argv[JOB_ARGS_MAX];
	char *hash = strchr(line, '#'), *opt;
	int argc, rc;

	if (hash)
		*hash = '\0';
	argc = job_split(line, argv);
	if (argc < 0) {
		snprintf(msg, msglen, "more than %d words on one line", JOB_ARGS_MAX);
		return -EINVAL;
	}
	if (argc == 0)
		return 0;
	if (argv[0][0] == '-') {
		snprintf(msg, msglen, "write options without dashes: '%s'",
			 argv[0] + strspn(argv[0], "-"));
		return -EINVAL;
	}
	if (!strcmp(argv[0], "run"))
		return job_run_line(jf, argc, argv, msg, msglen);
	if (!strcmp(argv[0], "job") || !strcmp(argv[0], "j")) {
		snprintf(msg, msglen, "a job file cannot load another job file");
		return -EINVAL;
	}
	/* the "--NAME" copy lives as long as the text: values may point in it */
	opt = *names;
	*names += sprintf(opt, "--%s", argv[0]) + 1;
	argv[0] = opt;
	rc = fn(arg, argc, argv, msg, msglen);
	if (rc == -ENOENT)
		snprintf(msg, msglen, "unknown option '%s'", argv[0] + 2);
	return rc;
}

int job_load(const char *path, struct job_file *jf, job_line_fn fn, void *arg,
	     char *err, size_t errlen)
{
	char msg[512], *buf = NULL, *line, *names;
	size_t len = 0;
	unsigned lineno = 0;
	int rc;

	if (jf->buf) {
		snprintf(err, errlen, "only one job file per run ('%s')", path);
		return -EINVAL;
	}
	rc = job_read(path, &buf, &len, err, errlen);
	if (rc)
		return rc;
	jf->buf = buf;
	jf->path = path;
	if (memchr(buf, '\0', len)) {
		snprintf(err, errlen, "%s: not a text file (it holds a NUL byte)", path);
		return -EINVAL;
	}
	names = buf + len + 1;
	for (line = buf; line; ) {
		char *nl = strchr(line, '\n');

		if (nl)
			*nl = '\0';
		lineno++;
		rc = job_line(jf, fn, arg, line, &names, msg, sizeof(msg));
		if (rc) {
			snprintf(err, errlen, "%s:%u: %s", path, lineno, msg);
			return rc;
		}
		line = nl ? nl + 1 : NULL;
	}
	return 0;
}
