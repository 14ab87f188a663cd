/*
 * profile_report.h - one run's perf-profile as people read it: the lines
 * under the metrics table (the top few of each family), and
 * `stresskit --perf-profile-report FILE [--top N]`, which prints a
 * results file's profile in compare's layout (compare_profile.h).
 */
#ifndef STRESSKIT_PROFILE_REPORT_H
#define STRESSKIT_PROFILE_REPORT_H

#include <jansson.h>

/* Rows of each family under the table. */
#define PROFILE_BRIEF_TOP 5

/* The lines under the table for stressor name's "perf-profile" object. */
void profile_report_brief(const char *name, const json_t *prof);

#endif
