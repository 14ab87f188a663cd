/*
 * confidence.h - the confidence of repeated passes (--repeat N,
 * --repeat-until PCT): per stressor, the mean of ops/s over the passes
 * with its Student-t confidence interval, the sample stddev, min and max,
 * printed under the summary and kept in the results document; and
 * --repeat-until's test of whether every interval is narrow enough.
 * They read the passes from the results document (results.h).
 */
#ifndef STRESSKIT_CONFIDENCE_H
#define STRESSKIT_CONFIDENCE_H

#include <jansson.h>
#include <stdbool.h>

#include "stats.h"

/* The fewest passes --repeat-until judges. */
#define CONFIDENCE_MIN_PASSES 3

/*
 * Entry e of doc's passes (its e-th stressor): the interval of its ops/s
 * at level percent. Returns 0, or -EINVAL when fewer than 2 passes have it.
 */
int confidence_entry(const json_t *doc, size_t e, double level,
		     struct stats_ci *ci, const char **name);

/* The lines under --repeat's summary: one per stressor. */
void confidence_report(const json_t *doc, double level);

/*
 * --repeat-until: true when doc has at least CONFIDENCE_MIN_PASSES passes
 * and every stressor's half-width is within pct% of its mean: of the
 * figure its verdict is read from, the envelope of its ops/s over the
 * passes out of the machine's slow stretches (at least
 * CONFIDENCE_MIN_PASSES of them), or its ops/s where it has no envelope.
 * Prints one info line with each stressor's half-width once there are 2
 * passes.
 */
bool confidence_reached(const json_t *doc, double level, double pct);

/*
 * After results_finish(): a "confidence" mapping (ops/s) and a
 * "confidence-intervals" mapping (every figure of --repeat's summary) in
 * each top-level metrics entry, and the top-level "repeat" mapping (passes, level, and
 * with --repeat-until its target, limit, whether it was reached and why
 * the passes stopped: "target-reached", "max-passes" or "interrupted").
 * until_pct 0: no --repeat-until. Returns 0 or -ENOMEM.
 */
int confidence_to_doc(json_t *doc, double level, double until_pct,
		      unsigned max_passes, bool reached);

#endif
