/*
 * grace.c - a stop grace that scales with what is runnable. A fixed
 * grace cannot fit every machine: 8192 runnable processes on 2 CPUs need
 * seconds just to each get scheduled once after the stop, and one merely
 * waiting for a CPU is not late. So the grace is a series of windows:
 * another is granted while the last one saw progress, and only a window
 * without any (everyone left ignores the stop) ends it early. A cap of
 * GRACE_WINDOWS_MAX windows bounds the wait whatever happens.
 */
#include "grace.h"

double grace_next(double start, double window, double now, bool progress)
{
	double cap = start + window * GRACE_WINDOWS_MAX;

	if (!progress || window <= 0 || now >= cap)
		return 0;
	return now + window < cap ? now + window : cap;
}
