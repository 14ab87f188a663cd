/*
 * clock.c - the stressor API's times in seconds as doubles, for the core
 * and stressors alike: the one clock (sk_clock_ns, <stresskit/clock.h>) and rusage
 * times. sk_now stays a function, not an inline, because plugins link it.
 */
#include "clock.h"

#include <stresskit/stressor.h>

#include <sys/time.h>

double sk_now(void)
{
	return (double)sk_clock_ns() / 1e9;
}

double sk_timeval_seconds(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

bool sk_period_due(double *next, double period, double now, double *left)
{
	bool due = now >= *next;

	if (due) {
		*next += period;
		if (*next <= now)
			*next = now + period;
	}
	if (*next - now < *left)
		*left = *next - now;
	return due;
}
