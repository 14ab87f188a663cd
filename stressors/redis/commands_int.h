/*
 * commands_int.h - what commands.c and commands_admin.c share: the table
 * entry and the handlers of the introspection commands.
 */
#ifndef STRESSKIT_REDIS_COMMANDS_INT_H
#define STRESSKIT_REDIS_COMMANDS_INT_H

#include <limits.h>

#include "commands.h"

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

void cmd_command(struct cmd_env *e, const struct redis_arg *argv, size_t argc);
void cmd_config(struct cmd_env *e, const struct redis_arg *argv, size_t argc);
void cmd_info(struct cmd_env *e, const struct redis_arg *argv, size_t argc);

#endif
