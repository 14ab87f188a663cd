/*
 * compare.c - "stresskit compare [--method M] BASE.json NEW.json ...": the
 * kernel test robot's table of two or more results files, by default only
 * the rows a method flags, then a verdict line per KPI row. The parts:
 * compare_args.c reads the command line, compare_side.c the files,
 * compare_judge.c judges each row (the method's call, compare_method.c;
 * holm+range by default), compare_notes.c and compare_table.c print, and
 * compare_kpi.c prints the KPI verdicts and settles the exit status.
 * Documents run with other options are refused unless --force
 * (compare_options.c).
 * Exit: 0, 1 bad arguments or files or other options, 2 a KPI regression
 * (or any change with --fail-on-change), 8 an inconclusive KPI row.
 */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stresskit/stressor.h>
#include <stresskit-builtin.h>

#include "compare.h"
#include "compare_environment.h"
#include "compare_help.h"
#include "compare_kpi.h"
#include "compare_noise.h"
#include "compare_options.h"
#include "compare_profile.h"
#include "log.h"
#include "stats.h"

static int compare_run(int argc, char **argv, int *bisect_rc)
{
	struct compare_side sides[argc > 0 ? argc : 1];
	struct compare_opts o = { .p = { .method = compare_method_parse(COMPARE_DEFAULT_METHOD),
					 .alpha = COMPARE_DEFAULT_ALPHA,
					 .drift_pct = COMPARE_DEFAULT_DRIFT_PCT,
					 .equivalence_pct = COMPARE_DEFAULT_EQUIVALENCE_PCT },
				  .top = PROFILE_TOP_DEFAULT };
	struct series_set profiles[argc > 0 ? argc : 1];
	struct compare_verdict *v;
	size_t n = 0, rows;
	int regressions = 0, changes = 0, rc;
	size_t printed;
	char rule[512];
	struct compare_tally tally;
	unsigned sources = 0;

	rc = compare_args(argc, argv, &o, sides, &n);
	if (rc == COMPARE_ARGS_HELP)
		compare_usage(stdout);
	if (rc != SK_OK)
		return rc == COMPARE_ARGS_HELP ? SK_OK : rc;
	for (size_t i = 0; i < n; i++) {
		if (compare_load(&sides[i], o.force)) {
			compare_free(sides, i);
			return SK_USAGE;
		}
	}
	if (o.p.distance > 0 && !(o.p.method->flags & COMPARE_M_LKP)) {
		log_usage_error("compare: --distance is lkp's (--method lkp)");
		compare_free(sides, n);
		return SK_USAGE;
	}
	if (o.drift_given && !(o.p.method->flags & COMPARE_M_DRIFT)) {
		log_usage_error("compare: --drift is holm+range's (the default method)");
		compare_free(sides, n);
		return SK_USAGE;
	}
	{
		const json_t *docs[n];

		for (size_t i = 0; i < n; i++)
			docs[i] = sides[i].doc;
		if (profile_series_from_docs(docs, n, profiles)) {
			log_usage_error("compare: out of memory");
			compare_free(sides, n);
			return SK_NO_RESOURCE;
		}
		for (size_t i = 0; i < n; i++)
			sides[i].profile = profiles[i];
	}
	/* runs made with other options measure another thing: refused first */
	for (size_t i = 1; i < n && !o.force; i++) {
		if (compare_options_differ(sides[0].doc, sides[0].path, sides[i].doc,
					   sides[i].path)) {
			compare_free(sides, n);
			return SK_USAGE;
		}
	}
	if (o.noise_path && !(o.noise = compare_noise_read(o.noise_path, sides[0].doc,
							   sides[0].path, o.force))) {
		compare_free(sides, n);
		return SK_USAGE;
	}
	rows = sides[0].set.n;
	v = calloc((n - 1) * rows + 1, sizeof(*v));
	if (!v) {
		log_usage_error("compare: %s", strerror(ENOMEM));
		json_decref(o.noise);
		compare_free(sides, n);
		return SK_USAGE;
	}
	compare_judge(sides, n, &o, v, &sources);
	compare_method_rule(&o.p, rule, sizeof(rule));
	if (o.p.method->flags & COMPARE_M_LKP)
		printf("method: lkp, %s%s\n", rule, o.p.distance > 0 ? ", in distance mode" : "");
	else
		printf("method: %s, %s, and |%%change| >= %.0f%%\n",
		       compare_method_name(o.p.method), rule, STATS_MIN_CHANGE_PCT);
	compare_noise_line(&o, sources);
	compare_rate_note(sides, n, &o, v);
	compare_few_note(sides, n, &o);
	compare_others_note(sides, n, &o);
	printed = compare_table(sides, n, &o, v, &regressions, &changes);
	compare_kpi_print(sides, n, &o, v, &tally);
	free(v);
	for (size_t i = 0; i < n; i++)
		profiles[i] = sides[i].profile;
	{
		struct profile_print pp = { .top = (size_t)o.top, .p = &o.p, .all = o.all,
					    .verbose = o.verbose, .lkp_keys = o.lkp_keys };

		printed += compare_profile_print(profiles, n, &pp, &changes);
	}
	if (!printed && tally.unchanged == tally.kpis)
		printf("no row changed of %zu compared (--all prints every row)\n", rows);
	else if (!printed)
		printf("no row flagged of %zu compared, but %zu of %zu KPI verdicts inconclusive: "
		       "not a verdict of no change\n", rows, tally.inconclusive, tally.kpis);
	/* what differs between the runs and the machines, so a change is
	 * read with it */
	for (size_t i = 1; i < n; i++) {
		const json_t *ea = json_object_get(sides[0].doc, "environment");
		const json_t *eb = json_object_get(sides[i].doc, "environment");

		compare_options_notes(sides[0].doc, sides[i].doc, sides[i].path);
		if (ea && eb)
			environment_diff(ea, eb, sides[i].path);
	}
	rc = compare_kpi_exit(&o, &tally, regressions, changes);
	*bisect_rc = compare_kpi_bisect(&tally);
	json_decref(o.noise);
	compare_free(sides, n);
	return rc;
}

/*
 * Under --bisect, the verdicts in git bisect run's codes; input compare
 * cannot judge aborts the bisect rather than mark a commit.
 */
static int compare_main(int argc, char **argv)
{
	int bisect_rc = COMPARE_BISECT_ABORT, rc = compare_run(argc, argv, &bisect_rc);

	return compare_args_bisect(argc, argv) ? bisect_rc : rc;
}

static const struct subcommand compare_subcommand = {
	.name = "compare",
	.summary = "compare results files (--json) as kernel bots do: %change, \u00b1%stddev",
	.main = compare_main,
};
SUBCOMMAND_REGISTER(compare_subcommand);
