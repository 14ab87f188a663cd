/*
 * resp_feed.h - what fuzz_resp and fuzz_resp_limits share: the input
 * driven through the server's own connection code (stressors/redis/conn.c)
 * as server_serve() drives it, with memcpy for read() and a sink for
 * send(). Input byte 0 shapes the "socket": how much one read brings and
 * how much one send takes, and how often a send would block (which makes
 * the connection keep and compact its replies and stop reading, as the
 * server does). The rest is the client's byte stream.
 *
 * Checked beyond crashes, leaks and undefined behaviour: the buffer
 * invariants conn.h states, the growth bound of CONN_READ_CHUNK, that the
 * output is whole RESP2 replies, one per command run plus at most one
 * final protocol error, and that nothing runs after QUIT or an error.
 */
#ifndef STRESSKIT_FUZZ_RESP_FEED_H
#define STRESSKIT_FUZZ_RESP_FEED_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../stressors/redis/conn.h"

#define FEED_SINK_MAX	(64u << 20)	/* output kept for the reply check */

struct feed_sink {
	char *buf;
	size_t len, cap;
	size_t max_write;	/* bytes one send takes */
	unsigned calls, block_every;
	bool overflow;		/* more than FEED_SINK_MAX: not checked */
};

static void feed_fail(const char *what, int line)
{
	fprintf(stderr, "resp_feed.h:%d: check failed: %s\n", line, what);
	abort();
}
#define feed_check(cond) ((cond) ? (void)0 : feed_fail(#cond, __LINE__))

static ssize_t feed_write(void *ctx, const void *p, size_t len)
{
	struct feed_sink *k = ctx;

	if (k->block_every && ++k->calls % k->block_every == 0)
		return -EAGAIN;
	if (len > k->max_write)
		len = k->max_write;
	if (k->len + len > FEED_SINK_MAX)
		k->overflow = true;
	if (!k->overflow) {
		if (k->len + len > k->cap) {
			size_t cap = k->cap ? k->cap : 4096;

			while (cap < k->len + len)
				cap *= 2;
			k->buf = realloc(k->buf, cap);
			feed_check(k->buf != NULL);
			k->cap = cap;
		}
		memcpy(k->buf + k->len, p, len);
		k->len += len;
	}
	return (ssize_t)len;
}

/* A CRLF-ended line at *pos; its text's length, or -1. */
static long feed_line(const char *b, size_t len, size_t *pos)
{
	const char *cr = memchr(b + *pos, '\r', len - *pos);
	size_t s = *pos, e;

	if (!cr || (size_t)(cr - b) + 1 >= len || cr[1] != '\n')
		return -1;
	e = (size_t)(cr - b);
	*pos = e + 2;
	return (long)(e - s);
}

/* A signed decimal line (":", "$", "*"); false when it is not one. */
static bool feed_number(const char *b, size_t len, size_t *pos, long long *v)
{
	size_t s = *pos;
	char *end;

	if (feed_line(b, len, pos) < 0)
		return false;
	*v = strtoll(b + s, &end, 10);
	return end == b + *pos - 2 && end != b + s;
}

/* One whole RESP2 reply at *pos; false when the stream is not one. */
static bool feed_reply(const char *b, size_t len, size_t *pos, int depth)
{
	long long n;
	char t;

	if (*pos >= len || depth > 8)
		return false;
	t = b[(*pos)++];
	switch (t) {
	case '+':
	case '-':
		return feed_line(b, len, pos) >= 0;
	case ':':
		return feed_number(b, len, pos, &n);
	case '$':
		if (!feed_number(b, len, pos, &n) || n < -1)
			return false;
		if (n == -1)
			return true;
		if (len - *pos < (size_t)n + 2 || memcmp(b + *pos + n, "\r\n", 2))
			return false;
		*pos += (size_t)n + 2;
		return true;
	case '*':
		if (!feed_number(b, len, pos, &n) || n < -1)
			return false;
		for (long long i = 0; i < n; i++)
			if (!feed_reply(b, len, pos, depth + 1))
				return false;
		return true;
	}
	return false;
}

/* Checks the output: whole replies, one a command, one error at most more. */
static void feed_check_replies(const struct feed_sink *k, uint64_t commands)
{
	size_t pos = 0, last = 0;
	uint64_t n = 0;

	if (k->overflow)
		return;
	while (pos < k->len) {
		last = pos;
		feed_check(feed_reply(k->buf, k->len, &pos, 0));
		n++;
	}
	if (n == commands + 1)
		feed_check(!strncmp(k->buf + last, "-ERR Protocol error: ", 21));
	else
		feed_check(n == commands);
}

/* What one read brings and one send takes, from 1 byte to "all there is". */
static const size_t feed_sizes[8] = { 1, 3, 17, 512, 4096, 16384, 100000, SIZE_MAX };

/* Feeds data through one connection; shape is the socket's (see above). */
static void feed_run(const struct server_config *cfg, uint8_t shape,
		     const uint8_t *data, size_t size)
{
	struct feed_sink sink = { 0 };
	struct conn_shared sh;
	struct conn c;
	size_t chunk;
	bool blocked = false, torn = false;

	chunk = feed_sizes[shape & 7];
	sink.max_write = feed_sizes[(shape >> 3) & 7];
	sink.block_every = (shape >> 6) ? (shape >> 6) + 1 : 0;
	conn_shared_init(&sh, cfg);
	conn_init(&c);
	/* one round of server_serve: read unless blocked, then flush */
	while (blocked || (size && !c.close_after)) {
		if (!blocked) {
			size_t n, before = c.qcap;

			if (conn_reserve(&c)) {
				torn = true;	/* out of memory: the server closes */
				break;
			}
			feed_check(c.qcap > c.qlen);
			feed_check(c.qcap == before ||
				   c.qcap <= 2 * c.qlen + CONN_READ_CHUNK);
			n = c.qcap - c.qlen;
			n = n < chunk ? n : chunk;
			n = n < size ? n : size;
			memcpy(c.qbuf + c.qlen, data, n);
			data += n;
			size -= n;
			if (conn_received(&sh, &c, n)) {
				torn = true;
				break;
			}
			/* after QUIT or an error the input is dropped, parsed or not */
			feed_check(c.qlen <= c.qcap);
			feed_check(c.close_after ? c.qlen == 0 :
				   c.p.start <= c.p.pos && c.p.pos <= c.qlen);
			feed_check(c.qlen <= cfg->qbuf_max);
		}
		switch (conn_flush(&c, feed_write, &sink)) {
		case CONN_BLOCKED:
			blocked = true;
			/* compacted once more was sent than is left */
			feed_check(c.out.sent < c.out.len - c.out.sent);
			break;
		case CONN_FLUSHED:
			blocked = false;
			feed_check(c.out.len == 0);
			break;
		case CONN_FAILED:
			abort();	/* the sink never fails */
		}
	}
	if (!torn)
		feed_check_replies(&sink, sh.stats.commands);
	free(sink.buf);
	conn_free(&c);
	conn_shared_free(&sh);
}

#endif
