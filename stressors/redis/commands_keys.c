/*
 * commands_keys.c - the commands that look at keys rather than values:
 * TTL and PTTL (what expiry a key has), TYPE, KEYS and SCAN (which keys
 * there are). Replies and error texts are Redis 7.0's; the order keys
 * come in is the store's order of creation, where Redis's is its hash
 * table's (a client may rely on neither).
 */
#include "commands_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glob.h"

/* TTL and PTTL: -2 no such key, -1 no expiry, else what is left. */
static void keys_ttl(struct cmd_env *e, const struct redis_arg *key, bool ms)
{
	struct store_value *v = commands_lookup(e, key);
	int64_t left;

	if (!v) {
		reply_int(e->out, -2);
		return;
	}
	if (!v->expire_ms) {
		reply_int(e->out, -1);
		return;
	}
	left = v->expire_ms - store_now_ms();
	if (left < 0)
		left = 0;
	/* seconds are rounded to the nearest, as Redis rounds them */
	reply_int(e->out, ms ? left : (left + 500) / 1000);
}

void cmd_ttl(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	(void)argc;
	keys_ttl(e, &argv[1], false);
}

void cmd_pttl(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	(void)argc;
	keys_ttl(e, &argv[1], true);
}

void cmd_type(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	(void)argc;
	/* strings are the one type this store holds */
	reply_status(e->out, commands_lookup(e, &argv[1]) ? "string" : "none");
}

/* Whether v is live at now and its key matches pat (NULL: any). */
static bool keys_wanted(const struct store_value *v, int64_t now,
			const struct redis_arg *pat)
{
	if (v->expire_ms && v->expire_ms <= now)
		return false;
	return !pat || glob_match(pat->p, pat->len, store_key(v), v->klen, false);
}

/*
 * The keys gathered in a reply of their own, sent behind their count:
 * the count is known only at the end. A failed allocation fails the
 * connection's reply as any other would.
 */
static void keys_send(struct cmd_env *e, struct reply *keys, long long n)
{
	if (keys->oom)
		e->out->oom = true;
	else {
		reply_array(e->out, n);
		reply_raw(e->out, keys->buf, keys->len);
	}
	reply_free(keys);
}

void cmd_keys(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	const struct redis_arg *pat = &argv[1];
	struct reply keys = { 0 };
	int64_t now = store_now_ms();
	long long n = 0;

	(void)argc;
	if (pat->len == 1 && pat->p[0] == '*')
		pat = NULL;
	for (const struct store_value *v = e->store->all; v; v = v->next)
		if (keys_wanted(v, now, pat)) {
			reply_bulk(&keys, store_key(v), v->klen);
			n++;
		}
	keys_send(e, &keys, n);
}

/* SCAN's cursor as Redis reads it: strtoul's, no leading space, no junk
 * (and so "" is 0). */
static bool keys_cursor(const struct redis_arg *a, uint64_t *cursor)
{
	char buf[64], *end;

	if (a->len >= sizeof(buf))
		return false;
	memcpy(buf, a->p, a->len);
	buf[a->len] = '\0';
	if (buf[0] == ' ' || (buf[0] >= '\t' && buf[0] <= '\r'))
		return false;
	errno = 0;
	*cursor = strtoull(buf, &end, 10);
	return !*end && errno != ERANGE;
}

/*
 * SCAN cursor [MATCH pattern] [COUNT count] [TYPE type]: at most count
 * keys looked at a call (10 by default, as Redis); the cursor is the place
 * in the store's order to go on from (store_walk), 0 once every key was.
 */
void cmd_scan(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	const struct redis_arg *pat = NULL, *type = NULL;
	struct reply keys = { 0 };
	uint64_t at, peek;
	int64_t now = store_now_ms();
	long long count = 10, n = 0;
	char next[24];
	int len;

	if (!keys_cursor(&argv[1], &at)) {
		reply_error(e->out, "ERR invalid cursor");
		return;
	}
	for (size_t i = 2; i < argc; i += 2) {
		if (i + 1 >= argc) {
			reply_error(e->out, "ERR syntax error");
			return;
		}
		if (commands_is(&argv[i], "COUNT")) {
			if (!resp_strtoll(argv[i + 1].p, argv[i + 1].len, &count)) {
				reply_error(e->out, commands_not_int);
				return;
			}
			if (count < 1) {
				reply_error(e->out, "ERR syntax error");
				return;
			}
		} else if (commands_is(&argv[i], "MATCH")) {
			pat = &argv[i + 1];
		} else if (commands_is(&argv[i], "TYPE")) {
			type = &argv[i + 1];
		} else {
			reply_error(e->out, "ERR syntax error");
			return;
		}
	}
	if (pat && pat->len == 1 && pat->p[0] == '*')
		pat = NULL;
	for (long long i = 0; i < count; i++) {
		const struct store_value *v = store_walk(e->store, &at);

		if (!v) {
			at = 0;
			break;
		}
		/* every key is a string: another type matches none */
		if ((!type || commands_is(type, "string")) && keys_wanted(v, now, pat)) {
			reply_bulk(&keys, store_key(v), v->klen);
			n++;
		}
	}
	/* nothing left after this page: the walk ends here, not one call later */
	peek = at;
	if (at && !store_walk(e->store, &peek))
		at = 0;
	len = snprintf(next, sizeof(next), "%llu", (unsigned long long)at);
	reply_array(e->out, 2);
	reply_bulk(e->out, next, (size_t)len);
	keys_send(e, &keys, n);
}
