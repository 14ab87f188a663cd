/*
 * status.h - the order of exit statuses (stressor.h's enum sk_status) when
 * several fold into one: instances into a stressor, stressors into a run,
 * runs into a session.
 */
#ifndef STRESSKIT_STATUS_H
#define STRESSKIT_STATUS_H

/* The worse of two statuses: failure beats no-resource beats ... */
int status_worse(int a, int b);

struct run_result;

/*
 * Says what went wrong with each instance of a finished run (killed late,
 * by a signal, a torn counter) and sets each stressor's status and the
 * run's; grace is the seconds the late ones were given to stop.
 */
void status_judge(struct run_result *res, double grace);

#endif
