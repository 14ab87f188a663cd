/*
 * commands_int.h - what commands.c and commands_admin.c share: the table
 * entry and the handlers of the introspection commands.
 */
#ifndef STRESSKIT_REDIS_COMMANDS_INT_H
#define STRESSKIT_REDIS_COMMANDS_INT_H

#include <limits.h>

#include "commands.h"

/* Clients gate features on the version: we speak Redis 7.0's RESP2. */
#define COMMANDS_REDIS_VERSION	"7.0.0"

extern const char commands_not_int[];

typedef void (*command_fn)(struct cmd_env *e, const struct redis_arg *argv, size_t argc);

struct command {
	const char *name;	/* lower case, as errors and COMMAND show it */
	int arity;		/* N: exactly N words; -N: at least N */
	command_fn fn;
	int first_key, last_key, key_step;	/* COMMAND INFO; -1: the last word */
	const char *group;	/* COMMAND DOCS */
	const char *summary;
};

extern const struct command commands_table[];	/* NULL-terminated */

const struct command *commands_find(const struct redis_arg *name);
bool commands_arity_ok(int arity, size_t argc);
bool commands_is(const struct redis_arg *a, const char *word);
/* The live value of key, counted as INFO's keyspace_hits or _misses. */
struct store_value *commands_lookup(struct cmd_env *e, const struct redis_arg *key);

/* commands_keys.c */
void cmd_keys(struct cmd_env *e, const struct redis_arg *argv, size_t argc);
void cmd_pttl(struct cmd_env *e, const struct redis_arg *argv, size_t argc);
void cmd_scan(struct cmd_env *e, const struct redis_arg *argv, size_t argc);
void cmd_ttl(struct cmd_env *e, const struct redis_arg *argv, size_t argc);
void cmd_type(struct cmd_env *e, const struct redis_arg *argv, size_t argc);

/* commands_conn.c */
void cmd_client(struct cmd_env *e, const struct redis_arg *argv, size_t argc);
void cmd_hello(struct cmd_env *e, const struct redis_arg *argv, size_t argc);
void cmd_select(struct cmd_env *e, const struct redis_arg *argv, size_t argc);
void cmd_shutdown(struct cmd_env *e, const struct redis_arg *argv, size_t argc);

/* commands_admin.c */
void admin_unknown_sub(struct cmd_env *e, const struct redis_arg *sub, const char *cmd);

void cmd_command(struct cmd_env *e, const struct redis_arg *argv, size_t argc);
void cmd_config(struct cmd_env *e, const struct redis_arg *argv, size_t argc);
void cmd_info(struct cmd_env *e, const struct redis_arg *argv, size_t argc);
void cmd_memory(struct cmd_env *e, const struct redis_arg *argv, size_t argc);

#endif
