/*
 * server_main.c - `stresskit redis-server`: the stressor's RESP server on
 * its own, so redis-cli and redis-benchmark can drive it. Listens on
 * 127.0.0.1:6379 unless told otherwise; SIGINT, SIGTERM or a client's
 * SHUTDOWN stop it cleanly.
 */
#include <stresskit/stressor.h>
#include <stresskit-builtin.h>	/* SUBCOMMAND_REGISTER, sk_sandbox_enter */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "server.h"
#include "store.h"

static volatile sig_atomic_t server_main_stop;

static void server_main_on_signal(int sig)
{
	(void)sig;
	server_main_stop = 1;
}

static void server_main_usage(FILE *f)
{
	fprintf(f,
		"usage: stresskit redis-server [OPTION]...\n"
		"Serves RESP2 from one thread, in memory, one database (0), strings only:\n"
		"PING ECHO SET GET STRLEN DEL EXISTS INCR DECR INCRBY MSET MGET DBSIZE\n"
		"FLUSHALL TTL PTTL TYPE KEYS SCAN SELECT CLIENT ID|GETNAME|SETNAME HELLO\n"
		"INFO CONFIG GET MEMORY USAGE COMMAND QUIT SHUTDOWN. MEMORY USAGE answers\n"
		"the bytes this server's malloc holds for the key, not Redis's jemalloc\n"
		"figure. HELLO 3 (RESP3) gets the NOPROTO error;\n"
		"any other command gets Redis's unknown command error. redis-benchmark\n"
		"stops at its first error, so give it the tests served:\n"
		"  redis-benchmark -t ping,set,get,incr,mset\n"
		"  --port P            TCP port (default 6379; 0: any free port)\n"
		"  --bind ADDR         address to listen on (default 127.0.0.1)\n"
		"  --inline-max SIZE   longest inline command or header line (default 64K)\n"
		"  --bulk-max SIZE     longest bulk string (default 512M)\n"
		"  --args-max N        most arguments in one command (default 1048576)\n"
		"  --qbuf-max SIZE     unparsed input held per client (default 1G)\n"
		"  --max-clients N     connections served at once (default 10000)\n"
		"  --no-sandbox        serve without the seccomp allow-list it loads\n"
		"                      once listening (a blocked call ends the server)\n"
		"On start it prints \"ready to accept connections on ADDR:PORT\"; SIGINT,\n"
		"SIGTERM or SHUTDOWN (any form: nothing is saved) stop it with status 0.\n");
}

/* The command line's values, checked by the option engine. */
struct server_main_opts {
	uint64_t port, inline_max, bulk_max, args_max, qbuf_max, max_clients;
	const char *bind;
	bool no_sandbox;
};

#define SERVER_MAIN_OPT(n, t, field, lo, hi, exp)				\
	{ .name = n, .type = t, .offset = offsetof(struct server_main_opts, field), \
	  .min = lo, .max = hi, .expect = exp }
#define SERVER_MAIN_SIZE "a size in bytes (suffix K, M, G or T), at least 1"
#define SERVER_MAIN_COUNT "a whole number, at least 1"

static const struct stressor_opt server_main_rows[] = {
	SERVER_MAIN_OPT("port", OPT_COUNT, port, 0, 65535,
			"a TCP port from 0 to 65535 (0: any free port)"),
	SERVER_MAIN_OPT("bind", OPT_STRING, bind, 0, 0, NULL),
	SERVER_MAIN_OPT("inline-max", OPT_SIZE, inline_max, 1, SIZE_MAX, SERVER_MAIN_SIZE),
	SERVER_MAIN_OPT("bulk-max", OPT_SIZE, bulk_max, 1, SIZE_MAX, SERVER_MAIN_SIZE),
	SERVER_MAIN_OPT("args-max", OPT_COUNT, args_max, 1, SIZE_MAX, SERVER_MAIN_COUNT),
	SERVER_MAIN_OPT("qbuf-max", OPT_SIZE, qbuf_max, 1, UINT64_MAX, SERVER_MAIN_SIZE),
	SERVER_MAIN_OPT("max-clients", OPT_COUNT, max_clients, 1, UINT64_MAX,
			SERVER_MAIN_COUNT),
	SERVER_MAIN_OPT("no-sandbox", OPT_BOOL, no_sandbox, 0, 1, NULL),
	OPT_TABLE_END
};

/* cfg as the command line says: sk_subcommand_opts' 0, 1 (--help) or
 * -EINVAL (said). */
static int server_main_args(struct server_config *cfg, int argc, char **argv,
			    bool *sandbox)
{
	struct server_main_opts o = {
		.port = (uint64_t)cfg->port, .bind = cfg->bind,
		.inline_max = cfg->lim.inline_max, .bulk_max = cfg->lim.bulk_max,
		.args_max = cfg->lim.args_max, .qbuf_max = cfg->qbuf_max,
		.max_clients = cfg->max_clients,
	};
	int rc = sk_subcommand_opts("redis-server", server_main_rows, &o, argc, argv);

	if (rc)
		return rc;
	cfg->port = (int)o.port;
	cfg->bind = o.bind;
	cfg->lim.inline_max = o.inline_max;
	cfg->lim.bulk_max = o.bulk_max;
	cfg->lim.args_max = o.args_max;
	cfg->qbuf_max = o.qbuf_max;
	cfg->max_clients = o.max_clients;
	*sandbox = !o.no_sandbox;
	return SK_OK;
}

static int server_main(int argc, char **argv)
{
	struct server_config cfg;
	struct sigaction sa;
	bool sandbox;
	int lfd, port, rc;

	server_config_defaults(&cfg);
	rc = server_main_args(&cfg, argc, argv, &sandbox);
	if (rc == 1)
		server_main_usage(stdout);
	if (rc)
		return rc == 1 ? SK_OK : SK_USAGE;
	lfd = server_listen(&cfg, &port);
	if (lfd == -EINVAL || lfd == -EADDRNOTAVAIL) {
		/* an address this host does not have: the user's to fix */
		sk_usage_error("redis-server: --bind %s: %s", cfg.bind,
			       lfd == -EINVAL ? "no such host" : "not an address of this host");
		return SK_USAGE;
	}
	if (lfd < 0) {
		sk_log_fail("redis-server: cannot listen on %s:%d: %s", cfg.bind, cfg.port,
			 strerror(-lfd));
		return lfd == -EADDRINUSE || lfd == -EACCES ? SK_USAGE : SK_NO_RESOURCE;
	}
	/* INFO's used_memory_rss, and the store's library (store.h): the
	 * sandbox will not let either be opened later */
	cfg.statm_fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
	store_library_load();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = server_main_on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	printf("stresskit redis-server: ready to accept connections on %s:%d\n",
	       cfg.bind, port);
	fflush(stdout);
	/* Confined from here: a hostile client can reach only the calls that
	 * serving needs. Accepts queue in the backlog until then. */
	rc = sandbox ? sk_sandbox_enter("redis-server", server_serve_syscalls) : 0;
	if (rc == -ENOSYS) {
		sk_log_warn("redis-server: built without libseccomp, serving unconfined");
	} else if (rc) {
		sk_log_fail("redis-server: cannot load the sandbox: %s", strerror(-rc));
		close(lfd);
		if (cfg.statm_fd >= 0)
			close(cfg.statm_fd);
		return SK_FAILED;
	}
	rc = server_serve(&cfg, lfd, &server_main_stop);
	close(lfd);
	if (cfg.statm_fd >= 0)
		close(cfg.statm_fd);
	if (rc) {
		sk_log_fail("redis-server: event loop failed: %s", strerror(-rc));
		return SK_FAILED;
	}
	printf("stresskit redis-server: stopped\n");
	return SK_OK;
}

static const struct subcommand server_main_cmd = {
	.name    = "redis-server",
	.summary = "serve RESP2 from the redis stressor's store, for redis-cli and redis-benchmark",
	.main    = server_main,
};
SUBCOMMAND_REGISTER(server_main_cmd);
