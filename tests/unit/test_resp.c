/*
 * test_resp.c - the RESP request parser: a pipelined buffer split at every
 * byte, fed byte by byte with the server's compaction, every limit at and
 * one past its value, and each protocol error's text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../stressors/redis/resp_parse.h"
#include "unit.h"

/* Mixed traffic: multibulk with binary bytes, inline with quotes, no-ops. */
static const char resp_pipe[] =
	"*3\r\n$3\r\nSET\r\n$4\r\nk\0\r\n\r\n$5\r\nv\r\nal\r\n"
	"*2\r\n$3\r\nGET\r\n$4\r\nk\0\r\n\r\n"
	"PING\r\n"
	"\r\n"
	"*0\r\n"
	"set \"a\\x41\\n\" 'b\\'c'  x\n"
	"*1\r\n$0\r\n\r\n"
	"ECHO hello\r\n";

/* Each command as its words joined by '|'. */
#define E(s) { s, sizeof(s) - 1 }
static const struct {
	const char *s;
	size_t len;
} resp_expect[] = {
	E("SET|k\0\r\n|v\r\nal"), E("GET|k\0\r\n"), E("PING"), E("set|aA\n|b'c|x"),
	E(""), E("ECHO|hello"),
};

static const struct resp_limits resp_lim = {
	.inline_max = RESP_INLINE_MAX_DEFAULT,
	.bulk_max = RESP_BULK_MAX_DEFAULT,
	.args_max = RESP_ARGS_MAX_DEFAULT,
};

/* A connection as the server keeps it: a buffer that is compacted. */
struct resp_conn {
	struct resp_parser p;
	char buf[1024];
	size_t len;
	size_t ncmd;
	char cmds[8][64];
	size_t cmdlen[8];
};

/* Parses what is buffered; returns the last result. */
static int resp_conn_run(struct resp_conn *c, const struct resp_limits *lim)
{
	int rc;

	while ((rc = resp_parse(&c->p, c->buf, c->len, lim)) == RESP_DONE ||
	       rc == RESP_EMPTY) {
		size_t n = 0;

		if (rc == RESP_EMPTY)
			continue;
		ck_assert_uint_lt(c->ncmd, 8);
		for (size_t i = 0; i < c->p.argc; i++) {
			if (i)
				c->cmds[c->ncmd][n++] = '|';
			memcpy(c->cmds[c->ncmd] + n, c->buf + c->p.argv[i].off, c->p.argv[i].len);
			n += c->p.argv[i].len;
		}
		c->cmdlen[c->ncmd++] = n;
	}
	return rc;
}

static void resp_conn_feed(struct resp_conn *c, const char *data, size_t n)
{
	size_t done;

	memcpy(c->buf + c->len, data, n);
	c->len += n;
	ck_assert_int_eq(resp_conn_run(c, &resp_lim), RESP_AGAIN);
	done = c->p.start;
	memmove(c->buf, c->buf + done, c->len - done);
	c->len -= done;
	resp_consumed(&c->p, done);
}

static void resp_conn_check(struct resp_conn *c)
{
	ck_assert_uint_eq(c->ncmd, 6);
	for (size_t i = 0; i < 6; i++) {
		ck_assert_uint_eq(c->cmdlen[i], resp_expect[i].len);
		ck_assert(!memcmp(c->cmds[i], resp_expect[i].s, resp_expect[i].len));
	}
	ck_assert_uint_eq(c->len, 0);
}

/* Two reads split at every byte, and at every pair of bytes. */
START_TEST(test_split_everywhere)
{
	const size_t len = sizeof(resp_pipe) - 1;

	for (size_t k = 0; k <= len; k++) {
		for (size_t j = k; j <= len; j += 7) {
			struct resp_conn *c = calloc(1, sizeof(*c));

			resp_init(&c->p);
			resp_conn_feed(c, resp_pipe, k);
			resp_conn_feed(c, resp_pipe + k, j - k);
			resp_conn_feed(c, resp_pipe + j, len - j);
			resp_conn_check(c);
			resp_free(&c->p);
			free(c);
		}
	}
}
END_TEST

START_TEST(test_byte_by_byte)
{
	struct resp_conn *c = calloc(1, sizeof(*c));

	resp_init(&c->p);
	for (size_t i = 0; i < sizeof(resp_pipe) - 1; i++)
		resp_conn_feed(c, resp_pipe + i, 1);
	resp_conn_check(c);
	resp_free(&c->p);
	free(c);
}
END_TEST

/* Parses s whole with lim; returns the result, err text in *err. */
static int resp_one(const char *s, size_t len, const struct resp_limits *lim,
		    const char **err, size_t *argc)
{
	static char msg[64];
	struct resp_parser p;
	char *buf = malloc(len + 1);
	int rc;

	memcpy(buf, s, len);
	resp_init(&p);
	do
		rc = resp_parse(&p, buf, len, lim);
	while (rc == RESP_EMPTY);
	snprintf(msg, sizeof(msg), "%s", p.err ? p.err : "");
	*err = msg;
	if (argc)
		*argc = p.argc;
	resp_free(&p);
	free(buf);
	return rc;
}

static void resp_expect_error(const char *s, size_t len, const struct resp_limits *lim,
			      const char *msg)
{
	const char *err;

	ck_assert_int_eq(resp_one(s, len, lim, &err, NULL), RESP_ERROR);
	ck_assert_str_eq(err, msg);
}

#define ERR(s, msg) resp_expect_error(s, sizeof(s) - 1, &resp_lim, msg)

START_TEST(test_errors)
{
	ERR("*1\r\n#3\r\n", "Protocol error: expected '$', got '#'");
	ERR("*x\r\n", "Protocol error: invalid multibulk length");
	ERR("*01\r\n", "Protocol error: invalid multibulk length");
	ERR("* 1\r\n", "Protocol error: invalid multibulk length");
	ERR("*1\r\n$-1\r\n", "Protocol error: invalid bulk length");
	ERR("*1\r\n$01\r\nx\r\n", "Protocol error: invalid bulk length");
	ERR("*1\r\n$99999999999999999999\r\n", "Protocol error: invalid bulk length");
	ERR("GET \"a\r\n", "Protocol error: unbalanced quotes in request");
	ERR("GET 'a\r\n", "Protocol error: unbalanced quotes in request");
	ERR("GET \"a\"b\r\n", "Protocol error: unbalanced quotes in request");
}
END_TEST

START_TEST(test_limit_inline)
{
	struct resp_limits lim = resp_lim;
	size_t max = 100, argc;
	char line[256];
	const char *err;

	lim.inline_max = max;
	memset(line, 'a', sizeof(line));
	/* a line of exactly max bytes (CR LF aside) is fine; max + 1 is not */
	line[max] = '\n';
	ck_assert_int_eq(resp_one(line, max + 1, &lim, &err, &argc), RESP_DONE);
	ck_assert_uint_eq(argc, 1);
	line[max] = '\r';
	line[max + 1] = '\n';
	ck_assert_int_eq(resp_one(line, max + 2, &lim, &err, &argc), RESP_DONE);
	line[max] = 'a';
	resp_expect_error(line, max + 2, &lim, "Protocol error: too big inline request");
	/* no newline yet: waiting up to max (and its CR), an error past it */
	ck_assert_int_eq(resp_one(line, max, &lim, &err, NULL), RESP_AGAIN);
	line[max] = '\r';
	ck_assert_int_eq(resp_one(line, max + 1, &lim, &err, NULL), RESP_AGAIN);
	line[max] = 'a';
	resp_expect_error(line, max + 1, &lim, "Protocol error: too big inline request");
	/* the header lines are held to the same limit */
	line[0] = '*';
	memset(line + 1, '1', sizeof(line) - 1);
	ck_assert_int_eq(resp_one(line, max, &lim, &err, NULL), RESP_AGAIN);
	resp_expect_error(line, max + 1, &lim, "Protocol error: too big mbulk count string");
	memcpy(line, "*1\r\n$", 5);
	ck_assert_int_eq(resp_one(line, max + 4, &lim, &err, NULL), RESP_AGAIN);
	resp_expect_error(line, max + 5, &lim, "Protocol error: too big bulk count string");
}
END_TEST

START_TEST(test_limit_bulk)
{
	struct resp_limits lim = resp_lim;
	const char *err;
	size_t argc;

	lim.bulk_max = 5;
	ck_assert_int_eq(resp_one("*1\r\n$5\r\nhello\r\n", 15, &lim, &err, &argc), RESP_DONE);
	resp_expect_error("*1\r\n$6\r\nhello!\r\n", 16, &lim, "Protocol error: invalid bulk length");
}
END_TEST

START_TEST(test_limit_args)
{
	struct resp_limits lim = resp_lim;
	struct resp_parser p;
	const char *err;
	char in[64];
	size_t argc;

	lim.args_max = 3;
	ck_assert_int_eq(resp_one("*3\r\n$1\r\na\r\n$1\r\nb\r\n$1\r\nc\r\n", 25, &lim, &err, &argc),
			 RESP_DONE);
	ck_assert_uint_eq(argc, 3);
	resp_expect_error("*4\r\n", 4, &lim, "Protocol error: invalid multibulk length");
	ck_assert_int_eq(resp_one("a b c\r\n", 7, &lim, &err, &argc), RESP_DONE);
	resp_expect_error("a b c d\r\n", 9, &lim, "Protocol error: invalid multibulk length");

	/* a declared count does not size argv: 1024 at most up front */
	resp_init(&p);
	strcpy(in, "*1000000\r\n$1\r\na\r\n");
	ck_assert_int_eq(resp_parse(&p, in, strlen(in), &resp_lim), RESP_AGAIN);
	ck_assert_uint_le(p.argv_cap, RESP_ARGV_PREALLOC);
	ck_assert_uint_eq(p.argc, 1);
	resp_free(&p);
}
END_TEST

START_TEST(test_empty_commands)
{
	struct resp_parser p;
	char in[] = "*0\r\n*-1\r\n\r\n   \r\n";

	resp_init(&p);
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(resp_parse(&p, in, sizeof(in) - 1, &resp_lim), RESP_EMPTY);
	ck_assert_int_eq(resp_parse(&p, in, sizeof(in) - 1, &resp_lim), RESP_AGAIN);
	ck_assert_uint_eq(p.pos, sizeof(in) - 1);
	resp_free(&p);
}
END_TEST

START_TEST(test_strtoll)
{
	long long v;

	ck_assert(resp_strtoll("0", 1, &v) && v == 0);
	ck_assert(resp_strtoll("-42", 3, &v) && v == -42);
	ck_assert(resp_strtoll("9223372036854775807", 19, &v) && v == INT64_MAX);
	ck_assert(resp_strtoll("-9223372036854775808", 20, &v) && v == INT64_MIN);
	ck_assert(!resp_strtoll("9223372036854775808", 19, &v));
	ck_assert(!resp_strtoll("", 0, &v));
	ck_assert(!resp_strtoll("-", 1, &v));
	ck_assert(!resp_strtoll("-0", 2, &v));
	ck_assert(!resp_strtoll("01", 2, &v));
	ck_assert(!resp_strtoll("+1", 2, &v));
	ck_assert(!resp_strtoll("1 ", 2, &v));
}
END_TEST

static Suite *resp_suite(void)
{
	Suite *s = suite_create("resp");
	TCase *tc = tcase_create("parse");

	tcase_add_test(tc, test_split_everywhere);
	tcase_add_test(tc, test_byte_by_byte);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_limit_inline);
	tcase_add_test(tc, test_limit_bulk);
	tcase_add_test(tc, test_limit_args);
	tcase_add_test(tc, test_empty_commands);
	tcase_add_test(tc, test_strtoll);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(resp_suite);
