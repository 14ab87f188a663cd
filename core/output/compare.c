/*
 * compare.c - "stresskit compare BASE.json NEW.json [NEW2.json ...]": the
 * kernel test robot's table of two or more results files,
 *
 *     base ±%stddev  %change  new ±%stddev  stressor.metric
 *
 * one row per key found in BASE and a NEW. A row is flagged only when the
 * change is at least 1% and each side's median lies outside the other
 * side's range, which needs 3 runs a side (--repeat 3); the metric's
 * direction makes a flagged row an improvement or a regression.
 * Exit: 0, 1 bad arguments or files, 2 a regression with --fail-on-regression.
 */
#include <errno.h>
#include <jansson.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "environment.h"
#include "log.h"
#include "series.h"
#include "stats.h"
#include <stresskit/stressor.h>

/* --fail-on-regression's exit code: stress-ng's "a stressor failed". */
#define COMPARE_EXIT_REGRESSION SK_FAILED

struct compare_side {
	const char *path;
	struct series_set set;
	json_t *env;		/* the document's "environment", or NULL */
};

static void compare_usage(FILE *f)
{
	fprintf(f, "usage: stresskit compare [--fail-on-regression] BASE.json NEW.json [NEW2.json ...]\n\n"
		   "Compares results files written by --json, as kernel bots do: each\n"
		   "stressor.metric's mean over runs with \u00b1%%stddev (population, shown\n"
		   "above %.0f%%) and the %%change from BASE. A row is flagged improvement or\n"
		   "regression only when |%%change| >= %.0f%% and each side's median lies\n"
		   "outside the other side's range; that needs %d runs a side (--repeat %d).\n\n"
		   "exit codes: 0 done, 1 bad arguments or files,\n"
		   "%d a regression (only with --fail-on-regression)\n",
		   STATS_SHOW_STDDEV_PCT, STATS_MIN_CHANGE_PCT, STATS_MIN_RUNS,
		   STATS_MIN_RUNS, COMPARE_EXIT_REGRESSION);
}

static int compare_load(struct compare_side *side)
{
	json_error_t jerr;
	json_t *doc = json_load_file(side->path, 0, &jerr);
	char err[256];
	int rc;

	if (!doc) {
		log_usage_error("compare: cannot read %s: %s (line %d)", side->path,
				jerr.text, jerr.line);
		return -EINVAL;
	}
	rc = series_from_doc(doc, &side->set, err, sizeof(err));
	side->env = json_incref(json_object_get(doc, "environment"));
	json_decref(doc);
	if (rc)
		log_usage_error("compare: %s: %s", side->path, err);
	return rc;
}

/* The column heading: a file's name, cut to the column as lkp cuts commits. */
static void compare_label(const char *path, char *out, size_t width)
{
	char tmp[4096];

	snprintf(tmp, sizeof(tmp), "%s", path);
	snprintf(out, width + 1, "%s", basename(tmp));
}

static void compare_header(const struct compare_side *sides, size_t n)
{
	char label[32];

	compare_label(sides[0].path, label, 16);
	printf("%-16s", label);
	for (size_t i = 1; i < n; i++) {
		compare_label(sides[i].path, label, 26);
		printf(" %-26s", label);
	}
	printf("\n----------------");
	for (size_t i = 1; i < n; i++)
		printf(" --------------------------");
	printf("\n         %%stddev");
	for (size_t i = 1; i < n; i++)
		printf("     %%change         %%stddev");
	printf("\n             \\  ");
	for (size_t i = 1; i < n; i++)
		printf("        |                \\  ");
	printf("\n");
}

static const char *compare_word(enum series_direction dir, double change)
{
	if (dir == SERIES_NEUTRAL)
		return "changed";
	return (change > 0) == (dir == SERIES_HIGHER_BETTER) ?
	       "improvement" : "regression";
}

/* Prints one key's row; returns the number of regressions flagged. */
static int compare_row(const struct compare_side *sides, size_t n,
		       const struct series *base)
{
	struct stats bs, ns;
	char cell[64], flags[256] = "";
	size_t used = 0;
	bool any = false;
	int regressions = 0;

	stats_compute(base->v, base->n, &bs);
	for (size_t i = 1; i < n; i++)
		any |= series_find(&sides[i].set, base->key) != NULL;
	if (!any)
		return 0;
	series_format_cell(&bs, cell, sizeof(cell));
	printf("%s", cell);
	for (size_t i = 1; i < n; i++) {
		const struct series *s = series_find(&sides[i].set, base->key);
		double change;

		if (!s) {
			printf(" %26s", "");
			continue;
		}
		stats_compute(s->v, s->n, &ns);
		change = stats_change_pct(&bs, &ns);
		series_format_cell(&ns, cell, sizeof(cell));
		if (bs.mean != 0)
			printf(" %+9.1f%%%s", change, cell);
		else
			printf(" %10s%s", "", cell);
		if (stats_judge(&bs, &ns) == STATS_CHANGED) {
			const char *w = compare_word(base->direction, change);

			regressions += !strcmp(w, "regression");
			if (n == 2)
				used += (size_t)snprintf(flags + used, sizeof(flags) - used,
							 "  %s", w);
			else
				used += (size_t)snprintf(flags + used, sizeof(flags) - used,
							 "  %s in %zu", w, i);
			if (used >= sizeof(flags))
				used = sizeof(flags) - 1;
		}
	}
	printf("  %s%s\n", base->key, flags);
	return regressions;
}

static int compare_main(int argc, char **argv)
{
	struct compare_side sides[argc > 0 ? argc : 1];
	bool fail_on_regression = false;
	size_t n = 0, few = 0;
	int regressions = 0, rc = SK_OK;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--fail-on-regression")) {
			fail_on_regression = true;
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			compare_usage(stdout);
			return SK_OK;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			log_usage_error("compare: unknown option %s (see stresskit compare --help)",
					argv[i]);
			return SK_USAGE;
		} else {
			sides[n++] = (struct compare_side){ .path = argv[i] };
		}
	}
	if (n < 2) {
		log_usage_error("compare: needs BASE.json and at least one NEW.json "
				"(see stresskit compare --help)");
		return SK_USAGE;
	}
	for (size_t i = 0; i < n; i++) {
		if (compare_load(&sides[i])) {
			for (size_t j = 0; j < i; j++) {
				series_free(&sides[j].set);
				json_decref(sides[j].env);
			}
			return SK_USAGE;
		}
		few += sides[i].set.runs < STATS_MIN_RUNS;
	}
	compare_header(sides, n);
	for (size_t k = 0; k < sides[0].set.n; k++)
		regressions += compare_row(sides, n, &sides[0].set.s[k]);
	if (few) {
		printf("note: changes against a side with fewer than %d runs are not judged (runs:",
		       STATS_MIN_RUNS);
		for (size_t i = 0; i < n; i++)
			printf(" %zu", sides[i].set.runs);
		printf("; use --repeat %d)\n", STATS_MIN_RUNS);
	}
	/* what differs between the machines, so a change is read with it */
	for (size_t i = 1; i < n; i++)
		if (sides[0].env && sides[i].env)
			environment_diff(sides[0].env, sides[i].env, sides[i].path);
	if (regressions && fail_on_regression)
		rc = COMPARE_EXIT_REGRESSION;
	for (size_t i = 0; i < n; i++) {
		series_free(&sides[i].set);
		json_decref(sides[i].env);
	}
	return rc;
}

static const struct subcommand compare_subcommand = {
	.name = "compare",
	.summary = "compare results files (--json) as kernel bots do: %change, \u00b1%stddev",
	.main = compare_main,
};
SUBCOMMAND_REGISTER(compare_subcommand);
