/*
 * job.h - stress-ng's job files: one option per line without the leading
 * dashes ("pipe 2", "timeout 10s", "metrics-brief"), "#" comments, and
 * "run sequential" or "run parallel". job.c reads and splits the file;
 * each option line goes back to the command line's parser (the caller's
 * line function), so an option means the same in both.
 */
#ifndef STRESSKIT_JOB_H
#define STRESSKIT_JOB_H

#include <stddef.h>

#include "compose.h"

/* The largest job file read: far more than any real one. */
#define JOB_FILE_MAX (1 << 20)

struct job_file {
	const char *path;
	char *buf;		/* the text, split in place: values point into it */
	enum composition composition;	/* its "run ..." line, COMPOSE_TOGETHER if none */
};

/*
 * Applies one option line: argv[0] is "--NAME", the words follow. Returns
 * 0, -ENOENT for an unknown option, or -errno with one line in msg.
 */
typedef int (*job_line_fn)(void *arg, int argc, char **argv,
			   char *msg, size_t msglen);

/*
 * Reads path whole (at most JOB_FILE_MAX bytes, a leading byte-order mark
 * dropped) into *buf, NUL-terminated, *len bytes of text. Returns 0 or
 * -errno with one line in err; *buf is the caller's to free.
 */
int job_read(const char *path, char **buf, size_t *len, char *err, size_t errlen);

/*
 * Reads path into jf and hands each option line to fn. Returns 0, or a
 * negative errno with one line in err: "job.txt:3: unknown option 'foo'".
 * jf->buf is the caller's to free, whatever the result.
 */
int job_load(const char *path, struct job_file *jf, job_line_fn fn, void *arg,
	     char *err, size_t errlen);

#endif
