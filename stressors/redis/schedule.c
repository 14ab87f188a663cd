/*
 * schedule.c - the due times of --redis-rate's requests. A due time is
 * computed from the request's index, not from the previous send, so a
 * late send never shifts the requests after it: the schedule is the
 * load asked for, and lateness is latency.
 */
#include "schedule.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>

void sched_start(struct sched *s, double rate, uint64_t t0)
{
	s->rate = rate;
	s->t0 = t0;
}

uint64_t sched_due_at(const struct sched *s, uint64_t i)
{
	return s->t0 + (uint64_t)((double)i * 1e9 / s->rate);
}

uint64_t sched_due(const struct sched *s, uint64_t now)
{
	if (s->rate <= 0)
		return UINT64_MAX;
	if (now < s->t0)
		return 0;
	/* request i is due once t0 + i/rate <= now: indices 0 .. floor() */
	return (uint64_t)floor((double)(now - s->t0) * s->rate / 1e9) + 1;
}

struct timespec sched_wait(const struct sched *s, uint64_t next, uint64_t now,
			   uint64_t cap_ns)
{
	uint64_t at = sched_due_at(s, next);
	uint64_t ns = at > now ? at - now : 0;

	if (ns > cap_ns)
		ns = cap_ns;
	return (struct timespec){ .tv_sec = (time_t)(ns / 1000000000u),
				  .tv_nsec = (long)(ns % 1000000000u) };
}

int sched_epoll_wait(int epfd, struct epoll_event *evs, int max, const struct timespec *t)
{
	static bool sched_no_pwait2;
	int n;

	if (!sched_no_pwait2) {
		n = epoll_pwait2(epfd, evs, max, t, NULL);
		if (n >= 0 || errno != ENOSYS)
			return n;
		sched_no_pwait2 = true;
	}
	return epoll_wait(epfd, evs, max,
			  (int)(t->tv_sec * 1000 + (t->tv_nsec + 999999) / 1000000));
}
