/*
 * schedule.h - --redis-rate's open loop: request i of a phase is due at
 * t0 + i/rate, whatever became of the requests before it, and its latency
 * runs from that due time (wrk2's and memtier's rate limiting), so time a
 * stalled server kept requests from being sent counts against the server
 * instead of vanishing from the samples (coordinated omission).
 */
#ifndef STRESSKIT_REDIS_SCHEDULE_H
#define STRESSKIT_REDIS_SCHEDULE_H

#include <stdint.h>
#include <sys/epoll.h>
#include <time.h>

struct sched {
	double rate;		/* requests per second; 0: closed loop */
	uint64_t t0;		/* ns, CLOCK_MONOTONIC: request 0's due time */
};

/* Starts a schedule of rate requests per second at t0 ns (rate 0: none). */
void sched_start(struct sched *s, double rate, uint64_t t0);

/* When request i is due, ns. */
uint64_t sched_due_at(const struct sched *s, uint64_t i);

/* How many requests are due by now (ns): all of them in a closed loop. */
uint64_t sched_due(const struct sched *s, uint64_t now);

/*
 * On a schedule, the wait until request next is due, at most cap_ns, as a
 * timespec for epoll_pwait2; zero when it is already due.
 */
struct timespec sched_wait(const struct sched *s, uint64_t next, uint64_t now,
			   uint64_t cap_ns);

/*
 * epoll_wait with a ns timeout (epoll_pwait2), so a request goes out when
 * due, not at the next ms; rounded up to a ms where the kernel has no
 * epoll_pwait2 (before 5.11). Returns what epoll_wait returns.
 */
int sched_epoll_wait(int epfd, struct epoll_event *evs, int max, const struct timespec *t);

#endif
