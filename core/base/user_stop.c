/*
 * user_stop.c - the user's stop signals (user_stop.h).
 */
#include "user_stop.h"

void user_stop_signals(sigset_t *set)
{
	sigaddset(set, SIGINT);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGHUP);
}
