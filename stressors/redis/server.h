/*
 * server.h - the RESP server: one single-threaded epoll loop serving one
 * store, as redis-server does. Used by `stresskit redis-server` and by each
 * instance of the redis stressor.
 */
#ifndef STRESSKIT_REDIS_SERVER_H
#define STRESSKIT_REDIS_SERVER_H

#include <signal.h>
#include <stdint.h>

#include "resp_parse.h"

#define REDIS_QBUF_MAX_DEFAULT		(1024ULL * 1024 * 1024)	/* Redis's 1gb */
#define REDIS_MAX_CLIENTS_DEFAULT	10000

struct server_config {
	const char *bind;		/* address, "127.0.0.1" */
	int port;			/* 0: ephemeral */
	struct resp_limits lim;
	uint64_t qbuf_max;		/* unparsed input held per client */
	uint64_t max_clients;
	int statm_fd;			/* /proc/self/statm of the serving process,
					 * opened before the sandbox; -1: INFO has
					 * no used_memory_rss */
};

/* Defaults: 127.0.0.1:6379 and Redis's limits. */
void server_config_defaults(struct server_config *c);

#define REDIS_OPS_SAMPLES		16

/* What INFO reports. */
struct redis_stats {
	int port;
	int64_t start_ms;
	uint64_t clients;
	uint64_t connections;		/* accepted since start */
	uint64_t rejected;		/* refused: max clients */
	uint64_t commands;
	uint64_t keyspace_hits;		/* reads of a key that was there */
	uint64_t keyspace_misses;	/* and of one that was not */
	/*
	 * instantaneous_ops_per_sec, as Redis figures it: commands a second
	 * between samples taken 100 ms or more apart, averaged over the last
	 * REDIS_OPS_SAMPLES of them.
	 */
	int64_t sample_ms;
	uint64_t sample_commands;
	uint64_t ops_samples[REDIS_OPS_SAMPLES];
	unsigned int ops_next;
};

/*
 * Binds and listens on cfg->bind:cfg->port; returns the socket or -errno:
 * -EINVAL when cfg->bind names no address (a name that does not resolve),
 * -EADDRNOTAVAIL when it is none of this host's. *port gets the port bound
 * (the ephemeral one when cfg->port is 0).
 */
int server_listen(const struct server_config *cfg, int *port);

/*
 * Serves on listening socket lfd until *stop becomes non-zero (checked at
 * least every 100 ms) or a client sends SHUTDOWN. Returns 0, or -errno
 * when the loop itself failed.
 */
int server_serve(const struct server_config *cfg, int lfd,
		 const volatile sig_atomic_t *stop);

/* What server_serve() calls beyond the core's base set, NULL-terminated:
 * the allow-list of `stresskit redis-server` once it listens. */
extern const char *const server_serve_syscalls[];

#endif
