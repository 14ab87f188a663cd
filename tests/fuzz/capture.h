/*
 * capture.h - what the harnesses that run a reader of user files share:
 * an input handed over as a file (a memfd under /proc/self/fd), and the
 * reader's stdout and stderr kept, so that each can check what it says
 * (one error line, or nothing). Sanitizer reports keep the real stderr.
 */
#ifndef STRESSKIT_FUZZ_CAPTURE_H
#define STRESSKIT_FUZZ_CAPTURE_H

#include <sanitizer/common_interface_defs.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* A broken harness invariant or a reader's broken promise: a finding */
static inline void fuzz_check(int cond)
{
	if (!cond)
		abort();
}

/* A memfd and its path (/proc/self/fd/N, path of len bytes) */
static inline int fuzz_file(const char *name, char *path, size_t len)
{
	int fd = memfd_create(name, 0);

	fuzz_check(fd >= 0);
	snprintf(path, len, "/proc/self/fd/%d", fd);
	return fd;
}

/* Sets fd to hold exactly size bytes of data. */
static inline void fuzz_file_set(int fd, const void *data, size_t size)
{
	fuzz_check(ftruncate(fd, 0) == 0 && lseek(fd, 0, SEEK_SET) == 0);
	fuzz_check(pwrite(fd, data, size, 0) == (ssize_t)size);
}

/* What fd holds, NUL-terminated; *len its length. */
static inline char *fuzz_file_get(int fd, size_t *len)
{
	off_t end = lseek(fd, 0, SEEK_END);
	char *b = malloc((size_t)end + 1);

	fuzz_check(end >= 0 && b != NULL);
	fuzz_check(pread(fd, b, (size_t)end, 0) == end);
	b[end] = '\0';
	*len = (size_t)end;
	return b;
}

/*
 * An input of a flag and two parts: byte 0's bit 0 the flag, the rest
 * split at its first NUL into head and tail; without a NUL, all of it is
 * head and tail is NULL. False for an empty input.
 */
struct fuzz_parts {
	bool flag;
	const uint8_t *head, *tail;
	size_t head_len, tail_len;
};

static inline bool fuzz_split(const uint8_t *data, size_t size, struct fuzz_parts *p)
{
	const uint8_t *nul;

	if (!size)
		return false;
	p->flag = data[0] & 1;
	p->head = data + 1;
	nul = memchr(p->head, 0, size - 1);
	p->head_len = nul ? (size_t)(nul - p->head) : size - 1;
	p->tail = nul ? nul + 1 : NULL;
	p->tail_len = nul ? size - 1 - p->head_len - 1 : 0;
	return true;
}

struct fuzz_capture {
	int out, err, stderr_fd;
};

/* From now on stdout is c->out's; stderr only between begin and end. */
static inline void fuzz_capture_init(struct fuzz_capture *c, const char *name)
{
	char path[32];

	c->out = fuzz_file(name, path, sizeof(path));
	c->err = fuzz_file(name, path, sizeof(path));
	c->stderr_fd = dup(STDERR_FILENO);
	fuzz_check(c->stderr_fd >= 0);
	__sanitizer_set_report_fd((void *)(intptr_t)c->stderr_fd);
	fflush(stdout);
	fuzz_check(dup2(c->out, STDOUT_FILENO) == STDOUT_FILENO);
}

static inline void fuzz_capture_begin(struct fuzz_capture *c)
{
	fuzz_file_set(c->out, "", 0);
	fuzz_file_set(c->err, "", 0);
	fuzz_check(dup2(c->err, STDERR_FILENO) == STDERR_FILENO);
}

/* What was printed since begin: stdout's, and *err stderr's (to free). */
static inline char *fuzz_capture_end(struct fuzz_capture *c, size_t *olen, char **err,
				     size_t *elen)
{
	fflush(stdout);
	fuzz_check(dup2(c->stderr_fd, STDERR_FILENO) == STDERR_FILENO);
	*err = fuzz_file_get(c->err, elen);
	return fuzz_file_get(c->out, olen);
}

/* err is exactly one line, and starts with prefix. */
static inline int fuzz_one_line(const char *err, size_t elen, const char *prefix)
{
	return elen && !strncmp(err, prefix, strlen(prefix)) &&
	       strchr(err, '\n') == err + elen - 1;
}

#endif
