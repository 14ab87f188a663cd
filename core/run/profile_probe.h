/*
 * profile_probe.h - what --perf-profile needs of the machine (profile.h).
 */
#ifndef STRESSKIT_PROFILE_PROBE_H
#define STRESSKIT_PROFILE_PROBE_H

#include <stddef.h>

enum { PROFILE_PROBE_FULL, PROFILE_PROBE_USER };

/*
 * PROFILE_PROBE_FULL: the machine can profile every CPU, kernel and user,
 * with event ("cycles:pp", "cpu-clock"). PROFILE_PROBE_USER: only the
 * user's own processes in user space, with event ("cycles:u",
 * "cpu-clock:u"); why says in one clause what a full profile needs.
 * -1: it cannot profile, and why says why in one clause.
 */
int profile_probe(char *event, size_t event_len, char *why, size_t why_len);

#endif
