/*
 * history_query.h - a history database read back: its series, a series'
 * metrics, and a metric's line of runs (each run's passes), in the order
 * the runs were added. What list, show, changes and report print from.
 */
#ifndef STRESSKIT_HISTORY_QUERY_H
#define STRESSKIT_HISTORY_QUERY_H

#include <stdbool.h>
#include <stddef.h>

#include "history.h"
#include "history_doc.h"
#include "history_store.h"
#include "stats.h"

struct history_series {
	long long id, runs;
	char machine[256], job[256], fingerprint[HISTORY_HASH_HEX];
	char *options;		/* JSON */
};

/* One run of a line: its passes' values and their summary. */
struct history_point {
	long long run;		/* runs.id */
	long long started;	/* epoch seconds; -1 unknown */
	char commit[HISTORY_LABEL_LEN];	/* the commit label, or "" */
	char kernel[HISTORY_LABEL_LEN];	/* the kernel label, or the run's release */
	double *v;
	size_t n;
	struct stats st;
};

/* One metric of one series over its runs. */
struct history_line {
	long long series, metric;
	char *key;
	bool kpi;
	int direction;		/* enum series_direction */
	struct history_point *p;
	size_t n;
};

/* Every series; 0 or -1 after one line. */
int history_query_series(struct history_store *s, struct history_series **out, size_t *n);
void history_series_free(struct history_series *v, size_t n);

/*
 * The lines of series: only key's when key is not NULL, else the KPI
 * rows (every metric when all), each with its last runs (every run when
 * last is 0). *n may be 0. 0 or -1 after one line.
 */
int history_query_lines(struct history_store *s, long long series, const char *key,
			bool all, size_t last, struct history_line **out, size_t *n);
void history_lines_free(struct history_line *l, size_t n);
/* What one line holds, freed; the line itself is the caller's. */
void history_line_clear(struct history_line *l);

/* What a series' runs ran on: each distinct value, comma-separated. */
struct history_environment {
	char *kernels, *stresskit_versions, *bogo_versions;
	char *latest;		/* the last run's environment, JSON; NULL if none */
};

/* 0 or -1 after one line; free with history_environment_free. */
int history_query_environment(struct history_store *s, long long series,
			      struct history_environment *e);
void history_environment_free(struct history_environment *e);

/* A point's name in a table: its commit, else "run N". */
const char *history_point_name(const struct history_point *p, char *buf, size_t len);

#endif
