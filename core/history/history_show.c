/*
 * history_show.c - "stresskit history list DB" and "history show DB
 * [--series N] [--metric KEY] [--last N]": a history's series, and each
 * run of a series as a row of text: the mean of its passes, their
 * spread as compare prints it (±%stddev when above 2%), min and max.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stresskit/stressor.h>

#include "history.h"
#include "history_args.h"
#include "history_query.h"
#include "log.h"
#include "parse.h"
#include "series.h"

static int history_list_main(int argc, char **argv)
{
	struct history_series *v;
	struct history_store s;
	struct history_args a;
	size_t n;
	int rc;

	if (!history_verb_start(&history_list_verb, argc, argv, NULL, &a, &s, &rc))
		return rc;
	if (history_query_series(&s, &v, &n)) {
		history_store_close(&s);
		return SK_USAGE;
	}
	printf("%6s %6s  %-12s  %-32s  %s\n", "series", "runs", "options", "machine", "job");
	for (size_t i = 0; i < n; i++)
		printf("%6lld %6lld  %-12.12s  %-32s  %s\n", v[i].id, v[i].runs, v[i].fingerprint,
		       v[i].machine, v[i].job);
	if (!n)
		printf("(no runs yet: stresskit history add %s RESULTS.json)\n", a.db);
	history_series_free(v, n);
	history_store_close(&s);
	return SK_OK;
}

const struct history_verb history_list_verb = {
	.name = "list",
	.what = "the series: machine, job, options fingerprint, runs",
	.main = history_list_main,
};

static void history_show_line(const struct history_series *sr, const struct history_line *l)
{
	char name[64], cell[64], lo[32], hi[32];

	printf("\nseries %lld: %s on %s\n%s%s (%s)\n", sr->id, sr->job, sr->machine, l->key,
	       l->kpi ? " [KPI]" : "", l->direction > 0 ? "higher is better" :
	       l->direction < 0 ? "lower is better" : "neither better");
	printf("%6s  %-16s  %-24s  %6s  %16s  %10s  %10s\n", "run", "commit", "kernel",
	       "passes", "mean ±%stddev", "min", "max");
	for (size_t i = 0; i < l->n; i++) {
		const struct history_point *p = &l->p[i];

		series_format_cell(&p->st, cell, sizeof(cell));
		series_format_value(p->st.min, lo, sizeof(lo));
		series_format_value(p->st.max, hi, sizeof(hi));
		printf("%6lld  %-16.16s  %-24.24s  %6zu  %16s  %10s  %10s\n", p->run,
		       p->commit[0] ? p->commit : "-", p->kernel, p->n, cell, lo, hi);
		(void)name;
	}
}

static int history_show_main(int argc, char **argv)
{
	struct history_series *sv = NULL;
	struct history_store s;
	struct history_args a;
	size_t ns = 0, shown = 0;
	int rc;

	if (!history_verb_start(&history_show_verb, argc, argv, NULL, &a, &s, &rc))
		return rc;
	rc = SK_OK;
	if (history_query_series(&s, &sv, &ns))
		rc = SK_USAGE;
	for (size_t i = 0; rc == SK_OK && i < ns; i++) {
		struct history_line *l;
		size_t n;

		if (a.series && sv[i].id != (long long)a.series)
			continue;
		if (history_query_lines(&s, sv[i].id, a.metric, false, (size_t)a.last, &l, &n))
			rc = SK_USAGE;
		for (size_t k = 0; rc == SK_OK && k < n; k++, shown++)
			history_show_line(&sv[i], &l[k]);
		history_lines_free(l, n);
	}
	if (rc == SK_OK && !shown) {
		log_usage_error("history show: %s: no %s%s%s", a.db, a.metric ? "metric " : "runs",
				a.metric ? a.metric : "", a.series ? " in that series" : "");
		rc = SK_USAGE;
	}
	history_series_free(sv, ns);
	history_store_close(&s);
	return rc;
}

const struct history_verb history_show_verb = {
	.name = "show",
	.rows = HISTORY_ARG_SERIES | HISTORY_ARG_LAST | HISTORY_ARG_METRIC,
	.what = "each run of a series: the mean of its passes, their spread, its\n"
		"commit and kernel; the KPI rows unless --metric",
	.main = history_show_main,
};
