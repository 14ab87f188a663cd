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

enum client_op { CLIENT_SET, CLIENT_GET, CLIENT_OPS };

struct client_cfg {
	struct sockaddr_storage addr;
	socklen_t addrlen;
	unsigned clients;
	unsigned pipeline;
	uint64_t data_size;
	uint64_t keyspace;
	bool verify;		/* GET must return what SET stored for the key */
};

struct client;

/* Connects every client. Returns 0 or -errno; *out is freed by client_close. */
int client_open(const struct client_cfg *cfg, struct client **out);
void client_close(struct client *b);

/* What one client_run does. */
struct client_phase {
	enum client_op op;
	double deadline;		/* CLOCK_MONOTONIC seconds */
	uint64_t max_ops;		/* requests to complete; 0: no limit */
	const volatile uint32_t *stop;
	void (*on_done)(void *arg, uint64_t n);	/* n more requests completed */
	void *arg;
	struct sk_latency *lat;		/* each request's latency, ns */
	const volatile uint64_t *window_from; /* sent before (ns): not timed */
	double rate;			/* requests per second on a schedule; 0: closed loop */
	bool (*sending)(void *arg);	/* NULL, or false: send no more (as at the deadline) */
};

/*
 * Runs p->op until p->deadline, until p->max_ops requests completed,
 * until p->sending(p->arg) is false, or until *p->stop. Requests in
 * flight at the end are waited for, so the next phase starts on quiet
 * connections. *done gets the completed requests; each one's time from
 * its batch's write to its reply goes into p->lat. With p->rate,
 * requests go out when due (schedule.h), as many as are due on each idle
 * connection up to --redis-pipeline, and each one's time runs from when
 * it was due. Returns 0, -EPROTO for an unexpected reply (client_error
 * says which), -EBADMSG when --verify caught a wrong value, or -errno.
 */
int client_run(struct client *b, const struct client_phase *p, uint64_t *done);

/* What went wrong in the last failed client_run, for the log. */
const char *client_error(const struct client *b);

#endif
