/*
 * environment.h - the fingerprint of the machine a result was measured
 * on: what makes two results comparable or not (kernel and its command
 * line, CPU, microcode, SMT, cpufreq, boost, THP, autogroup, mitigations,
 * clocksource, load, memory, virtualisation and container hints,
 * stresskit's version).
 * Everything comes from /proc and /sys as they read at the start; a file
 * that is absent is null, never a guess.
 */
#ifndef STRESSKIT_ENVIRONMENT_H
#define STRESSKIT_ENVIRONMENT_H

#include <jansson.h>
#include <stdio.h>

/* The "environment" mapping of a results document, or NULL on ENOMEM. */
json_t *environment_capture(void);

#endif
