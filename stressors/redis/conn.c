/*
 * conn.c - a connection's input and output buffers, socket-free: the
 * read/parse/execute/compact cycle of the server and the flush of its
 * replies. Limits are the server's configuration (Redis's by default).
 */
#include "conn.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define CONN_SHRINK_OVER	(1024 * 1024)	/* give back buffers grown past this */

void conn_shared_init(struct conn_shared *sh, const struct server_config *cfg)
{
	memset(sh, 0, sizeof(*sh));
	sh->cfg = cfg;
	store_init(&sh->store);
}

void conn_shared_free(struct conn_shared *sh)
{
	store_flush(&sh->store);
	free(sh->argv);
	sh->argv = NULL;
	sh->argv_cap = 0;
}

void conn_init(struct conn *c)
{
	memset(c, 0, sizeof(*c));
	resp_init(&c->p);
}

void conn_free(struct conn *c)
{
	resp_free(&c->p);
	reply_free(&c->out);
	free(c->client.name);
	free(c->qbuf);
	memset(c, 0, sizeof(*c));
}

/* Points the shared argv at the parsed command's arguments. */
static int conn_argv(struct conn_shared *sh, const struct conn *c)
{
	if (c->p.argc > sh->argv_cap) {
		size_t cap = c->p.argc * 2;
		struct redis_arg *a = realloc(sh->argv, cap * sizeof(*a));

		if (!a)
			return -ENOMEM;
		sh->argv = a;
		sh->argv_cap = cap;
	}
	for (size_t i = 0; i < c->p.argc; i++) {
		sh->argv[i].p = c->qbuf + c->p.argv[i].off;
		sh->argv[i].len = c->p.argv[i].len;
	}
	return 0;
}

/* Runs every complete command in the query buffer. */
static int conn_process(struct conn_shared *sh, struct conn *c)
{
	struct cmd_env env = {
		.store = &sh->store, .out = &c->out, .cfg = sh->cfg, .stats = &sh->stats,
		.client = &c->client,
	};

	while (!c->close_after) {
		int rc = resp_parse(&c->p, c->qbuf, c->qlen, &sh->cfg->lim);

		if (rc == RESP_AGAIN)
			break;
		if (rc == RESP_EMPTY)
			continue;
		if (rc == RESP_ERROR) {
			reply_errorf(&c->out, "ERR %s", c->p.err);
			c->close_after = true;
			break;
		}
		if (rc == RESP_NOMEM || conn_argv(sh, c))
			return -ENOMEM;
		commands_exec(&env, sh->argv, c->p.argc);
		c->close_after = env.close;
		if (env.shutdown) {
			/* it has no reply: it is not counted among those that do */
			sh->shutdown = true;
			break;
		}
		sh->stats.commands++;
	}
	return c->out.oom ? -ENOMEM : 0;
}

/* Drops the parsed commands from the query buffer, keeping a partial one. */
static void conn_compact(struct conn *c)
{
	size_t done = c->p.start;

	if (c->close_after) {
		c->qlen = 0;	/* nothing after QUIT or an error is run */
		return;
	}
	if (done) {
		memmove(c->qbuf, c->qbuf + done, c->qlen - done);
		c->qlen -= done;
		resp_consumed(&c->p, done);
	}
	if (c->qcap > CONN_SHRINK_OVER && c->qlen < CONN_READ_CHUNK) {
		char *b = realloc(c->qbuf, CONN_READ_CHUNK);

		if (b) {
			c->qbuf = b;
			c->qcap = CONN_READ_CHUNK;
		}
	}
}

/*
 * Room for the next read: a chunk, or for a big bulk up to its end, but at
 * most double what was received: a declared length costs no memory before
 * the bytes arrive. The buffer grows only once it is nearly full: growing
 * it to qlen + a chunk on every read made a command dribbled in small
 * reads cost a realloc (a copy) per read, quadratic in its length.
 */
int conn_reserve(struct conn *c)
{
	size_t need = c->qlen + CONN_READ_CHUNK, want = resp_wanted(&c->p);
	char *b;

	if (c->qbuf && c->qcap - c->qlen >= CONN_READ_CHUNK / 4)
		return 0;
	if (want && c->p.pos + want > need) {
		need = c->p.pos + want;
		if (need > 2 * c->qlen + CONN_READ_CHUNK)
			need = 2 * c->qlen + CONN_READ_CHUNK;
	}
	b = realloc(c->qbuf, need);
	if (!b)
		return -ENOMEM;
	c->qbuf = b;
	c->qcap = need;
	return 0;
}

int conn_received(struct conn_shared *sh, struct conn *c, size_t n)
{
	c->qlen += n;
	if (conn_process(sh, c))
		return -ENOMEM;
	conn_compact(c);
	if (c->qlen > sh->cfg->qbuf_max && !c->close_after) {
		reply_error(&c->out, "ERR Protocol error: query buffer limit exceeded");
		c->close_after = true;
		c->qlen = 0;
	}
	return c->out.oom ? -ENOMEM : 0;
}

enum conn_flush conn_flush(struct conn *c, conn_write_fn write, void *ctx)
{
	struct reply *o = &c->out;

	while (o->sent < o->len) {
		ssize_t n = write(ctx, o->buf + o->sent, o->len - o->sent);

		if (n == -EAGAIN) {
			/*
			 * Moving the unsent rest to the front on every EAGAIN made
			 * a big reply to a slow reader cost its length again per
			 * socket-buffer drained: compact only once the sent part
			 * is the larger, so bytes moved never exceed bytes sent.
			 */
			if (o->sent >= o->len - o->sent)
				reply_compact(o);
			return CONN_BLOCKED;
		}
		if (n <= 0)
			return CONN_FAILED;
		o->sent += (size_t)n;
	}
	o->len = o->sent = 0;
	if (!c->close_after && o->cap > CONN_SHRINK_OVER)
		reply_free(o);
	return CONN_FLUSHED;
}
