/*
 * commands.h - the command table: PING ECHO SET GET DEL EXISTS INCR DECR
 * INCRBY MSET MGET DBSIZE FLUSHALL INFO CONFIG COMMAND QUIT, executed on
 * one store with replies in Redis's words, so redis-cli and redis-benchmark
 * cannot tell the difference for what they use.
 */
#ifndef STRESSKIT_REDIS_COMMANDS_H
#define STRESSKIT_REDIS_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>

#include "reply.h"
#include "server.h"
#include "store.h"

struct redis_arg {
	const char *p;
	size_t len;
};

struct cmd_env {
	struct store *store;
	struct reply *out;
	const struct server_config *cfg;
	const struct redis_stats *stats;
	bool close;		/* QUIT: close once the reply is written */
};

/* Runs one command (argc >= 1) and appends its reply to env->out. */
void commands_exec(struct cmd_env *env, const struct redis_arg *argv, size_t argc);

#endif
