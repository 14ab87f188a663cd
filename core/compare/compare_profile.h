/*
 * compare_profile.h - the perf-profile half of the kernel test robot's
 * report (profile.h makes the figures): rows in percent of samples, the
 * change in percentage points (-73.3), not %change,
 *
 *     base ±%stddev   change   new ±%stddev  NAME.perf-profile.FAMILY.EVENT.KEY
 *
 * sorted by the size of the change, the top N of each family of each
 * stressor. A key below the floor in a run that has a profile counts 0
 * there, as the robot's 73.32 -> 0.00 does; a run without a profile
 * counts nothing.
 */
#ifndef STRESSKIT_COMPARE_PROFILE_H
#define STRESSKIT_COMPARE_PROFILE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "compare_method.h"
#include "series.h"

/* Rows of each family shown by default (compare --perf-profile-top N). */
#define PROFILE_TOP_DEFAULT 10
#define PROFILE_TOP_MAX 100000

/*
 * The perf-profile series of docs[i] into sets[i]: "NAME.perf-profile.
 * FAMILY.EVENT.KEY", each key any of the documents holds (so a side
 * whose runs all lack it has its zeros). 0 or -ENOMEM (no set kept).
 */
int profile_series_from_docs(const json_t *const *docs, size_t n,
			     struct series_set *sets);

/* How the section is printed: compare's options. */
struct profile_print {
	size_t top;				/* rows per family */
	const struct compare_params *p;		/* the method */
	bool all;				/* every row, not only those flagged */
	bool verbose;				/* unused: a profile row has no detail yet */
	bool lkp_keys;				/* the robot's names: perf-profile.FAMILY... */
};

/*
 * Prints the section for BASE sets[0] and NEW sets[1..n-1], judged as
 * compare judges its other rows; counts the changes flagged (a profile
 * has no better or worse direction). Prints nothing when no side has a
 * profile, or, without all, when no row is flagged. Returns the rows
 * printed.
 */
size_t compare_profile_print(const struct series_set *sets, size_t n,
			     const struct profile_print *pp, int *changes);

/* One file's profile: each key's mean ±%stddev, largest first, top per family. */
void compare_profile_report(const struct series_set *set, size_t top);

#endif
