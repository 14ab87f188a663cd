/*
 * commands_conn.c - the commands about the connection and the server
 * rather than the data: SELECT (one database, 0), CLIENT ID / SETNAME /
 * GETNAME, HELLO (RESP2 only: HELLO 3 is refused with the error a client
 * falls back on) and SHUTDOWN. Replies and errors are Redis 7.0's.
 */
#include "commands_int.h"

#include <stdlib.h>
#include <string.h>

void cmd_select(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	long long db;

	(void)argc;
	if (!resp_strtoll(argv[1].p, argv[1].len, &db)) {
		reply_error(e->out, commands_not_int);
		return;
	}
	if (db < INT_MIN || db > INT_MAX) {
		reply_error(e->out, "ERR value is out of range, value must between -2147483648 and 2147483647");
		return;
	}
	/* one database, as a Redis started with --databases 1 */
	if (db != 0)
		reply_error(e->out, "ERR DB index is out of range");
	else
		reply_raw(e->out, "+OK\r\n", 5);
}

/*
 * SHUTDOWN [NOSAVE|SAVE] [NOW] [FORCE] [ABORT]: nothing is persisted, so
 * every form stops at once; the client sees its connection close, as with
 * Redis. ABORT has no shutdown in progress to abort.
 */
void cmd_shutdown(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	bool save = false, nosave = false, other = false, abort = false, unknown = false;

	for (size_t i = 1; i < argc; i++) {
		if (commands_is(&argv[i], "SAVE"))
			save = true;
		else if (commands_is(&argv[i], "NOSAVE"))
			nosave = true;
		else if (commands_is(&argv[i], "NOW") || commands_is(&argv[i], "FORCE"))
			other = true;
		else if (commands_is(&argv[i], "ABORT"))
			abort = true;
		else
			unknown = true;
	}
	if (unknown || (save && nosave) || (abort && (save || nosave || other))) {
		reply_error(e->out, "ERR syntax error");
		return;
	}
	if (abort) {
		reply_error(e->out, "ERR No shutdown in progress.");
		return;
	}
	e->shutdown = true;
	e->close = true;
}

/* Redis's rule for names: printable ASCII, no space. */
static bool conn_name_ok(const struct redis_arg *name)
{
	for (size_t i = 0; i < name->len; i++)
		if (name->p[i] < '!' || name->p[i] > '~')
			return false;
	return true;
}

static const char conn_bad_name[] =
	"ERR Client names cannot contain spaces, newlines or special characters.";

/* Sets the client's name; an empty one removes it. */
static void conn_set_name(struct cmd_env *e, const struct redis_arg *name)
{
	char *copy = NULL;

	if (name->len) {
		copy = malloc(name->len + 1);
		if (!copy) {
			e->out->oom = true;	/* the connection closes */
			return;
		}
		memcpy(copy, name->p, name->len);
		copy[name->len] = '\0';
	}
	free(e->client->name);
	e->client->name = copy;
}

void cmd_client(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	const char *sub = NULL;
	size_t want = 2;

	if (commands_is(&argv[1], "ID"))
		sub = "id";
	else if (commands_is(&argv[1], "GETNAME"))
		sub = "getname";
	else if (commands_is(&argv[1], "SETNAME"))
		sub = "setname", want = 3;
	if (!sub) {
		admin_unknown_sub(e, &argv[1], "CLIENT");
		return;
	}
	if (argc != want) {
		reply_errorf(e->out, "ERR wrong number of arguments for 'client|%s' command", sub);
		return;
	}
	if (!strcmp(sub, "id")) {
		reply_int(e->out, (long long)e->client->id);
	} else if (!strcmp(sub, "getname")) {
		if (e->client->name)
			reply_bulk_str(e->out, e->client->name);
		else
			reply_nil(e->out);
	} else if (!conn_name_ok(&argv[2])) {
		reply_error(e->out, conn_bad_name);
	} else {
		conn_set_name(e, &argv[2]);
		if (!e->out->oom)
			reply_raw(e->out, "+OK\r\n", 5);
	}
}

/*
 * HELLO [protover [AUTH username password] [SETNAME name]]: the server
 * speaks RESP2 alone, so 3 gets the NOPROTO error on which clients fall
 * back to RESP2. There is one user, "default", without a password, as in
 * a Redis with no ACL set up: it is accepted with any password.
 */
void cmd_hello(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	const struct redis_arg *name = NULL;
	long long ver;

	if (argc >= 2) {
		if (!resp_strtoll(argv[1].p, argv[1].len, &ver)) {
			reply_error(e->out, "ERR Protocol version is not an integer or out of range");
			return;
		}
		if (ver != 2) {
			reply_error(e->out, "NOPROTO unsupported protocol version");
			return;
		}
	}
	for (size_t i = 2; i < argc; i++) {
		if (commands_is(&argv[i], "AUTH") && i + 2 < argc) {
			if (!(argv[i + 1].len == 7 && !memcmp(argv[i + 1].p, "default", 7))) {
				reply_error(e->out, "WRONGPASS invalid username-password pair or user is disabled.");
				return;
			}
			i += 2;
		} else if (commands_is(&argv[i], "SETNAME") && i + 1 < argc) {
			name = &argv[++i];
			if (!conn_name_ok(name)) {
				reply_error(e->out, conn_bad_name);
				return;
			}
		} else {
			reply_errorf(e->out, "ERR Syntax error in HELLO option '%.*s'",
				     argv[i].len < 128 ? (int)argv[i].len : 128, argv[i].p);
			return;
		}
	}
	if (name) {
		conn_set_name(e, name);
		if (e->out->oom)
			return;
	}
	reply_array(e->out, 14);
	reply_bulk_str(e->out, "server");
	reply_bulk_str(e->out, "redis");
	reply_bulk_str(e->out, "version");
	reply_bulk_str(e->out, COMMANDS_REDIS_VERSION);
	reply_bulk_str(e->out, "proto");
	reply_int(e->out, 2);
	reply_bulk_str(e->out, "id");
	reply_int(e->out, (long long)e->client->id);
	reply_bulk_str(e->out, "mode");
	reply_bulk_str(e->out, "standalone");
	reply_bulk_str(e->out, "role");
	reply_bulk_str(e->out, "master");
	reply_bulk_str(e->out, "modules");
	reply_array(e->out, 0);
}
