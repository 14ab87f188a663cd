/*
 * profile_probe.h - what --perf-profile needs of the machine (profile.h).
 */
#ifndef STRESSKIT_PROFILE_PROBE_H
#define STRESSKIT_PROFILE_PROBE_H

#include <stddef.h>

/*
 * 0: the machine can profile, with event ("cycles:pp", "cpu-clock"); -1:
 * it cannot, and why says why in one clause.
 */
int profile_probe(char *event, size_t event_len, char *why, size_t why_len);

#endif
