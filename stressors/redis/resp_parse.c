/*
 * resp_parse.c - RESP2 requests, multibulk ("*2\r\n$3\r\nGET\r\n$1\r\nk\r\n")
 * and inline ("GET k\r\n"), parsed incrementally as Redis's networking.c
 * does. Arguments are slices of the caller's buffer: no copy per command.
 */
#include "resp_parse.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void resp_init(struct resp_parser *p)
{
	memset(p, 0, sizeof(*p));
	p->bulk = -1;
}

void resp_free(struct resp_parser *p)
{
	free(p->argv);
	resp_init(p);
}

/*
 * Redis's string2ll: an optional '-', then digits with no leading zero and
 * no overflow. Anything else (spaces, '+', "01", "") is not a number.
 */
bool resp_strtoll(const char *s, size_t len, long long *out)
{
	unsigned long long v = 0, lim = LLONG_MAX;
	bool neg = false;
	size_t i = 0;

	if (len && s[0] == '-') {
		neg = true;
		lim = (unsigned long long)LLONG_MAX + 1;
		i = 1;
	}
	if (i == len)
		return false;
	if (s[i] == '0')
		return len - i == 1 && !neg ? (*out = 0, true) : false;
	for (; i < len; i++) {
		unsigned d = (unsigned char)s[i] - '0';

		if (d > 9 || v > (lim - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = neg ? (long long)(0 - v) : (long long)v;
	return true;
}

/* Grows argv to hold one more argument; the first size is min(declared, 1024). */
static int resp_argv_reserve(struct resp_parser *p, size_t declared)
{
	size_t cap;
	struct resp_arg *v;

	if (p->argc < p->argv_cap)
		return 0;
	cap = p->argv_cap ? p->argv_cap * 2 : 16;
	if (cap < declared && cap < RESP_ARGV_PREALLOC)
		cap = declared < RESP_ARGV_PREALLOC ? declared : RESP_ARGV_PREALLOC;
	v = realloc(p->argv, cap * sizeof(*v));
	if (!v)
		return -ENOMEM;
	p->argv = v;
	p->argv_cap = cap;
	return 0;
}

static int resp_push(struct resp_parser *p, size_t off, size_t len, size_t declared)
{
	if (resp_argv_reserve(p, declared))
		return -ENOMEM;
	p->argv[p->argc].off = off;
	p->argv[p->argc].len = len;
	p->argc++;
	return 0;
}

static int resp_error(struct resp_parser *p, const char *msg)
{
	p->err = msg;
	return RESP_ERROR;
}

static int resp_hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/*
 * Splits one inline line in place, as Redis's sdssplitargs: words split on
 * white space, "double quotes" with C escapes (\n \xHH ...), 'single
 * quotes' with \' only. A closing quote must end the word.
 */
static int resp_split_inline(struct resp_parser *p, char *buf, size_t s, size_t e,
			     const struct resp_limits *lim)
{
	size_t r = s, w = s;

	for (;;) {
		size_t arg;
		char q = 0;

		while (r < e && isspace((unsigned char)buf[r]))
			r++;
		if (r == e)
			return 0;
		arg = w;
		if (buf[r] == '"' || buf[r] == '\'')
			q = buf[r++];
		for (;;) {
			if (r == e) {
				if (q)
					return resp_error(p, "Protocol error: unbalanced quotes in request");
				break;
			}
			if (!q && isspace((unsigned char)buf[r]))
				break;
			if (q && buf[r] == q) {
				r++;
				if (r < e && !isspace((unsigned char)buf[r]))
					return resp_error(p, "Protocol error: unbalanced quotes in request");
				break;
			}
			if (q == '"' && buf[r] == '\\' && r + 3 < e && buf[r + 1] == 'x' &&
			    resp_hexval(buf[r + 2]) >= 0 && resp_hexval(buf[r + 3]) >= 0) {
				buf[w++] = (char)(resp_hexval(buf[r + 2]) * 16 +
						  resp_hexval(buf[r + 3]));
				r += 4;
			} else if (q == '"' && buf[r] == '\\' && r + 1 < e) {
				static const char from[] = "nrtba", to[] = "\n\r\t\b\a";
				const char *m = strchr(from, buf[r + 1]);

				buf[w++] = m && buf[r + 1] ? to[m - from] : buf[r + 1];
				r += 2;
			} else if (q == '\'' && buf[r] == '\\' && r + 1 < e && buf[r + 1] == '\'') {
				buf[w++] = '\'';
				r += 2;
			} else {
				buf[w++] = buf[r++];
			}
		}
		if (p->argc >= lim->args_max)
			return resp_error(p, "Protocol error: invalid multibulk length");
		if (resp_push(p, arg, w - arg, 0))
			return RESP_NOMEM;
	}
}

static int resp_parse_inline(struct resp_parser *p, char *buf, size_t len,
			     const struct resp_limits *lim)
{
	char *nl = memchr(buf + p->pos, '\n', len - p->pos);
	size_t e, next;
	int rc;

	/* the limit is on the line without its CR LF */
	if (!nl) {
		size_t have = len - p->pos;

		if (have > lim->inline_max + 1 ||
		    (have == lim->inline_max + 1 && buf[len - 1] != '\r'))
			return resp_error(p, "Protocol error: too big inline request");
		return RESP_AGAIN;
	}
	e = (size_t)(nl - buf);
	next = e + 1;
	if (e > p->pos && buf[e - 1] == '\r')
		e--;
	if (e - p->pos > lim->inline_max)
		return resp_error(p, "Protocol error: too big inline request");
	rc = resp_split_inline(p, buf, p->pos, e, lim);
	if (rc)
		return rc;
	p->pos = next;
	return p->argc ? RESP_DONE : RESP_EMPTY;
}

/*
 * A "*N\r\n" or "$N\r\n" header at p->pos: RESP_DONE with *val set and
 * p->pos past it, RESP_AGAIN, or RESP_ERROR with too_big when the line
 * outgrows the limit without its CR LF.
 */
static int resp_header(struct resp_parser *p, const char *buf, size_t len,
		       const struct resp_limits *lim, const char *too_big,
		       long long *val, bool *ok)
{
	const char *cr = memchr(buf + p->pos, '\r', len - p->pos);
	size_t e;

	if (!cr) {
		if (len - p->pos > lim->inline_max)
			return resp_error(p, too_big);
		return RESP_AGAIN;
	}
	e = (size_t)(cr - buf);
	if (e - p->pos > lim->inline_max)
		return resp_error(p, too_big);
	if (e + 1 >= len)
		return RESP_AGAIN;	/* the LF is still to come */
	*ok = resp_strtoll(buf + p->pos + 1, e - p->pos - 1, val);
	p->pos = e + 2;
	return RESP_DONE;
}

static int resp_parse_multibulk(struct resp_parser *p, char *buf, size_t len,
				const struct resp_limits *lim)
{
	long long v;
	bool ok;
	int rc;

	if (p->multibulk == 0) {
		rc = resp_header(p, buf, len, lim,
				 "Protocol error: too big mbulk count string", &v, &ok);
		if (rc != RESP_DONE)
			return rc;
		if (!ok || v > (long long)lim->args_max || v > INT_MAX)
			return resp_error(p, "Protocol error: invalid multibulk length");
		if (v <= 0)
			return RESP_EMPTY;
		p->multibulk = (long)v;
		p->bulk = -1;
		if (resp_argv_reserve(p, (size_t)v))
			return RESP_NOMEM;
	}
	while (p->multibulk > 0) {
		if (p->bulk < 0) {
			if (p->pos < len && buf[p->pos] != '$') {
				snprintf(p->errbuf, sizeof(p->errbuf),
					 "Protocol error: expected '$', got '%c'", buf[p->pos]);
				return resp_error(p, p->errbuf);
			}
			rc = resp_header(p, buf, len, lim,
					 "Protocol error: too big bulk count string", &v, &ok);
			if (rc != RESP_DONE)
				return rc;
			if (!ok || v < 0 || (unsigned long long)v > lim->bulk_max)
				return resp_error(p, "Protocol error: invalid bulk length");
			p->bulk = v;
		}
		/* the CR LF after the bulk is skipped unchecked, as Redis does */
		if (len - p->pos < (size_t)p->bulk + 2)
			return RESP_AGAIN;
		if (resp_push(p, p->pos, (size_t)p->bulk, (size_t)p->multibulk))
			return RESP_NOMEM;
		p->pos += (size_t)p->bulk + 2;
		p->bulk = -1;
		p->multibulk--;
	}
	return RESP_DONE;
}

int resp_parse(struct resp_parser *p, char *buf, size_t len,
	       const struct resp_limits *lim)
{
	if (p->multibulk == 0) {
		p->start = p->pos;
		p->argc = 0;
	}
	if (p->pos >= len)
		return RESP_AGAIN;
	if (p->multibulk || buf[p->pos] == '*')
		return resp_parse_multibulk(p, buf, len, lim);
	return resp_parse_inline(p, buf, len, lim);
}

void resp_consumed(struct resp_parser *p, size_t n)
{
	p->pos -= n;
	p->start -= n;
	for (size_t i = 0; i < p->argc; i++)
		p->argv[i].off -= n;
}

size_t resp_wanted(const struct resp_parser *p)
{
	return p->multibulk && p->bulk >= 0 ? (size_t)p->bulk + 2 : 0;
}
