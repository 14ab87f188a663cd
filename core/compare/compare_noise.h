/*
 * compare_noise.h - how far one invocation of a side drifts from the
 * machine's mean, which its passes alone do not show: measured by
 * "stresskit calibrate" (a noise profile, compare --noise), or by the
 * side itself when it joins 3 or more invocations (A1.json,A2.json,...);
 * else the --drift allowance stands.
 */
#ifndef STRESSKIT_COMPARE_NOISE_H
#define STRESSKIT_COMPARE_NOISE_H

#include <jansson.h>
#include <stdbool.h>

#include "compare.h"

/* The fewest invocations a side's own spread is read from. */
#define COMPARE_NOISE_MIN_FILES 3

/*
 * Reads a noise profile for BASE's document: NULL after one line when
 * it cannot be read, is not a profile, or was measured with other run
 * options than BASE's (unless force: a profile of another job measures
 * another noise).
 */
json_t *compare_noise_read(const char *path, const json_t *base, const char *base_path,
			   bool force);

/* Where a row's between-invocation spread comes from. */
enum compare_noise_source {
	COMPARE_NOISE_DRIFT,	/* nothing measured: --drift */
	COMPARE_NOISE_PROFILE,
	COMPARE_NOISE_DOCUMENTS,
};

/*
 * Sets s->between_known and s->between_pct for the row key of side:
 * from the side's own documents when it joins COMPARE_NOISE_MIN_FILES or
 * more with the row in every run, else from the profile's row (noise may
 * be NULL), else leaves the drift. Returns which it used.
 */
enum compare_noise_source compare_noise_between(const struct compare_side *side,
						const json_t *noise, const char *key,
						struct compare_sample *s);

#endif
