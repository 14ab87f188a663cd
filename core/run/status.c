/*
 * status.c - how the statuses of instances, stressors and runs fold into
 * one: the order the scheduler, the thread workers and the session share.
 */
#include "status.h"

#include <stresskit/stressor.h>

int status_worse(int a, int b)
{
	/* A torn counter outranks the signal that tore it: the exit code
	 * then says the figures cannot be trusted. */
	static const int rank[] = {
		[SK_OK] = 0, [SK_NOT_IMPLEMENTED] = 1, [SK_NO_RESOURCE] = 2,
		[SK_SIGNALED] = 3, [SK_UNTRUSTWORTHY] = 4, [SK_FAILED] = 5,
		[SK_USAGE] = 6,
	};
	if (a < 0 || a > SK_UNTRUSTWORTHY)
		a = SK_FAILED;
	if (b < 0 || b > SK_UNTRUSTWORTHY)
		b = SK_FAILED;
	return rank[a] >= rank[b] ? a : b;
}
