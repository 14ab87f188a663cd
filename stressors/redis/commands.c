/*
 * commands.c - the key space commands and the dispatch: a table of
 * { name, arity, handler }, arity as Redis counts it (N: exactly N words
 * with the name, -N: at least N). Argument checks and error texts follow
 * Redis 7 word for word; the introspection commands (INFO, CONFIG,
 * COMMAND) are in commands_admin.c.
 */
#include "commands_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

const char commands_not_int[] = "ERR value is not an integer or out of range";

bool commands_is(const struct redis_arg *a, const char *word)
{
	size_t n = strlen(word);

	return a->len == n && !strncasecmp(a->p, word, n);
}

static void cmd_ping(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	if (argc > 2) {
		reply_error(e->out, "ERR wrong number of arguments for 'ping' command");
		return;
	}
	if (argc == 2)
		reply_bulk(e->out, argv[1].p, argv[1].len);
	else
		reply_status(e->out, "PONG");
}

static void cmd_echo(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	(void)argc;
	reply_bulk(e->out, argv[1].p, argv[1].len);
}

static void cmd_quit(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	(void)argv;
	(void)argc;
	reply_status(e->out, "OK");
	e->close = true;
}

/* SET key value [NX|XX] [EX seconds|PX milliseconds] */
static void cmd_set(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	const struct redis_arg *ttl = NULL;
	bool nx = false, xx = false, ms = false;
	int64_t expire = 0;
	long long v;

	for (size_t i = 3; i < argc; i++) {
		if (commands_is(&argv[i], "NX") && !xx) {
			nx = true;
		} else if (commands_is(&argv[i], "XX") && !nx) {
			xx = true;
		} else if ((commands_is(&argv[i], "EX") || commands_is(&argv[i], "PX")) &&
			   !ttl && i + 1 < argc) {
			ms = commands_is(&argv[i], "PX");
			ttl = &argv[++i];
		} else {
			reply_error(e->out, "ERR syntax error");
			return;
		}
	}
	if (ttl) {
		if (!resp_strtoll(ttl->p, ttl->len, &v)) {
			reply_error(e->out, commands_not_int);
			return;
		}
		/* the expiry must stay a positive int64 of milliseconds */
		if (v <= 0 || (!ms && v > INT64_MAX / 1000) ||
		    (ms ? v : v * 1000) > INT64_MAX - store_now_ms()) {
			reply_error(e->out, "ERR invalid expire time in 'set' command");
			return;
		}
		expire = store_now_ms() + (ms ? v : v * 1000);
	}
	if ((nx || xx) && (store_get(e->store, argv[1].p, argv[1].len) != NULL) != xx) {
		reply_nil(e->out);
		return;
	}
	if (store_set(e->store, argv[1].p, argv[1].len, argv[2].p, argv[2].len, expire))
		reply_error(e->out, "OOM command not allowed when used memory > 'maxmemory'.");
	else
		reply_raw(e->out, "+OK\r\n", 5);
}

struct store_value *commands_lookup(struct cmd_env *e, const struct redis_arg *key)
{
	struct store_value *v = store_get(e->store, key->p, key->len);

	if (v)
		e->stats->keyspace_hits++;
	else
		e->stats->keyspace_misses++;
	return v;
}

static void cmd_get(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	struct store_value *v = commands_lookup(e, &argv[1]);

	(void)argc;
	if (v)
		reply_bulk(e->out, v->data, v->len);
	else
		reply_nil(e->out);
}

/* STRLEN key: 0 for a missing key, as Redis (an empty string has 0 too). */
static void cmd_strlen(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	struct store_value *v = commands_lookup(e, &argv[1]);

	(void)argc;
	reply_int(e->out, v ? (long long)v->len : 0);
}

static void cmd_del(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	long long n = 0;

	for (size_t i = 1; i < argc; i++)
		n += store_del(e->store, argv[i].p, argv[i].len);
	reply_int(e->out, n);
}

static void cmd_exists(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	long long n = 0;

	for (size_t i = 1; i < argc; i++)
		n += commands_lookup(e, &argv[i]) != NULL;
	reply_int(e->out, n);
}

/* INCR, DECR, INCRBY: the value is a decimal int64, its expiry is kept. */
static void commands_incr(struct cmd_env *e, const struct redis_arg *key, long long by)
{
	struct store_value *v = store_get(e->store, key->p, key->len);
	long long cur = 0;
	int64_t expire = 0;
	char num[24];
	int n;

	if (v) {
		if (!resp_strtoll(v->data, v->len, &cur)) {
			reply_error(e->out, commands_not_int);
			return;
		}
		expire = v->expire_ms;
	}
	if ((by < 0 && cur < 0 && by < LLONG_MIN - cur) ||
	    (by > 0 && cur > 0 && by > LLONG_MAX - cur)) {
		reply_error(e->out, "ERR increment or decrement would overflow");
		return;
	}
	cur += by;
	n = snprintf(num, sizeof(num), "%lld", cur);
	if (store_set(e->store, key->p, key->len, num, (size_t)n, expire))
		reply_error(e->out, "OOM command not allowed when used memory > 'maxmemory'.");
	else
		reply_int(e->out, cur);
}

static void cmd_incr(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	(void)argc;
	commands_incr(e, &argv[1], 1);
}

static void cmd_decr(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	(void)argc;
	commands_incr(e, &argv[1], -1);
}

static void cmd_incrby(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	long long by;

	(void)argc;
	if (!resp_strtoll(argv[2].p, argv[2].len, &by)) {
		reply_error(e->out, commands_not_int);
		return;
	}
	commands_incr(e, &argv[1], by);
}

static void cmd_mset(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	if (argc % 2 == 0) {
		reply_error(e->out, "ERR wrong number of arguments for 'mset' command");
		return;
	}
	for (size_t i = 1; i < argc; i += 2) {
		if (store_set(e->store, argv[i].p, argv[i].len,
			      argv[i + 1].p, argv[i + 1].len, 0)) {
			reply_error(e->out, "OOM command not allowed when used memory > 'maxmemory'.");
			return;
		}
	}
	reply_raw(e->out, "+OK\r\n", 5);
}

static void cmd_mget(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	reply_array(e->out, (long long)argc - 1);
	for (size_t i = 1; i < argc; i++)
		cmd_get(e, &argv[i - 1], 2);
}

static void cmd_dbsize(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	(void)argv;
	(void)argc;
	/* live keys only, as Redis counts: what is due goes first */
	store_expire(e->store, store_now_ms(), SIZE_MAX);
	reply_int(e->out, (long long)e->store->keys);
}

static void cmd_flushall(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	if (argc > 2 || (argc == 2 && !commands_is(&argv[1], "ASYNC") &&
			 !commands_is(&argv[1], "SYNC"))) {
		reply_error(e->out, "ERR syntax error");
		return;
	}
	store_flush(e->store);
	reply_raw(e->out, "+OK\r\n", 5);
}

/* name, arity, handler, first key, last key, key step, group, summary */
const struct command commands_table[] = {
	{ "client", -2, cmd_client, 0, 0, 0, "connection", "A container for client connection commands" },
	{ "command", -1, cmd_command, 0, 0, 0, "server", "Get array of Redis command details" },
	{ "config", -2, cmd_config, 0, 0, 0, "server", "A container for server configuration commands" },
	{ "dbsize", 1, cmd_dbsize, 0, 0, 0, "server", "Return the number of keys in the selected database" },
	{ "decr", 2, cmd_decr, 1, 1, 1, "string", "Decrement the integer value of a key by one" },
	{ "del", -2, cmd_del, 1, -1, 1, "generic", "Delete a key" },
	{ "echo", 2, cmd_echo, 0, 0, 0, "connection", "Echo the given string" },
	{ "exists", -2, cmd_exists, 1, -1, 1, "generic", "Determine if a key exists" },
	{ "flushall", -1, cmd_flushall, 0, 0, 0, "server", "Remove all keys from all databases" },
	{ "get", 2, cmd_get, 1, 1, 1, "string", "Get the value of a key" },
	{ "hello", -1, cmd_hello, 0, 0, 0, "connection", "Handshake with Redis" },
	{ "incr", 2, cmd_incr, 1, 1, 1, "string", "Increment the integer value of a key by one" },
	{ "incrby", 3, cmd_incrby, 1, 1, 1, "string", "Increment the integer value of a key by the given amount" },
	{ "info", -1, cmd_info, 0, 0, 0, "server", "Get information and statistics about the server" },
	{ "keys", 2, cmd_keys, 0, 0, 0, "generic", "Find all keys matching the given pattern" },
	{ "memory", -2, cmd_memory, 0, 0, 0, "server", "A container for memory diagnostics commands" },
	{ "mget", -2, cmd_mget, 1, -1, 1, "string", "Get the values of all the given keys" },
	{ "mset", -3, cmd_mset, 1, -1, 2, "string", "Set multiple keys to multiple values" },
	{ "ping", -1, cmd_ping, 0, 0, 0, "connection", "Ping the server" },
	{ "pttl", 2, cmd_pttl, 1, 1, 1, "generic", "Get the time to live for a key in milliseconds" },
	{ "quit", -1, cmd_quit, 0, 0, 0, "connection", "Close the connection" },
	{ "scan", -2, cmd_scan, 0, 0, 0, "generic", "Incrementally iterate the keys space" },
	{ "select", 2, cmd_select, 0, 0, 0, "connection", "Change the selected database for the current connection" },
	{ "set", -3, cmd_set, 1, 1, 1, "string", "Set the string value of a key" },
	{ "shutdown", -1, cmd_shutdown, 0, 0, 0, "server", "Synchronously save the dataset to disk and then shut down the server" },
	{ "strlen", 2, cmd_strlen, 1, 1, 1, "string", "Get the length of the value stored in a key" },
	{ "ttl", 2, cmd_ttl, 1, 1, 1, "generic", "Get the time to live for a key in seconds" },
	{ "type", 2, cmd_type, 1, 1, 1, "generic", "Determine the type stored at key" },
	{ .name = NULL },
};

const struct command *commands_find(const struct redis_arg *name)
{
	for (const struct command *c = commands_table; c->name; c++)
		if (commands_is(name, c->name))
			return c;
	return NULL;
}

/* "unknown command 'foo', with args beginning with: 'a' 'b' ", as Redis 7. */
static void commands_unknown(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	char args[256];
	size_t used = 0;

	args[0] = '\0';
	for (size_t i = 1; i < argc && used < 128; i++) {
		int max = 128 - (int)used;
		int len = argv[i].len < (size_t)max ? (int)argv[i].len : max;

		used += (size_t)snprintf(args + used, sizeof(args) - used,
					 "'%.*s' ", len, argv[i].p);
	}
	reply_errorf(e->out, "ERR unknown command '%.*s', with args beginning with: %s",
		     argv[0].len < 128 ? (int)argv[0].len : 128, argv[0].p, args);
}

bool commands_arity_ok(int arity, size_t argc)
{
	return arity > 0 ? argc == (size_t)arity : argc >= (size_t)-arity;
}

void commands_exec(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	const struct command *c = commands_find(&argv[0]);

	if (!c) {
		commands_unknown(e, argv, argc);
		return;
	}
	if (!commands_arity_ok(c->arity, argc)) {
		reply_errorf(e->out, "ERR wrong number of arguments for '%s' command", c->name);
		return;
	}
	c->fn(e, argv, argc);
}
