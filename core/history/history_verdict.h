/*
 * history_verdict.h - a change point judged as compare judges two sets
 * of runs: the runs of the segment before it as BASE and those after as
 * NEW, each run an invocation joined as A1.json,A2.json,... is (its
 * passes the samples, the segment's own spread of runs the noise), so
 * the change, its interval and the word (changed, unchanged,
 * inconclusive) are compare's, not a second reckoning of them.
 */
#ifndef STRESSKIT_HISTORY_VERDICT_H
#define STRESSKIT_HISTORY_VERDICT_H

#include "compare_method.h"
#include "history_changes.h"
#include "history_query.h"

/* A change point of a line and compare's verdict on it. */
struct history_found {
	struct history_change c;
	size_t from, to;	/* the runs judged: [from, c.at) against [c.at, to) */
	struct compare_verdict v;
};

/*
 * Judges line's runs [s, t) against [t, e), those keep marks (NULL:
 * all), with compare's defaults (holm+range, alpha 0.05, --equivalence
 * 2%) into *v. 0 or -ENOMEM.
 */
int history_verdict_judge(const struct history_line *l, size_t s, size_t t, size_t e,
			  const bool *keep, struct compare_verdict *v);

/* "regression", "improvement" or "change" for a change of the line's metric. */
const char *history_verdict_direction(const struct history_line *l, double change_pct);

/*
 * Runs either side of a run that an envelope line compares it with
 * (history_verdict.c): a run this many runs' median and more below on
 * both sides ran in a slow stretch of the machine.
 */
#define HISTORY_SLOW_AROUND 5

/*
 * The change points of line l (history_changes_find on its runs' means
 * and the variance of each mean from its passes, at compare's floor for
 * the line's row; an envelope line without its runs of slow stretches),
 * each judged against the runs up to its neighbours, into *out (*n;
 * NULL when none). 0 or -ENOMEM.
 */
int history_line_changes(const struct history_line *l, const struct history_changes_params *p,
			 struct history_found **out, size_t *n);

#endif
