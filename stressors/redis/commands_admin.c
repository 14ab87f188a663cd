/*
 * commands_admin.c - the introspection commands clients send before they
 * start: INFO (a useful subset), CONFIG GET (redis-benchmark asks for save
 * and appendonly), COMMAND, COMMAND COUNT/INFO/DOCS (redis-cli builds its
 * hints from COMMAND DOCS).
 */
#include "commands_int.h"

#include <fnmatch.h>
#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <stresskit/version.h>

/* Clients gate features on redis_version: we speak Redis 7.0's RESP2. */
#define COMMANDS_REDIS_VERSION	"7.0.0"

static bool admin_is(const struct redis_arg *a, const char *word)
{
	size_t n = strlen(word);

	return a->len == n && !strncasecmp(a->p, word, n);
}

/* A NUL-terminated copy of an argument, cut at len-1 bytes. */
static void admin_cstr(const struct redis_arg *a, char *buf, size_t len)
{
	size_t n = a->len < len - 1 ? a->len : len - 1;

	memcpy(buf, a->p, n);
	buf[n] = '\0';
}

static void admin_unknown_sub(struct cmd_env *e, const struct redis_arg *sub,
			      const char *cmd)
{
	reply_errorf(e->out, "ERR unknown subcommand '%.*s'. Try %s HELP.",
		     sub->len < 128 ? (int)sub->len : 128, sub->p, cmd);
}

static bool admin_section(const char *want, const char *name)
{
	return !*want || !strcasecmp(want, "all") || !strcasecmp(want, "default") ||
	       !strcasecmp(want, "everything") || !strcasecmp(want, name);
}

void cmd_info(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	const struct redis_stats *st = e->stats;
	const struct store *s = e->store;
	char want[32] = "", text[2048];
	size_t n = 0;

	if (argc > 2) {
		reply_error(e->out, "ERR syntax error");
		return;
	}
	if (argc == 2)
		admin_cstr(&argv[1], want, sizeof(want));
#define INFO_ADD(...) \
	(n += (size_t)snprintf(text + n, n < sizeof(text) ? sizeof(text) - n : 0, __VA_ARGS__))
	if (admin_section(want, "server"))
		INFO_ADD("# Server\r\nredis_version:%s\r\nstresskit_version:%s\r\n"
			 "redis_mode:standalone\r\narch_bits:%zu\r\nmultiplexing_api:epoll\r\n"
			 "process_id:%ld\r\ntcp_port:%d\r\nuptime_in_seconds:%lld\r\n\r\n",
			 COMMANDS_REDIS_VERSION, STRESSKIT_VERSION, sizeof(void *) * 8,
			 (long)getpid(), st->port,
			 (long long)((store_now_ms() - st->start_ms) / 1000));
	if (admin_section(want, "clients"))
		INFO_ADD("# Clients\r\nconnected_clients:%llu\r\nmaxclients:%llu\r\n\r\n",
			 (unsigned long long)st->clients,
			 (unsigned long long)e->cfg->max_clients);
	if (admin_section(want, "memory")) {
		struct mallinfo2 mi = mallinfo2();

		INFO_ADD("# Memory\r\nused_memory:%zu\r\nused_memory_dataset:%zu\r\n\r\n",
			 mi.uordblks + mi.hblkhd, s->bytes);
	}
	if (admin_section(want, "stats"))
		INFO_ADD("# Stats\r\ntotal_connections_received:%llu\r\n"
			 "total_commands_processed:%llu\r\nrejected_connections:%llu\r\n"
			 "expired_keys:%llu\r\n\r\n",
			 (unsigned long long)st->connections,
			 (unsigned long long)st->commands,
			 (unsigned long long)st->rejected,
			 (unsigned long long)s->expired);
	if (admin_section(want, "keyspace")) {
		INFO_ADD("# Keyspace\r\n");
		if (s->keys)
			INFO_ADD("db0:keys=%zu,expires=%zu,avg_ttl=0\r\n", s->keys, s->expires);
	}
#undef INFO_ADD
	if (n >= sizeof(text))
		n = sizeof(text) - 1;
	/* Redis ends the text without the blank line of the last section */
	while (n >= 4 && !memcmp(text + n - 4, "\r\n\r\n", 4))
		n -= 2;
	reply_bulk(e->out, text, n);
}

/* CONFIG GET pattern...: glob-matched, case-insensitive, as Redis 7. */
void cmd_config(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	const struct server_config *c = e->cfg;
	char port[16], bulk[24], args[24], qbuf[24], clients[24], pat[256];
	const char *table[][2] = {
		{ "appendonly", "no" },
		{ "bind", c->bind },
		{ "client-query-buffer-limit", qbuf },
		{ "databases", "1" },
		{ "maxclients", clients },
		{ "port", port },
		{ "proto-max-bulk-len", bulk },
		{ "proto-max-multibulk-len", args },
		{ "save", "" },
	};
	const size_t n = sizeof(table) / sizeof(table[0]);
	bool hit[sizeof(table) / sizeof(table[0])] = { false };
	long long pairs = 0;

	if (!admin_is(&argv[1], "GET")) {
		admin_unknown_sub(e, &argv[1], "CONFIG");
		return;
	}
	if (argc < 3) {
		reply_error(e->out, "ERR wrong number of arguments for 'config|get' command");
		return;
	}
	snprintf(port, sizeof(port), "%d", e->stats->port);
	snprintf(bulk, sizeof(bulk), "%zu", c->lim.bulk_max);
	snprintf(args, sizeof(args), "%zu", c->lim.args_max);
	snprintf(qbuf, sizeof(qbuf), "%llu", (unsigned long long)c->qbuf_max);
	snprintf(clients, sizeof(clients), "%llu", (unsigned long long)c->max_clients);
	for (size_t a = 2; a < argc; a++) {
		admin_cstr(&argv[a], pat, sizeof(pat));
		for (size_t i = 0; i < n; i++)
			if (!hit[i] && !fnmatch(pat, table[i][0], FNM_CASEFOLD)) {
				hit[i] = true;
				pairs++;
			}
	}
	reply_array(e->out, pairs * 2);
	for (size_t i = 0; i < n; i++)
		if (hit[i]) {
			reply_bulk_str(e->out, table[i][0]);
			reply_bulk_str(e->out, table[i][1]);
		}
}

/* COMMAND INFO's entry, RESP2 shape of Redis 7 (ten fields). */
static void admin_command_info(struct reply *r, const struct command *c)
{
	reply_array(r, 10);
	reply_bulk_str(r, c->name);
	reply_int(r, c->arity);
	reply_array(r, 0);		/* flags */
	reply_int(r, c->first_key);
	reply_int(r, c->last_key);
	reply_int(r, c->key_step);
	reply_array(r, 0);		/* ACL categories */
	reply_array(r, 0);		/* tips */
	reply_array(r, 0);		/* key specs */
	reply_array(r, 0);		/* subcommands */
}

static void admin_command_docs(struct reply *r, const struct command *c)
{
	reply_bulk_str(r, c->name);
	reply_array(r, 6);
	reply_bulk_str(r, "summary");
	reply_bulk_str(r, c->summary);
	reply_bulk_str(r, "since");
	reply_bulk_str(r, "1.0.0");
	reply_bulk_str(r, "group");
	reply_bulk_str(r, c->group);
}

static size_t admin_command_count(void)
{
	size_t n = 0;

	while (commands_table[n].name)
		n++;
	return n;
}

void cmd_command(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	const struct command *c;

	if (argc == 1) {
		reply_array(e->out, (long long)admin_command_count());
		for (c = commands_table; c->name; c++)
			admin_command_info(e->out, c);
	} else if (admin_is(&argv[1], "COUNT") && argc == 2) {
		reply_int(e->out, (long long)admin_command_count());
	} else if (admin_is(&argv[1], "INFO")) {
		if (argc == 2) {
			cmd_command(e, argv, 1);
			return;
		}
		reply_array(e->out, (long long)argc - 2);
		for (size_t i = 2; i < argc; i++) {
			c = commands_find(&argv[i]);
			if (c)
				admin_command_info(e->out, c);
			else
				reply_nil(e->out);
		}
	} else if (admin_is(&argv[1], "DOCS")) {
		long long found = 0;

		for (size_t i = 2; i < argc; i++)
			found += commands_find(&argv[i]) != NULL;
		if (argc == 2) {
			reply_array(e->out, 2 * (long long)admin_command_count());
			for (c = commands_table; c->name; c++)
				admin_command_docs(e->out, c);
			return;
		}
		reply_array(e->out, 2 * found);
		for (size_t i = 2; i < argc; i++)
			if ((c = commands_find(&argv[i])))
				admin_command_docs(e->out, c);
	} else {
		admin_unknown_sub(e, &argv[1], "COMMAND");
	}
}
