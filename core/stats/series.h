/*
 * series.h - a results document read back as series: one list of values
 * per key "stressor.metric", one value per run, in lkp-tests' names
 * (pipe.ops, pipe.ops_per_sec, pipe.MB_per_sec_pipe_write_rate,
 * pipe.perf-stat.context-switches). --repeat's summary and compare both
 * print from these, with the kernel bots' "value ±%stddev" columns.
 */
#ifndef STRESSKIT_SERIES_H
#define STRESSKIT_SERIES_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "stats.h"

enum series_direction {
	SERIES_NEUTRAL = 0,	/* a change is neither good nor bad (perf counts) */
	SERIES_HIGHER_BETTER = 1,
	SERIES_LOWER_BETTER = -1,
};

struct series {
	char *key;
	enum series_direction direction;
	double *v;
	size_t n;
	bool integer;	/* every value was a JSON integer (lkp's rule tells) */
};

struct series_set {
	struct series *s;
	size_t n;
	size_t runs;	/* runs in the document */
};

/*
 * Reads every run of doc. Returns 0, or -EINVAL with one line in err when
 * the document is not a stresskit results document.
 */
int series_from_doc(const json_t *doc, struct series_set *set,
		    char *err, size_t errlen);
/*
 * What a reader adds beyond lkp's figures (series_figures.c): entry is
 * called after each metrics entry's own, name its series name; run after
 * every run's entries, for each run. Each returns 0 or -ENOMEM.
 */
struct series_more {
	int (*entry)(struct series_set *set, const char *name, const json_t *e);
	int (*run)(struct series_set *set, const json_t *run);
};
/* series_from_doc with more's figures too (more: NULL for none). */
int series_read(const json_t *doc, struct series_set *set,
		const struct series_more *more, char *err, size_t errlen);
void series_free(struct series_set *set);

/* Appends v (a number; anything else is "not measured" and skipped) to
 * the series "stressor.metric", made with dir when new; 0 or -ENOMEM. */
int series_push(struct series_set *set, const char *stressor,
		const char *metric, enum series_direction dir, const json_t *v);

const struct series *series_find(const struct series_set *set, const char *key);

/* The mean of key's values over the runs; NAN when the set has none. */
double series_mean(const struct series_set *set, const char *key);

/* A value as lkp-tests prints it: "638671", "0.18", "7.958e+11". */
void series_format_value(double v, char *buf, size_t len);

/* "value ±  3%" or "value" padded: the column lkp-tests prints. */
void series_format_cell(const struct stats *st, char *buf, size_t len);

/*
 * --repeat's summary block: mean ±%stddev, key, and the level% Student-t
 * confidence interval of the mean, per series.
 */
void series_print_summary(const struct series_set *set, double level);

#endif
