/*
 * clock.h - the API's one clock: every time a stressor or the core takes
 * (an op's latency, a window's edge, sk_now()) is read from it.
 */
#ifndef STRESSKIT_API_CLOCK_H
#define STRESSKIT_API_CLOCK_H

#include <stdint.h>
#include <time.h>

/*
 * The API's one clock, CLOCK_MONOTONIC in ns (sk_now() is it in seconds):
 * through the vDSO, no syscall on x86 tsc/kvm-clock and arm64. Not rdtsc:
 * the pipe's delivery time is stamped on one CPU and read on another,
 * which needs a clock synchronised across CPUs, and a calibrated TSC adds
 * its own error; sampling one op in N keeps the cost of a read small.
 */
static inline uint64_t sk_clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

#endif
