/*
 * status.h - the order of exit statuses (stressor.h's enum sk_status) when
 * several fold into one: instances into a stressor, stressors into a run,
 * runs into a session.
 */
#ifndef STRESSKIT_STATUS_H
#define STRESSKIT_STATUS_H

/* The worse of two statuses: failure beats no-resource beats ... */
int status_worse(int a, int b);

#endif
