/*
 * client.h - the benchmark client, redis-benchmark's model: N connections,
 * each sends a batch of P requests in one write and sends the next batch
 * once all P replies are in. Keys are "key:NNNNNNNNNNNN" drawn at random
 * from the key space, values --redis-data-size bytes of 'x'.
 */
#ifndef STRESSKIT_REDIS_CLIENT_H
#define STRESSKIT_REDIS_CLIENT_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/socket.h>

#include "latency.h"

enum bench_op { BENCH_SET, BENCH_GET, BENCH_OPS };

struct bench_cfg {
	struct sockaddr_storage addr;
	socklen_t addrlen;
	unsigned clients;
	unsigned pipeline;
	uint64_t data_size;
	uint64_t keyspace;
	bool verify;		/* GET must return what SET stored for the key */
};

struct bench;

/* Connects every client. Returns 0 or -errno; *out is freed by bench_close. */
int bench_open(const struct bench_cfg *cfg, struct bench **out);
void bench_close(struct bench *b);

/*
 * Runs op until monotonic time deadline, until max_ops requests completed
 * (0: no limit), or until *stop. Requests in flight at the end are waited
 * for, so the next phase starts on quiet connections. *done gets the
 * completed requests, on_done(arg, n) is called as they complete, and lat
 * collects their latencies. Returns 0, -EPROTO for an unexpected reply
 * (errmsg says which), -EBADMSG when --verify caught a wrong value, or
 * -errno.
 */
int bench_run(struct bench *b, enum bench_op op, double deadline, uint64_t max_ops,
	      const volatile uint32_t *stop, void (*on_done)(void *arg, uint64_t n),
	      void *arg, struct latency *lat, uint64_t *done);

/* What went wrong in the last failed bench_run, for the log. */
const char *bench_error(const struct bench *b);

#endif
