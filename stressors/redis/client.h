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

#include <stresskit/latency.h>

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

/* What one bench_run does. */
struct bench_phase {
	enum bench_op op;
	double deadline;		/* CLOCK_MONOTONIC seconds */
	uint64_t max_ops;		/* requests to complete; 0: no limit */
	const volatile uint32_t *stop;
	void (*on_done)(void *arg, uint64_t n);	/* n more requests completed */
	void *arg;
	struct sk_latency *lat;		/* each request's latency, ns */
	const volatile uint64_t *lat_from; /* sent before (ns): not timed */
	double rate;			/* requests per second on a schedule; 0: closed loop */
};

/*
 * Runs p->op until p->deadline, until p->max_ops requests completed, or
 * until *p->stop. Requests in flight at the end are waited for, so the
 * next phase starts on quiet connections. *done gets the completed
 * requests; each one's time from its batch's write to its reply goes into
 * p->lat. With p->rate, requests go out when due (schedule.h), as many
 * as are due on each idle connection up to --redis-pipeline, and each
 * one's time runs from when it was due. Returns 0, -EPROTO for an unexpected reply (bench_error says
 * which), -EBADMSG when --verify caught a wrong value, or -errno.
 */
int bench_run(struct bench *b, const struct bench_phase *p, uint64_t *done);

/* What went wrong in the last failed bench_run, for the log. */
const char *bench_error(const struct bench *b);

#endif
