/*
 * test_conn.c - the RESP server's connection path (stressors/redis/conn.c)
 * without a socket: byte streams fed in reads of every size through
 * conn_reserve/conn_received, replies taken by conn_flush through a writer
 * that can block; the replies and the protocol error of each limit.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../stressors/redis/conn.h"
#include "unit.h"

/* A writer taking at most max bytes a call, blocking every other call. */
struct conn_sink {
	char buf[1 << 16];
	size_t len, max;
	bool block, blocked_once;
};

static ssize_t conn_sink_write(void *ctx, const void *p, size_t len)
{
	struct conn_sink *k = ctx;

	if (k->block && (k->blocked_once = !k->blocked_once))
		return -EAGAIN;
	if (len > k->max)
		len = k->max;
	ck_assert_uint_le(k->len + len, sizeof(k->buf));
	memcpy(k->buf + k->len, p, len);
	k->len += len;
	return (ssize_t)len;
}

/*
 * Feeds s as server_serve() would, reads of at most chunk bytes, flushing
 * after each; stops reading once the connection is to close. Returns the
 * replies, NUL-terminated, in k->buf.
 */
static void conn_feed(struct conn_shared *sh, struct conn *c, struct conn_sink *k,
		      const char *s, size_t len, size_t chunk)
{
	while (len && !c->close_after) {
		size_t n, before = c->qcap;

		ck_assert_int_eq(conn_reserve(c), 0);
		ck_assert_uint_ge(c->qcap - c->qlen, CONN_READ_CHUNK / 4);
		ck_assert(c->qcap == before || c->qcap <= 2 * c->qlen + CONN_READ_CHUNK);
		n = c->qcap - c->qlen;
		n = n < chunk ? n : chunk;
		n = n < len ? n : len;
		memcpy(c->qbuf + c->qlen, s, n);
		s += n;
		len -= n;
		ck_assert_int_eq(conn_received(sh, c, n), 0);
		while (conn_flush(c, conn_sink_write, k) == CONN_BLOCKED)
			/* kept, compacted once more was sent than is left */
			ck_assert_uint_lt(c->out.sent, c->out.len - c->out.sent);
	}
	k->buf[k->len] = '\0';
}

/* The replies to s with cfg, in one read and in reads of 1, 2, 7 bytes. */
static void conn_expect(const struct server_config *cfg, const char *s, size_t len,
			const char *replies, uint64_t commands, bool closes)
{
	static const size_t chunks[] = { (size_t)-1, 1, 2, 7 };

	for (size_t i = 0; i < sizeof(chunks) / sizeof(chunks[0]); i++) {
		static struct conn_sink k;
		struct conn_shared sh;
		struct conn c;

		memset(&k, 0, sizeof(k));
		k.max = i ? 3 : (size_t)-1;
		k.block = i & 1;
		conn_shared_init(&sh, cfg);
		conn_init(&c);
		conn_feed(&sh, &c, &k, s, len, chunks[i]);
		ck_assert_str_eq(k.buf, replies);
		ck_assert_uint_eq(sh.stats.commands, commands);
		ck_assert_int_eq(c.close_after, closes);
		conn_free(&c);
		conn_shared_free(&sh);
	}
}

#define EXPECT(cfg, s, r, n, closes) conn_expect(cfg, s, sizeof(s) - 1, r, n, closes)

START_TEST(test_pipeline_quit)
{
	struct server_config cfg;

	server_config_defaults(&cfg);
	/* nothing after QUIT runs: the GET would have answered $1 v */
	EXPECT(&cfg, "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$1\r\nv\r\nGET k\r\n\r\nPING\r\n"
		     "*2\r\n$4\r\nECHO\r\n$2\r\nhi\r\nQUIT\r\nGET k\r\n",
	       "+OK\r\n$1\r\nv\r\n+PONG\r\n$2\r\nhi\r\n+OK\r\n", 5, true);
}
END_TEST

START_TEST(test_pipeline_shutdown)
{
	struct server_config cfg;

	server_config_defaults(&cfg);
	/* SHUTDOWN has no reply and is not counted; nothing after it runs */
	EXPECT(&cfg, "PING\r\nSHUTDOWN NOSAVE\r\nSET k v\r\nPING\r\n", "+PONG\r\n", 1, true);
	/* a SHUTDOWN refused is a command like any other */
	EXPECT(&cfg, "SHUTDOWN ABORT\r\nPING\r\n",
	       "-ERR No shutdown in progress.\r\n+PONG\r\n", 2, false);
	/* a connection's name is its own; HELLO 3 is refused */
	EXPECT(&cfg, "CLIENT SETNAME n1\r\nCLIENT GETNAME\r\nHELLO 3\r\n",
	       "+OK\r\n$2\r\nn1\r\n-NOPROTO unsupported protocol version\r\n", 3, false);
}
END_TEST

START_TEST(test_limits)
{
	struct server_config cfg;

	server_config_defaults(&cfg);
	cfg.lim.inline_max = 16;
	cfg.lim.bulk_max = 8;
	cfg.lim.args_max = 3;
	cfg.qbuf_max = 64;
	/* at each limit, then one past it: the commands before it answered */
	EXPECT(&cfg, "SET k 0123456789\r\n", "+OK\r\n", 1, false);
	EXPECT(&cfg, "PING\r\nSET k 0123456789a\r\nPING\r\n",
	       "+PONG\r\n-ERR Protocol error: too big inline request\r\n", 1, true);
	EXPECT(&cfg, "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$8\r\n01234567\r\n", "+OK\r\n", 1, false);
	EXPECT(&cfg, "PING\r\n*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$9\r\n012345678\r\n",
	       "+PONG\r\n-ERR Protocol error: invalid bulk length\r\n", 1, true);
	EXPECT(&cfg, "*4\r\n$4\r\nMSET\r\n$1\r\na\r\n$1\r\n1\r\n$1\r\nb\r\n",
	       "-ERR Protocol error: invalid multibulk length\r\n", 0, true);
	EXPECT(&cfg, "*123456789012345678\r\n",
	       "-ERR Protocol error: too big mbulk count string\r\n", 0, true);
	/* a partial command held past qbuf_max: the bulk limit allows it here */
	cfg.lim.bulk_max = 1000;
	EXPECT(&cfg, "PING\r\n*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$100\r\n"
		     "0123456789012345678901234567890123456789012345678901234567890123456789",
	       "+PONG\r\n-ERR Protocol error: query buffer limit exceeded\r\n", 1, true);
}
END_TEST

/*
 * A bulk of 1.5 MiB, declared first: the buffer grows with what arrives,
 * and is given back once the command ran.
 */
START_TEST(test_big_bulk)
{
	size_t n = 1536 * 1024, hdr;
	char *s = malloc(n + 64);
	struct server_config cfg;
	struct conn_shared sh;
	struct conn c;
	static struct conn_sink k;

	ck_assert(s != NULL);
	server_config_defaults(&cfg);
	hdr = (size_t)sprintf(s, "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$%zu\r\n", n);
	memset(s + hdr, 'x', n);
	memcpy(s + hdr + n, "\r\nEXISTS k\r\n", 12);
	conn_shared_init(&sh, &cfg);
	conn_init(&c);
	memset(&k, 0, sizeof(k));
	k.max = (size_t)-1;
	/* reads of 1000: growth is bounded by what was received (conn_feed) */
	conn_feed(&sh, &c, &k, s, hdr + n + 12, 1000);
	ck_assert_str_eq(k.buf, "+OK\r\n:1\r\n");
	ck_assert_uint_eq(sh.store.bytes, n);
	ck_assert_uint_le(c.qcap, 2 * CONN_READ_CHUNK);	/* shrunk once run */
	conn_free(&c);
	conn_shared_free(&sh);
	free(s);
}
END_TEST

/* 2000 arguments, more than argv's preallocation cap: all of them run. */
START_TEST(test_many_args)
{
	size_t cap = 2000 * 8 + 64, len;
	char *s = malloc(cap);
	struct server_config cfg;

	ck_assert(s != NULL);
	server_config_defaults(&cfg);
	len = (size_t)sprintf(s, "*2000\r\n$4\r\nMSET\r\n");
	for (int i = 0; i < 1999; i++)
		len += (size_t)sprintf(s + len, "$1\r\n%c\r\n", 'a' + i % 2);
	/* an odd count: MSET answers its arity error, after parsing all */
	conn_expect(&cfg, s, len, "-ERR wrong number of arguments for 'mset' command\r\n",
		    1, false);
	free(s);
}
END_TEST

static Suite *conn_suite(void)
{
	Suite *s = suite_create("conn");
	TCase *tc = tcase_create("conn");

	tcase_add_test(tc, test_pipeline_quit);
	tcase_add_test(tc, test_pipeline_shutdown);
	tcase_add_test(tc, test_limits);
	tcase_add_test(tc, test_big_bulk);
	tcase_add_test(tc, test_many_args);
	suite_add_tcase(s, tc);
	return s;
}
UNIT_SUITE(conn_suite);
