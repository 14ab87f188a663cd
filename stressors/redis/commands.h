/*
 * commands.h - the command table: PING ECHO SET GET STRLEN DEL EXISTS INCR
 * DECR INCRBY MSET MGET DBSIZE FLUSHALL TTL PTTL TYPE KEYS SCAN SELECT
 * CLIENT HELLO INFO CONFIG MEMORY COMMAND QUIT SHUTDOWN, executed on one store with
 * replies in Redis's words, so redis-cli and redis-benchmark cannot tell
 * the difference for what they use.
 */
#ifndef STRESSKIT_REDIS_COMMANDS_H
#define STRESSKIT_REDIS_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "reply.h"
#include "server.h"
#include "store.h"

struct redis_arg {
	const char *p;
	size_t len;
};

/* What CLIENT and HELLO know of the connection a command came on. */
struct cmd_client {
	uint64_t id;		/* CLIENT ID: unique, in the order of connecting */
	char *name;		/* CLIENT SETNAME's, malloc'd; NULL: none */
};

struct cmd_env {
	struct store *store;
	struct reply *out;
	const struct server_config *cfg;
	struct redis_stats *stats;	/* read by INFO; hits and misses counted */
	struct cmd_client *client;
	bool close;		/* QUIT: close once the reply is written */
	bool shutdown;		/* SHUTDOWN: no reply; the server stops */
};

/* Runs one command (argc >= 1) and appends its reply to env->out. */
void commands_exec(struct cmd_env *env, const struct redis_arg *argv, size_t argc);

#endif
