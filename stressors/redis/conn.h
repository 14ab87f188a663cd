/*
 * conn.h - one client connection of the RESP server without its socket:
 * the query buffer, the parser state, the replies, and the rules for each
 * (how the buffer grows, when it is compacted, the query-buffer limit,
 * what happens after QUIT or a protocol error). server.c moves bytes
 * between these and a socket; the unit test and the fuzzers move them
 * with memcpy through the same functions.
 */
#ifndef STRESSKIT_REDIS_CONN_H
#define STRESSKIT_REDIS_CONN_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "commands.h"

/*
 * One read's room: Redis's PROTO_IOBUF_LEN. The buffer grows past
 * qlen + CONN_READ_CHUNK only for a bulk being read, and then to at most
 * 2 * qlen + CONN_READ_CHUNK: a declared length costs no memory before
 * its bytes arrive.
 */
#define CONN_READ_CHUNK		(16 * 1024)

/* What every connection of one server shares. */
struct conn_shared {
	const struct server_config *cfg;
	struct store store;
	struct redis_stats stats;
	struct redis_arg *argv;		/* what a command runs with, grown to the longest */
	size_t argv_cap;
	bool shutdown;			/* SHUTDOWN ran: the server stops */
};

struct conn {
	bool close_after;	/* QUIT, SHUTDOWN or an error: close once out is written */
	struct resp_parser p;
	struct cmd_client client;
	char *qbuf;		/* input received and not yet run */
	size_t qlen, qcap;
	struct reply out;
};

enum conn_flush {
	CONN_FLUSHED,		/* every reply written */
	CONN_BLOCKED,		/* the writer would block: the rest is kept */
	CONN_FAILED,		/* the writer failed: close */
};

/* Writes up to len bytes; returns how many, -EAGAIN or another -errno. */
typedef ssize_t (*conn_write_fn)(void *ctx, const void *buf, size_t len);

void conn_shared_init(struct conn_shared *sh, const struct server_config *cfg);
void conn_shared_free(struct conn_shared *sh);

void conn_init(struct conn *c);
void conn_free(struct conn *c);

/*
 * Makes room for the next read at c->qbuf + c->qlen, c->qcap - c->qlen
 * bytes (never less than a quarter chunk). Returns 0 or -ENOMEM.
 */
int conn_reserve(struct conn *c);

/*
 * n bytes were read into the room conn_reserve() made: runs every complete
 * command, drops the finished ones from the buffer and applies the
 * query-buffer limit. Returns 0, or -ENOMEM when the connection must close
 * (an allocation failed: a torn reply stream is never sent).
 */
int conn_received(struct conn_shared *sh, struct conn *c, size_t n);

/* Writes the pending replies through write; see enum conn_flush. */
enum conn_flush conn_flush(struct conn *c, conn_write_fn write, void *ctx);

#endif
