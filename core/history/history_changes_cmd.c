/*
 * history_changes_cmd.c - "stresskit history changes DB [--series N]
 * [--metric KEY] [--last N] [--max-p P] [--min-runs N]": the change
 * points of each KPI line (history_changes.h), each printed as
 *
 *   index 30 (run 31): aaa111 -> bbb222 -9.6% [-10.9%, -8.3%] p=3e-12 changed regression
 *
 * the index in the line, the commits (or runs) either side, compare's
 * change and interval and word over the runs up to the neighbouring
 * change points, and the t-test's p that accepted it. An envelope line
 * (compare's KPI that decides) is read from each run's passes out of the
 * machine's slow stretches; its mean's line is judged beside it.
 *
 * Its exit, for CI, is compare's: 2 when a KPI line's last change point
 * is a regression (the line has regressed since it, and nothing has put
 * it back), else 0; 1 for bad input.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stresskit/stressor.h>

#include "history.h"
#include "history_args.h"
#include "compare_help.h"
#include "history_verdict.h"
#include "log.h"
#include "parse.h"

static void history_changes_print(const struct history_line *l, const struct history_found *f,
				  size_t n, const struct history_args *o)
{
	char b1[32], b2[32];

	printf("%s: %zu change point%s in %zu runs (E-Divisive means, t-test p < %g, "
	       "%zu runs a side)\n", l->key, n, n == 1 ? "" : "s", l->n, o->p.max_p,
	       o->p.min_runs);
	for (size_t i = 0; i < n; i++) {
		const struct compare_verdict *v = &f[i].v;
		const struct history_point *before = &l->p[f[i].c.at - 1], *after = &l->p[f[i].c.at];

		printf("  index %zu (run %lld): %s -> %s %+.1f%% [%+.1f%%, %+.1f%%] p=%.2g %s %s\n",
		       f[i].c.at, after->run, history_point_name(before, b1, sizeof(b1)),
		       history_point_name(after, b2, sizeof(b2)), v->change_pct, v->ci_lo_pct,
		       v->ci_hi_pct, f[i].c.p, compare_word_name(v->word),
		       history_verdict_direction(l, v->change_pct));
	}
}

static int history_changes_main(int argc, char **argv)
{
	struct history_args o;
	struct history_series *sv = NULL;
	struct history_store s;
	size_t ns = 0, lines = 0;
	bool regressed = false;
	int rc;

	if (!history_verb_start(&history_changes_verb, argc, argv, NULL, &o, &s, &rc))
		return rc;
	rc = SK_OK;
	if (history_query_series(&s, &sv, &ns))
		rc = SK_USAGE;
	for (size_t i = 0; rc == SK_OK && i < ns; i++) {
		struct history_line *l = NULL;
		size_t n = 0;

		if (o.series && sv[i].id != (long long)o.series)
			continue;
		if (history_query_lines(&s, sv[i].id, o.metric, false, (size_t)o.last, &l, &n))
			rc = SK_USAGE;
		if (rc == SK_OK && n)
			printf("series %lld: %s on %s\n", sv[i].id, sv[i].job, sv[i].machine);
		for (size_t k = 0; rc == SK_OK && k < n; k++, lines++) {
			struct history_found *f;
			size_t nf;

			if (history_line_changes(&l[k], &o.p, &f, &nf)) {
				log_usage_error("history changes: out of memory");
				rc = SK_NO_RESOURCE;
				break;
			}
			history_changes_print(&l[k], f, nf, &o);
			if (nf && f[nf - 1].v.word == COMPARE_CHANGED &&
			    !strcmp(history_verdict_direction(&l[k], f[nf - 1].v.change_pct),
				    "regression")) {
				printf("  regressed since index %zu: its last change point\n",
				       f[nf - 1].c.at);
				regressed = true;
			}
			free(f);
		}
		history_lines_free(l, n);
	}
	if (rc == SK_OK && !lines) {
		log_usage_error("history changes: %s: no %s%s", o.db, o.metric ? "metric " : "runs",
				o.metric ? o.metric : "");
		rc = SK_USAGE;
	}
	history_series_free(sv, ns);
	history_store_close(&s);
	return rc == SK_OK && regressed ? COMPARE_EXIT_REGRESSION : rc;
}

const struct history_verb history_changes_verb = {
	.name = "changes",
	.rows = HISTORY_ARG_SERIES | HISTORY_ARG_LAST_CP | HISTORY_ARG_METRIC |
		HISTORY_ARG_CHANGES,
	.what = "the change points of each KPI line: E-Divisive means, each kept when\n"
		"Welch's t-test of the runs either side gives p < P (--max-p) and it\n"
		"is compare's floor or more (1%; an envelope's 0.5%), with N runs a\n"
		"side at least (--min-runs); each with the commits either side\n"
		"and compare's change, interval and word; an envelope line leaves\n"
		"out a run 3% below the runs either side (a slow machine)",
	.main = history_changes_main,
};
