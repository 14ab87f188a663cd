/*
 * commands_admin.c - the introspection commands clients send before they
 * start: INFO (what redis-cli --stat and monitoring read), CONFIG GET
 * (redis-benchmark asks for save and appendonly), COMMAND, COMMAND
 * COUNT/INFO/DOCS (redis-cli builds its hints from COMMAND DOCS), and
 * MEMORY USAGE (redis-cli --memkeys).
 */
#include "commands_int.h"

#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <stresskit/version.h>

#include "glob.h"

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

void admin_unknown_sub(struct cmd_env *e, const struct redis_arg *sub, const char *cmd)
{
	reply_errorf(e->out, "ERR unknown subcommand '%.*s'. Try %s HELP.",
		     sub->len < 128 ? (int)sub->len : 128, sub->p, cmd);
}

static bool admin_section(const char *want, const char *name)
{
	return !*want || !strcasecmp(want, "all") || !strcasecmp(want, "default") ||
	       !strcasecmp(want, "everything") || !strcasecmp(want, name);
}

/* Redis's used_memory_human: B below 1K, then K, M, G... with 2 decimals. */
static void admin_human(char *buf, size_t len, unsigned long long bytes)
{
	static const char units[] = "KMGTP";
	double v = (double)bytes;
	int u = -1;

	if (bytes < 1024) {
		snprintf(buf, len, "%lluB", bytes);
		return;
	}
	while (v >= 1024 && u < (int)sizeof(units) - 2) {
		v /= 1024;
		u++;
	}
	snprintf(buf, len, "%.2f%c", v, units[u]);
}

/* The resident set from /proc/self/statm's second field, or -1. */
static long long admin_rss(int fd)
{
	char buf[128];
	unsigned long long size, resident;
	ssize_t n = fd < 0 ? -1 : pread(fd, buf, sizeof(buf) - 1, 0);

	if (n <= 0)
		return -1;
	buf[n] = '\0';
	if (sscanf(buf, "%llu %llu", &size, &resident) != 2)
		return -1;
	return (long long)(resident * (unsigned long long)sysconf(_SC_PAGESIZE));
}

static unsigned long long admin_ops_per_sec(const struct redis_stats *st)
{
	unsigned int n = st->ops_next < REDIS_OPS_SAMPLES ? st->ops_next : REDIS_OPS_SAMPLES;
	unsigned long long sum = 0;

	for (unsigned int i = 0; i < n; i++)
		sum += st->ops_samples[i];
	return n ? sum / n : 0;
}

void cmd_info(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	const struct redis_stats *st = e->stats;
	const struct store *s = e->store;
	char want[32] = "", text[4096], human[32];
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
	/* no command blocks a client here: blocked_clients is always 0 */
	if (admin_section(want, "clients"))
		INFO_ADD("# Clients\r\nconnected_clients:%llu\r\nmaxclients:%llu\r\n"
			 "blocked_clients:0\r\n\r\n",
			 (unsigned long long)st->clients,
			 (unsigned long long)e->cfg->max_clients);
	if (admin_section(want, "memory")) {
		struct mallinfo2 mi = mallinfo2();
		size_t used = mi.uordblks + mi.hblkhd;
		long long rss = admin_rss(e->cfg->statm_fd);

		admin_human(human, sizeof(human), used);
		INFO_ADD("# Memory\r\nused_memory:%zu\r\nused_memory_human:%s\r\n", used, human);
		if (rss >= 0) {
			admin_human(human, sizeof(human), (unsigned long long)rss);
			INFO_ADD("used_memory_rss:%lld\r\nused_memory_rss_human:%s\r\n", rss, human);
		}
		/* no limit: values are refused only when malloc fails */
		INFO_ADD("used_memory_dataset:%zu\r\nmaxmemory:0\r\nmaxmemory_human:0B\r\n"
			 "maxmemory_policy:noeviction\r\n\r\n", s->bytes);
	}
	/* nothing is ever saved or loaded */
	if (admin_section(want, "persistence"))
		INFO_ADD("# Persistence\r\nloading:0\r\nrdb_bgsave_in_progress:0\r\n"
			 "aof_enabled:0\r\naof_rewrite_in_progress:0\r\n\r\n");
	if (admin_section(want, "stats"))
		INFO_ADD("# Stats\r\ntotal_connections_received:%llu\r\n"
			 "total_commands_processed:%llu\r\ninstantaneous_ops_per_sec:%llu\r\n"
			 "rejected_connections:%llu\r\nexpired_keys:%llu\r\n"
			 "keyspace_hits:%llu\r\nkeyspace_misses:%llu\r\n\r\n",
			 (unsigned long long)st->connections,
			 (unsigned long long)st->commands, admin_ops_per_sec(st),
			 (unsigned long long)st->rejected,
			 (unsigned long long)s->expired,
			 (unsigned long long)st->keyspace_hits,
			 (unsigned long long)st->keyspace_misses);
	if (admin_section(want, "replication"))
		INFO_ADD("# Replication\r\nrole:master\r\nconnected_slaves:0\r\n\r\n");
	if (admin_section(want, "keyspace")) {
		INFO_ADD("# Keyspace\r\n");
		if (s->keys)
			INFO_ADD("db0:keys=%zu,expires=%zu,avg_ttl=%lld\r\n", s->keys, s->expires,
				 (long long)store_avg_ttl(s, store_now_ms()));
	}
#undef INFO_ADD
	if (n >= sizeof(text))
		n = sizeof(text) - 1;
	/* Redis ends the text without the blank line of the last section */
	while (n >= 4 && !memcmp(text + n - 4, "\r\n\r\n", 4))
		n -= 2;
	reply_bulk(e->out, text, n);
}

/* Whether a CONFIG GET argument is a pattern, as Redis tells: [ * or ?. */
static bool admin_is_glob(const struct redis_arg *a)
{
	for (size_t i = 0; i < a->len; i++)
		if (a->p[i] == '[' || a->p[i] == '*' || a->p[i] == '?')
			return true;
	return false;
}

/*
 * CONFIG GET parameter...: name/value pairs, each parameter once. A
 * pattern matches names case-insensitively and the reply names them as
 * the table does; a plain name is named back as it was asked, as Redis
 * 7.0 does. Redis lists them in its hash table's order, this the table's.
 */
void cmd_config(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	const struct server_config *c = e->cfg;
	char port[16], bulk[24], args[24], qbuf[24], clients[24];
	const char *table[][2] = {
		{ "appendonly", "no" },
		{ "bind", c->bind },
		{ "client-query-buffer-limit", qbuf },
		{ "databases", "1" },
		{ "maxclients", clients },
		{ "maxmemory", "0" },
		{ "maxmemory-policy", "noeviction" },
		{ "port", port },
		{ "proto-max-bulk-len", bulk },
		{ "proto-max-multibulk-len", args },
		{ "save", "" },
	};
	const size_t n = sizeof(table) / sizeof(table[0]);
	/* per parameter: 0 not asked, 1 matched by a pattern, else 2 + the
	 * index of the plain name that asked for it */
	size_t hit[sizeof(table) / sizeof(table[0])] = { 0 };
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
		bool glob = admin_is_glob(&argv[a]);

		for (size_t i = 0; i < n; i++)
			if (!hit[i] && glob_match(argv[a].p, argv[a].len, table[i][0],
						  strlen(table[i][0]), true)) {
				hit[i] = glob ? 1 : 2 + a;
				pairs++;
			}
	}
	reply_array(e->out, pairs * 2);
	for (size_t i = 0; i < n; i++) {
		if (hit[i] == 1)
			reply_bulk_str(e->out, table[i][0]);
		else if (hit[i])
			reply_bulk(e->out, argv[hit[i] - 2].p, argv[hit[i] - 2].len);
		else
			continue;
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

/*
 * MEMORY USAGE key [SAMPLES count]: the options checked as Redis 7.0
 * checks them (a negative count is a syntax error, a repeated SAMPLES
 * the last one's), then nil for a missing key, else the bytes this
 * server's allocator holds for it (store_value_bytes). Redis answers its
 * own objects' jemalloc sizes, so the figures differ (a 5-byte value
 * under a 1-byte key: Redis 64, here 72 on glibc); SAMPLES is for
 * Redis's nested types, and a string has nothing to sample. The other
 * subcommands (DOCTOR, STATS, ...) are not served.
 */
void cmd_memory(struct cmd_env *e, const struct redis_arg *argv, size_t argc)
{
	struct store_value *v;
	long long samples;

	if (!admin_is(&argv[1], "USAGE")) {
		admin_unknown_sub(e, &argv[1], "MEMORY");
		return;
	}
	if (argc < 3) {
		reply_error(e->out, "ERR wrong number of arguments for 'memory|usage' command");
		return;
	}
	for (size_t i = 3; i < argc; i += 2) {
		if (!admin_is(&argv[i], "SAMPLES") || i + 1 >= argc) {
			reply_error(e->out, "ERR syntax error");
			return;
		}
		if (!resp_strtoll(argv[i + 1].p, argv[i + 1].len, &samples)) {
			reply_error(e->out, commands_not_int);
			return;
		}
		if (samples < 0) {
			reply_error(e->out, "ERR syntax error");
			return;
		}
	}
	/* not a read of the value: no keyspace hit or miss, as Redis */
	v = store_get(e->store, argv[2].p, argv[2].len);
	if (v)
		reply_int(e->out, (long long)store_value_bytes(v));
	else
		reply_nil(e->out);
}
