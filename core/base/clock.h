/*
 * clock.h - the core's clock helpers beside the API's sk_now(): rusage
 * times in seconds, and a periodic deadline.
 */
#ifndef STRESSKIT_CLOCK_H
#define STRESSKIT_CLOCK_H

#include <stdbool.h>
#include <sys/time.h>

/* A struct timeval (rusage times) in seconds. */
double sk_timeval_seconds(const struct timeval *tv);

/*
 * A periodic deadline, from a wait loop: true when *next is due at now,
 * and then *next moves one period on, on its grid (a late wake-up makes
 * one longer period, not a shift of every later one; a wake-up more than
 * a period late starts the grid again from now). Lowers *left to the
 * seconds until *next.
 */
bool sk_period_due(double *next, double period, double now, double *left);

#endif
