/*
 * clock.h - the core's clock helper beside the API's sk_now(): rusage
 * times in seconds.
 */
#ifndef STRESSKIT_CLOCK_H
#define STRESSKIT_CLOCK_H

#include <sys/time.h>

/* A struct timeval (rusage times) in seconds. */
double sk_timeval_seconds(const struct timeval *tv);

#endif
