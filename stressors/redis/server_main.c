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

/* One --name VALUE pair into cfg; a line on stderr and -EINVAL when bad. */
static int server_main_option(struct server_config *cfg, const char *name,
			      const char *val)
{
	uint64_t v = 0;
	int rc = 0;

	if (!strcmp(name, "--bind")) {
		cfg->bind = val;
		return 0;
	}
	if (!strcmp(name, "--port") || !strcmp(name, "--args-max") ||
	    !strcmp(name, "--max-clients"))
		rc = sk_parse_u64(val, &v);
	else if (!strcmp(name, "--inline-max") || !strcmp(name, "--bulk-max") ||
		 !strcmp(name, "--qbuf-max"))
		rc = sk_parse_size(val, &v);
	else {
		sk_usage_error("redis-server: unknown option %s (see --help)", name);
		return -EINVAL;
	}
	if (rc || (!strcmp(name, "--port") ? v > 65535 : v == 0)) {
		sk_usage_error("redis-server: bad value '%s' for %s", val, name);
		return -EINVAL;
	}
	if (!strcmp(name, "--port"))
		cfg->port = (int)v;
	else if (!strcmp(name, "--args-max"))
		cfg->lim.args_max = v;
	else if (!strcmp(name, "--max-clients"))
		cfg->max_clients = v;
	else if (!strcmp(name, "--inline-max"))
		cfg->lim.inline_max = v;
	else if (!strcmp(name, "--bulk-max"))
		cfg->lim.bulk_max = v;
	else
		cfg->qbuf_max = v;
	return 0;
}

static int server_main(int argc, char **argv)
{
	struct server_config cfg;
	struct sigaction sa;
	bool sandbox = true;
	int lfd, port, rc;

	server_config_defaults(&cfg);
	for (int i = 1; i < argc; i++) {
		char *name = argv[i], *eq = strchr(name, '=');
		const char *val;

		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			server_main_usage(stdout);
			return SK_OK;
		}
		if (!strcmp(argv[i], "--no-sandbox")) {
			sandbox = false;
			continue;
		}
		if (eq) {
			*eq = '\0';
			val = eq + 1;
		} else if (i + 1 < argc && !strncmp(argv[i], "--", 2)) {
			val = argv[++i];
		} else {
			sk_usage_error("redis-server: %s needs a value (see --help)", argv[i]);
			return SK_USAGE;
		}
		if (server_main_option(&cfg, name, val))
			return SK_USAGE;
	}
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
