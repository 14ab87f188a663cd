/*
 * reply.c - RESP2 reply encoding into a growing buffer. The common replies
 * (+OK, $-1, :0, :1) are constants; a bulk header is formatted by hand,
 * since snprintf would cost more than the rest of a GET.
 */
#include "reply.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void reply_free(struct reply *r)
{
	free(r->buf);
	memset(r, 0, sizeof(*r));
}

void reply_compact(struct reply *r)
{
	if (r->sent == r->len) {
		r->len = r->sent = 0;
		return;
	}
	memmove(r->buf, r->buf + r->sent, r->len - r->sent);
	r->len -= r->sent;
	r->sent = 0;
}

/* Room for n more bytes, or false (and oom set). */
static bool reply_reserve(struct reply *r, size_t n)
{
	size_t cap;
	char *b;

	if (r->oom)
		return false;
	if (r->cap - r->len >= n)
		return true;
	cap = r->cap ? r->cap : 4096;
	while (cap - r->len < n)
		cap *= 2;
	b = realloc(r->buf, cap);
	if (!b) {
		r->oom = true;
		return false;
	}
	r->buf = b;
	r->cap = cap;
	return true;
}

void reply_raw(struct reply *r, const void *p, size_t len)
{
	/* nothing to add: p may be an empty reply's NULL buffer (memcpy's
	 * source must not be NULL, even for 0 bytes) */
	if (!len || !reply_reserve(r, len))
		return;
	memcpy(r->buf + r->len, p, len);
	r->len += len;
}

/* Writes tag, v, CR LF: ":42\r\n", "$1024\r\n". */
static void reply_header(struct reply *r, char tag, long long v)
{
	char tmp[24], *e = tmp + sizeof(tmp), *p = e;
	unsigned long long u = v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v;

	if (!reply_reserve(r, sizeof(tmp) + 4))
		return;
	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		*--p = '-';
	r->buf[r->len++] = tag;
	memcpy(r->buf + r->len, p, (size_t)(e - p));
	r->len += (size_t)(e - p);
	r->buf[r->len++] = '\r';
	r->buf[r->len++] = '\n';
}

void reply_status(struct reply *r, const char *s)
{
	reply_raw(r, "+", 1);
	reply_raw(r, s, strlen(s));
	reply_raw(r, "\r\n", 2);
}

void reply_error(struct reply *r, const char *s)
{
	size_t at = r->len + 1, n = strlen(s);

	reply_raw(r, "-", 1);
	reply_raw(r, s, n);
	if (r->oom)
		return;
	/* an error is one line: a client's CR or LF echoed back must not split it */
	for (size_t i = at; i < at + n; i++)
		if (r->buf[i] == '\r' || r->buf[i] == '\n')
			r->buf[i] = ' ';
	reply_raw(r, "\r\n", 2);
}

void reply_errorf(struct reply *r, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	reply_error(r, msg);
}

void reply_int(struct reply *r, long long v)
{
	if (v == 0 || v == 1) {
		reply_raw(r, v ? ":1\r\n" : ":0\r\n", 4);
		return;
	}
	reply_header(r, ':', v);
}

void reply_bulk(struct reply *r, const void *p, size_t len)
{
	if (!reply_reserve(r, len + 32))
		return;
	reply_header(r, '$', (long long)len);
	memcpy(r->buf + r->len, p, len);
	r->len += len;
	r->buf[r->len++] = '\r';
	r->buf[r->len++] = '\n';
}

void reply_bulk_str(struct reply *r, const char *s)
{
	reply_bulk(r, s, strlen(s));
}

void reply_nil(struct reply *r)
{
	reply_raw(r, "$-1\r\n", 5);
}

void reply_array(struct reply *r, long long n)
{
	reply_header(r, '*', n);
}
