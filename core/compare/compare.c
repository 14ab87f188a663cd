/*
 * compare.c - "stresskit compare [--method M] BASE.json NEW.json ...": the
 * kernel test robot's table of two or more results files,
 *
 *     base ±%stddev  %change  new ±%stddev  stressor.metric  flag  (detail)
 *
 * one row per key found in BASE and a NEW. Whether a row is flagged is
 * the method's call (compare_method.c: holm by default), which needs 3
 * runs a side (--repeat 3); the metric's direction makes a flagged row an
 * improvement or a regression. Documents run with other options are
 * refused unless --force (compare_options.c).
 * Exit: 0, 1 bad arguments or files or other options, 2 a regression with
 * --fail-on-regression or any change with --fail-on-change.
 */
#include <errno.h>
#include <stdarg.h>
#include <jansson.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compare_help.h"
#include "compare_method.h"
#include "compare_options.h"
#include "compare_profile.h"
#include "compare_environment.h"
#include "parse.h"
#include "log.h"
#include "series_figures.h"
#include "stats.h"
#include <stresskit/stressor.h>
#include <stresskit-builtin.h>

struct compare_side {
	const char *path;
	struct series_set set;
	struct series_set profile;	/* perf-profile rows (compare_profile.h) */
	json_t *doc;
};

/* The command line of compare. */
struct compare_opts {
	enum compare_method method;
	double alpha;
	uint64_t top;		/* --perf-profile-top: rows per family */
	bool force, fail_on_regression, fail_on_change;
};

static int compare_load(struct compare_side *side)
{
	json_error_t jerr;
	json_t *doc;
	char err[256];
	struct stat st;
	FILE *f;
	int rc;

	/* opened here, not by jansson, so a missing file or a directory is
	 * named by its errno rather than as a JSON syntax error */
	f = fopen(side->path, "r");
	if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		f = NULL;
		errno = EISDIR;
	}
	if (!f) {
		log_usage_error("compare: cannot read %s: %s", side->path, strerror(errno));
		return -EINVAL;
	}
	doc = json_loadf(f, 0, &jerr);
	fclose(f);
	if (!doc) {
		log_usage_error("compare: %s: not a JSON document: %s (line %d)", side->path,
				jerr.text, jerr.line);
		return -EINVAL;
	}
	rc = series_from_doc_all(doc, &side->set, err, sizeof(err));
	if (rc) {
		log_usage_error("compare: %s: %s", side->path, err);
		json_decref(doc);
		return rc;
	}

	side->doc = doc;
	return 0;
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

/* Appends to buf at *used, never past len. */
static void compare_append(char *buf, size_t len, size_t *used, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void compare_append(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
	va_list ap;

	if (*used >= len)
		return;
	va_start(ap, fmt);
	*used += (size_t)vsnprintf(buf + *used, len - *used, fmt, ap);
	va_end(ap);
	if (*used >= len)
		*used = len - 1;
}

/*
 * Judges every row of BASE against each NEW: v[(i - 1) * rows + k] is row
 * k against NEW i (STATS_TOO_FEW where NEW i has no such figure), settled
 * per comparison, as holm's correction needs every row's p first.
 */
static void compare_judge(const struct compare_side *sides, size_t n,
			  const struct compare_opts *o, struct compare_verdict *v)
{
	size_t rows = sides[0].set.n;

	for (size_t i = 1; i < n; i++) {
		struct compare_verdict *vi = v + (i - 1) * rows;

		for (size_t k = 0; k < rows; k++) {
			const struct series *b = &sides[0].set.s[k];
			const struct series *s = series_find(&sides[i].set, b->key);

			if (s)
				compare_method_judge(o->method, o->alpha, b->v, b->n, s->v, s->n,
						     &vi[k]);
			else
				vi[k] = (struct compare_verdict){ .verdict = STATS_TOO_FEW,
								  .p = NAN };
		}
		compare_method_family(o->method, o->alpha, vi, rows);
	}
}

/*
 * The header's warning when the runs are too few for the method's
 * promise (alpha, of any row for holm, of each row for the others): the
 * rate an A/A comparison of this many runs is flagged at, when it is
 * above alpha by more than the simulation's error.
 */
static void compare_rate_note(const struct compare_side *sides, size_t n,
			      const struct compare_opts *o, const struct compare_verdict *v)
{
	size_t rows = sides[0].set.n, judged = 0, nb = 0;
	double rate, err;

	for (size_t i = 1; i < n; i++) {
		size_t c = 0;

		for (size_t k = 0; k < rows; k++)
			c += v[(i - 1) * rows + k].verdict != STATS_TOO_FEW;
		judged = c > judged ? c : judged;
		if (!nb || sides[i].set.runs < nb)
			nb = sides[i].set.runs;
	}
	rate = compare_method_aa_rate(o->method, o->alpha, sides[0].set.runs, nb, judged, &err);
	if (!(rate - 2 * err > o->alpha))
		return;
	if (o->method == COMPARE_HOLM)
		printf("note: %zu and %zu runs are too few for holm's promise: an A/A comparison "
		       "flags one of its %zu rows %.1f%% of the time (\u00b1%.1f%%, simulated on "
		       "normal runs), above alpha %g; use --repeat %d\n", sides[0].set.runs, nb,
		       judged, 100 * rate, 100 * err, o->alpha, COMPARE_RECOMMENDED_RUNS);
	else
		printf("note: %zu and %zu runs are too few for %s's promise: an A/A comparison "
		       "flags each row %.1f%% of the time (\u00b1%.1f%%, simulated on normal runs; "
		       "%.1f of its %zu rows), above alpha %g; use --method holm or more runs\n",
		       sides[0].set.runs, nb, compare_method_name(o->method), 100 * rate,
		       100 * err, rate * (double)judged, judged, o->alpha);
}

/*
 * Prints row k with its verdicts v (one per NEW, strided by rows);
 * counts the regressions and the changes flagged. The method's detail
 * closes the row: "(p=0.003, min change 1.2%)", or one per NEW file
 * numbered as the flags are.
 */
static void compare_row(const struct compare_side *sides, size_t n, size_t k,
			const struct compare_opts *o, const struct compare_verdict *v,
			int *regressions, int *changes)
{
	const struct series *base = &sides[0].set.s[k];
	size_t rows = sides[0].set.n;
	struct stats bs, ns;
	char cell[64], flags[256] = "", detail[1024] = "", one[256];
	size_t used = 0, dused = 0;
	bool any = false;

	stats_compute(base->v, base->n, &bs);
	for (size_t i = 1; i < n; i++)
		any |= series_find(&sides[i].set, base->key) != NULL;
	if (!any)
		return;
	series_format_cell(&bs, cell, sizeof(cell));
	printf("%s", cell);
	for (size_t i = 1; i < n; i++) {
		const struct series *s = series_find(&sides[i].set, base->key);
		const struct compare_verdict *vi = &v[(i - 1) * rows + k];

		if (!s) {
			printf(" %26s", "");
			continue;
		}
		stats_compute(s->v, s->n, &ns);
		series_format_cell(&ns, cell, sizeof(cell));
		if (bs.mean != 0)
			printf(" %+9.1f%%%s", vi->change_pct, cell);
		else
			printf(" %10s%s", "", cell);
		compare_method_detail(o->method, vi, one, sizeof(one));
		if (*one && n == 2)
			compare_append(detail, sizeof(detail), &dused, "  (%s)", one);
		else if (*one)
			compare_append(detail, sizeof(detail), &dused, "%s%zu: %s",
				       dused ? "; " : "  (", i, one);
		if (vi->verdict == STATS_CHANGED) {
			const char *w = compare_word(base->direction, vi->change_pct);

			*regressions += !strcmp(w, "regression");
			*changes += 1;
			if (n == 2)
				compare_append(flags, sizeof(flags), &used, "  %s", w);
			else
				compare_append(flags, sizeof(flags), &used, "  %s in %zu", w, i);
		}
	}
	if (dused && n > 2)
		compare_append(detail, sizeof(detail), &dused, ")");
	printf("  %s%s%s\n", base->key, flags, detail);
}

/* --method NAME, --alpha A, --perf-profile-top N (or --NAME=VALUE):
 * returns 1 when taken, -1 on bad input. */
static int compare_valued(int argc, char **argv, int *i, struct compare_opts *o)
{
	static const char *const names[] = { "--method", "--alpha", "--perf-profile-top" };
	const char *arg = argv[*i], *val = NULL;
	size_t k, len;

	for (k = 0; k < 3; k++) {
		len = strlen(names[k]);
		if (!strncmp(arg, names[k], len) && (!arg[len] || arg[len] == '='))
			break;
	}
	if (k == 3)
		return 0;
	if (arg[len] == '=')
		val = arg + len + 1;
	else if (*i + 1 < argc)
		val = argv[++*i];
	if (!val) {
		log_usage_error("compare: %s needs a value", names[k]);
		return -1;
	}
	if (k == 0 && compare_method_parse(val, &o->method)) {
		log_usage_error("compare: invalid --method '%s': expected lkp, ci, welch or bootstrap",
				val);
		return -1;
	}
	if (k == 1 && (parse_percent(val, &o->alpha) || strchr(val, '%') ||
		       !(o->alpha >= 0.0001) || !(o->alpha <= 0.5))) {
		log_usage_error("compare: invalid --alpha '%s': expected a significance "
				"level from 0.0001 to 0.5, like 0.05", val);
		return -1;
	}
	if (k == 2 && (parse_u64(val, &o->top) || o->top < 1 || o->top > PROFILE_TOP_MAX)) {
		log_usage_error("compare: invalid --perf-profile-top '%s': expected rows "
				"per family from 1 to %d", val, PROFILE_TOP_MAX);
		return -1;
	}
	return 1;
}

static void compare_free(struct compare_side *sides, size_t n)
{
	for (size_t j = 0; j < n; j++) {
		series_free(&sides[j].set);
		series_free(&sides[j].profile);
		json_decref(sides[j].doc);
	}
}

static int compare_main(int argc, char **argv)
{
	struct compare_side sides[argc > 0 ? argc : 1];
	struct compare_opts o = { .method = COMPARE_DEFAULT_METHOD,
				  .alpha = COMPARE_DEFAULT_ALPHA, .top = PROFILE_TOP_DEFAULT };
	struct series_set profiles[argc > 0 ? argc : 1];
	struct compare_verdict *v;
	size_t n = 0, few = 0, rows;
	int regressions = 0, changes = 0, rc = SK_OK, taken;
	char rule[256];

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--fail-on-regression")) {
			o.fail_on_regression = true;
		} else if (!strcmp(argv[i], "--fail-on-change")) {
			o.fail_on_change = true;
		} else if (!strcmp(argv[i], "--force")) {
			o.force = true;
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			compare_usage(stdout);
			return SK_OK;
		} else if ((taken = compare_valued(argc, argv, &i, &o))) {
			if (taken < 0)
				return SK_USAGE;
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
			compare_free(sides, i);
			return SK_USAGE;
		}
		few += sides[i].set.runs < STATS_MIN_RUNS;
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
	rows = sides[0].set.n;
	v = calloc((n - 1) * rows + 1, sizeof(*v));
	if (!v) {
		log_usage_error("compare: %s", strerror(ENOMEM));
		compare_free(sides, n);
		return SK_USAGE;
	}
	compare_judge(sides, n, &o, v);
	compare_method_rule(o.method, o.alpha, rule, sizeof(rule));
	printf("method: %s, %s, and |%%change| >= %.0f%%\n",
	       compare_method_name(o.method), rule, STATS_MIN_CHANGE_PCT);
	compare_rate_note(sides, n, &o, v);
	compare_header(sides, n);
	/* the robot's order: the metrics, then perf-stat, then perf-profile */
	for (int stat = 0; stat < 2; stat++)
		for (size_t k = 0; k < rows; k++)
			if (!strstr(sides[0].set.s[k].key, ".perf-stat.") == !stat)
				compare_row(sides, n, k, &o, v, &regressions, &changes);
	free(v);
	for (size_t i = 0; i < n; i++)
		profiles[i] = sides[i].profile;
	compare_profile_print(profiles, n, (size_t)o.top, o.method, o.alpha, &changes);
	if (few) {
		printf("note: changes against a side with fewer than %d runs are not judged (runs:",
		       STATS_MIN_RUNS);
		for (size_t i = 0; i < n; i++)
			printf(" %zu", sides[i].set.runs);
		printf("; use --repeat %d)\n", STATS_MIN_RUNS);
	}
	/* what differs between the runs and the machines, so a change is
	 * read with it */
	for (size_t i = 1; i < n; i++) {
		const json_t *ea = json_object_get(sides[0].doc, "environment");
		const json_t *eb = json_object_get(sides[i].doc, "environment");

		compare_options_notes(sides[0].doc, sides[i].doc, sides[i].path);
		if (ea && eb)
			environment_diff(ea, eb, sides[i].path);
	}
	if ((regressions && o.fail_on_regression) || (changes && o.fail_on_change))
		rc = COMPARE_EXIT_REGRESSION;
	compare_free(sides, n);
	return rc;
}

static const struct subcommand compare_subcommand = {
	.name = "compare",
	.summary = "compare results files (--json) as kernel bots do: %change, \u00b1%stddev",
	.main = compare_main,
};
SUBCOMMAND_REGISTER(compare_subcommand);
