/*
 * user_stop.h - the signals a user stops stresskit with: Ctrl-C
 * (SIGINT), kill (SIGTERM) and a closed terminal (SIGHUP). Every wait
 * that must end at a user's stop (a run's controller, the passes run in
 * processes of their own, calibrate's invocations, each instance) takes
 * this one list.
 */
#ifndef STRESSKIT_USER_STOP_H
#define STRESSKIT_USER_STOP_H

#include <signal.h>

/* Adds the user's stop signals to set. */
void user_stop_signals(sigset_t *set);

#endif
