/*
 * profile_brief.h - one run's perf-profile under its metrics table: the
 * top few keys of each family (profile_brief.c). The whole profile of a
 * results file is `stresskit --perf-profile-report FILE` (compare/).
 */
#ifndef STRESSKIT_PROFILE_BRIEF_H
#define STRESSKIT_PROFILE_BRIEF_H

#include <jansson.h>

/* Rows of each family under the table. */
#define PROFILE_BRIEF_TOP 5

/* The lines under the table for stressor name's "perf-profile" object. */
void profile_brief_print(const char *name, const json_t *prof);

#endif
