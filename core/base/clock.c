/*
 * clock.c - the two clocks of the stressor API: CLOCK_MONOTONIC and rusage
 * times, in seconds as doubles, for the core and stressors alike.
 */
#include "clock.h"

#include <stresskit/stressor.h>

#include <sys/time.h>
#include <time.h>

double sk_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double sk_timeval_seconds(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}
