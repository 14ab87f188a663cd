/*
 * compare.c - "stresskit compare [--method M] BASE.json NEW.json ...": the
 * kernel test robot's table of two or more results files,
 *
 *     base ±%stddev  %change  new ±%stddev  stressor.metric  flag  [(detail)]
 *
 * by default only the rows a method flags, as the robot reports them:
 * the KPIs, the other metrics, perf-stat, then perf-profile; --all prints
 * every row found in BASE and a NEW, -v the statistics behind each
 * verdict. A key some files lack is listed as such, never dropped.
 * Whether a row is flagged is the method's call (compare_method.c:
 * holm+range by default); the metric's direction makes a flagged row an
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

#include "compare.h"
#include "compare_environment.h"
#include "compare_help.h"
#include "compare_kpi.h"
#include "compare_method.h"
#include "compare_noise.h"
#include "compare_options.h"
#include "compare_profile.h"
#include "json_file.h"
#include "lkp_keys.h"
#include "log.h"
#include "parse.h"
#include "run_mode.h"
#include "series_figures.h"
#include "stats.h"
#include <stresskit/stressor.h>
#include <stresskit-builtin.h>

/* One results file as a document; NULL after one line when unreadable. */
static json_t *compare_read(const char *path)
{
	char err[512];
	json_t *doc = json_file_load(path, err, sizeof(err));

	if (!doc)
		log_usage_error("compare: %s", err);
	return doc;
}

/* The mean share of the CPUs other programs took in a side's runs
 * (others_mode.c), or NAN when its files do not say. */
static double compare_others_pct(const struct series_set *set)
{
	return series_mean(set, "others.cpu-percent");
}

/*
 * A side: one file, or several joined by commas (A1.json,A2.json): the
 * runs of separate invocations, whose spread holds the machine's drift
 * between them, which one invocation's passes do not show. A path that
 * exists is one file, commas and all. The runs of the others are added
 * to the first's; one run with other options than the first is refused
 * as two sides are (unless --force).
 */
static int compare_load(struct compare_side *side, bool force)
{
	char err[256], *paths = NULL, *first = NULL, *part, *save = NULL;
	json_t *doc = NULL;
	struct stat st;
	int rc = -EINVAL;

	side->files = 1;
	if (stat(side->path, &st) == 0 || !strchr(side->path, ','))
		doc = compare_read(side->path);
	else if ((paths = strdup(side->path)))
		for (part = strtok_r(paths, ",", &save); part; part = strtok_r(NULL, ",", &save)) {
			json_t *more = compare_read(part);
			size_t *runs = more ? realloc(side->file_runs,
						      (side->files + 1) * sizeof(*runs)) : NULL;

			if (runs) {
				side->file_runs = runs;
				runs[doc ? side->files : 0] =
					json_array_size(json_object_get(more, "runs"));
			}
			if (!more || !runs || (doc && !force &&
				      compare_options_differ(doc, first, more, part)) ||
			    (doc && json_array_extend(json_object_get(doc, "runs"),
						      json_object_get(more, "runs")))) {
				json_decref(more);
				json_decref(doc);
				free(paths);
				free(side->file_runs);
				side->file_runs = NULL;
				return -EINVAL;
			}
			if (!doc) {
				doc = more;
				first = part;
			} else {
				json_decref(more);
				side->files++;
			}
		}
	if (!doc) {
		free(paths);
		free(side->file_runs);
		side->file_runs = NULL;
		return -EINVAL;
	}
	if (!paths) {
		free(side->file_runs);
		side->file_runs = NULL;
	}
	rc = series_from_doc_all(doc, &side->set, err, sizeof(err));
	free(paths);
	if (rc) {
		log_usage_error("compare: %s: %s", side->path, err);
		json_decref(doc);
		free(side->file_runs);
		side->file_runs = NULL;
		return rc;
	}
	side->doc = doc;
	side->others_pct = compare_others_pct(&side->set);
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
 * Settles one comparison's rows family by family: the stressors' rows,
 * then each run mode's section alone, so that a mode's hundreds of
 * machine-wide rows (--monitor) do not weaken holm on the stressors'.
 */
static void compare_families(const struct series_set *set, const struct compare_opts *o,
			     struct compare_verdict *vi, size_t rows)
{
	struct compare_verdict *fam = malloc((rows ? rows : 1) * sizeof(*fam));
	size_t *at = malloc((rows ? rows : 1) * sizeof(*at));

	if (!fam || !at) {	/* out of memory: one family, as before */
		compare_method_family(o->p.method, o->p.alpha, vi, rows);
		goto out;
	}
	for (size_t f = 0; f <= run_modes_count(); f++) {
		size_t m = 0;

		for (size_t k = 0; k < rows; k++)
			if (lkp_mode_section(set->s[k].key, NULL) == f) {
				fam[m] = vi[k];
				at[m++] = k;
			}
		compare_method_family(o->p.method, o->p.alpha, fam, m);
		for (size_t j = 0; j < m; j++)
			vi[at[j]] = fam[j];
	}
out:
	free(fam);
	free(at);
}

/*
 * For a row that counts events per bogo-op (NAME.cost.* but the CPU time
 * and IPC): the mean bogo-ops of a pass on its side (NAME.ops), which
 * turns the row back into the events a pass counted; 0 for other rows.
 */
static double compare_ops_per_pass(const struct series_set *set, const char *key)
{
	const char *c = strstr(key, ".cost.");
	char name[512];
	double ops;

	if (!c || !strcmp(c, ".cost.cpu-usec") || !strcmp(c, ".cost.insn-per-cycle"))
		return 0;
	snprintf(name, sizeof(name), "%.*s.ops", (int)(c - key), key);
	ops = series_mean(set, name);
	return isnan(ops) ? 0 : ops;
}

/* Whether key is a figure of the conditions the run ran in (a run mode's
 * of them, as others.cpu-percent): listed, never judged. */
static bool compare_condition(const char *key)
{
	size_t m = lkp_mode_section(key, NULL);

	return m && run_modes_at(m - 1)->conditions;
}

/*
 * Whether key is a figure of the run's own bookkeeping, or of the rest of
 * the machine, rather than of the work: the RSS of an instance, a fork of
 * the controller, which is the controller's more than the stressor's; the
 * CPU and wall times a --timeout sets, whose user/system split follows
 * where the ticks fell; and the involuntary context switches an op, the
 * preemptions by whatever else runs (beside builds, redis's were 0.0004
 * in one invocation and 0.12 in the next). Judged only under --all
 * (docs/compare.md): the work's own figures are the KPIs and the costs.
 */
static bool compare_bookkeeping(const char *key)
{
	static const char *const tails[] = { ".max-rss", ".user-time", ".system-time",
					     ".wall-clock-time",
					     ".cost.involuntary-context-switches" };
	size_t n = strlen(key);

	if (!strncmp(key, "times.", 6))
		return true;
	for (size_t i = 0; i < sizeof(tails) / sizeof(*tails); i++) {
		size_t t = strlen(tails[i]);

		if (n > t && !strcmp(key + n - t, tails[i]) && !memchr(key, '.', n - t))
			return true;
	}
	return false;
}

/*
 * Judges every row of BASE against each NEW: v[(i - 1) * rows + k] is row
 * k against NEW i (STATS_TOO_FEW where NEW i has no such figure), settled
 * per comparison, as holm's correction needs every row's p first; then
 * each KPI row's word. *sources gets a bit per compare_noise_source used.
 */
static void compare_judge(const struct compare_side *sides, size_t n,
			  const struct compare_opts *o, struct compare_verdict *v,
			  unsigned *sources)
{
	size_t rows = sides[0].set.n;
	char key[512];

	for (size_t i = 1; i < n; i++) {
		struct compare_verdict *vi = v + (i - 1) * rows;

		for (size_t k = 0; k < rows; k++) {
			const struct series *b = &sides[0].set.s[k];
			const struct series *s = series_find(&sides[i].set, b->key);
			struct compare_sample sa = {
				.v = b->v, .n = b->n, .runs = sides[0].set.runs,
				.integer = b->integer, .files = sides[0].files,
				.per_pass = compare_ops_per_pass(&sides[0].set, b->key),
				.others_pct = sides[0].others_pct
			};
			/* lkp-tests fills a stat NEW lacks with zeros */
			struct compare_sample sb = { .runs = sides[i].set.runs, .integer = true,
						     .files = sides[i].files, .others_pct = NAN };

			if (s)
				sb = (struct compare_sample){
					.v = s->v, .n = s->n, .runs = sides[i].set.runs,
					.integer = s->integer, .files = sides[i].files,
					.per_pass = compare_ops_per_pass(&sides[i].set, b->key),
					.others_pct = sides[i].others_pct
				};
			lkp_key(b->key, key, sizeof(key));
			*sources |= 1u << compare_noise_between(&sides[0], o->noise, b->key, &sa);
			*sources |= 1u << compare_noise_between(&sides[i], o->noise, b->key, &sb);
			if (compare_condition(b->key) || (!o->all && compare_bookkeeping(b->key)))
				vi[k] = (struct compare_verdict){ .verdict = STATS_TOO_FEW,
								  .p = NAN };
			else if (s || o->p.method->flags & COMPARE_M_LKP)
				compare_method_judge(&o->p, key, &sa, &sb, &vi[k]);
			else
				vi[k] = (struct compare_verdict){ .verdict = STATS_TOO_FEW,
								  .p = NAN };
		}
		compare_families(&sides[0].set, o, vi, rows);
		for (size_t k = 0; k < rows; k++)
			compare_word_settle(&o->p, &vi[k]);
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
	rate = compare_method_aa_rate(o->p.method, o->p.alpha, sides[0].set.runs, nb, judged, &err);
	if (!(rate - 2 * err > o->p.alpha))
		return;
	if (o->p.method->flags & COMPARE_M_FAMILY)
		printf("note: %zu and %zu runs are too few for holm's promise: an A/A comparison "
		       "flags one of its %zu rows %.1f%% of the time (\u00b1%.1f%%, simulated on "
		       "normal runs), above alpha %g; use --repeat %d\n", sides[0].set.runs, nb,
		       judged, 100 * rate, 100 * err, o->p.alpha, COMPARE_RECOMMENDED_RUNS);
	else
		printf("note: %zu and %zu runs are too few for %s's promise: an A/A comparison "
		       "flags each row %.1f%% of the time (\u00b1%.1f%%, simulated on normal runs; "
		       "%.1f of its %zu rows), above alpha %g; use the default method or more runs\n",
		       sides[0].set.runs, nb, compare_method_name(o->p.method), 100 * rate,
		       100 * err, rate * (double)judged, judged, o->p.alpha);
}

/* The key as printed: ours, or the robot's under --keys lkp. */
static void compare_shown_key(const struct compare_opts *o, const char *key, char *out,
			      size_t len)
{
	if (o->lkp_keys)
		lkp_key(key, out, len);
	else
		snprintf(out, len, "%s", key);
}

/* Whether any NEW lacks key, or BASE does. */
static bool compare_one_sided(const struct compare_side *sides, size_t n, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if (!series_find(&sides[i].set, key))
			return true;
	return false;
}

/* Whether row k of BASE is flagged against some NEW. */
static bool compare_flagged(size_t n, size_t rows, size_t k, const struct compare_verdict *v)
{
	for (size_t i = 1; i < n; i++)
		if (v[(i - 1) * rows + k].verdict == STATS_CHANGED)
			return true;
	return false;
}

/*
 * Prints the row of key with its verdicts v (row k of BASE, one per NEW,
 * strided by rows; NULL for a key BASE lacks); counts the regressions and
 * the changes flagged. A side that lacks the key has a blank cell, and
 * the row says which files hold it. Under -v the method's detail closes
 * the row: "(p=0.003, min change 1.2%)", or one per NEW file numbered as
 * the flags are.
 */
static void compare_row(const struct compare_side *sides, size_t n, const char *key,
			size_t k, const struct compare_opts *o, const struct compare_verdict *v,
			int *regressions, int *changes)
{
	const struct series *base = series_find(&sides[0].set, key);
	size_t rows = sides[0].set.n;
	struct stats bs = { 0 }, ns;
	char cell[64], flags[512] = "", detail[1024] = "", one[256], shown[512];
	size_t used = 0, dused = 0;

	if (base) {
		stats_compute(base->v, base->n, &bs);
		series_format_cell(&bs, cell, sizeof(cell));
		printf("%s", cell);
	} else {
		printf("%16s", "");
	}
	for (size_t i = 1; i < n; i++) {
		const struct series *s = series_find(&sides[i].set, key);
		const struct compare_verdict *vi = v ? &v[(i - 1) * rows + k] : NULL;

		if (s) {
			stats_compute(s->v, s->n, &ns);
			series_format_cell(&ns, cell, sizeof(cell));
		} else {
			cell[0] = '\0';
		}
		if (!s && !(vi && vi->verdict != STATS_TOO_FEW)) {
			printf(" %26s", "");
			continue;
		}
		if (base && bs.mean != 0)
			printf(" %+9.1f%%%-16s", vi ? vi->change_pct : 0, cell);
		else
			printf(" %10s%-16s", "", cell);
		if (!vi)
			continue;
		compare_method_detail(o->p.method, vi, one, sizeof(one));
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
	if (compare_one_sided(sides, n, key)) {
		const char *sep = "  only in ";

		for (size_t i = 0; i < n; i++) {
			char label[32];

			if (!series_find(&sides[i].set, key))
				continue;
			compare_label(sides[i].path, label, 26);
			compare_append(flags, sizeof(flags), &used, "%s%s", sep, label);
			sep = ", ";
		}
	}
	compare_shown_key(o, key, shown, sizeof(shown));
	printf("  %s%s%s\n", shown, flags, o->verbose ? detail : "");
}

/* The section a row belongs to in the robot's order: KPIs, the other
 * metrics, perf-stat; then each run mode's (lkp's monitors). */
static int compare_section(const char *key)
{
	size_t mode = lkp_mode_section(key, NULL);
	char lk[512];

	if (mode)
		return 2 + (int)mode;
	if (strstr(key, ".perf-stat."))
		return 2;
	lkp_key(key, lk, sizeof(lk));
	return lkp_kpi(lk) ? 0 : 1;
}

/* Whether key is one of sides[0..i-1]'s (a row already printed). */
static bool compare_seen(const struct compare_side *sides, size_t i, const char *key)
{
	for (size_t p = 0; p < i; p++)
		if (series_find(&sides[p].set, key))
			return true;
	return false;
}

/*
 * The table: BASE's rows in the robot's sections, then the keys only
 * NEW files hold; every row under --all, else those flagged or that some
 * file lacks. Returns the rows printed.
 */
static size_t compare_table(const struct compare_side *sides, size_t n,
			    const struct compare_opts *o, const struct compare_verdict *v,
			    int *regressions, int *changes)
{
	size_t rows = sides[0].set.n, printed = 0;

	for (int sec = 0; sec < 3 + (int)run_modes_count(); sec++)
		for (size_t k = 0; k < rows; k++) {
			const char *key = sides[0].set.s[k].key;

			if (compare_section(key) != sec || !(o->all || compare_flagged(n, rows, k, v) ||
							     compare_one_sided(sides, n, key)))
				continue;
			if (!printed++)
				compare_header(sides, n);
			compare_row(sides, n, key, k, o, v, regressions, changes);
		}
	for (size_t i = 1; i < n; i++)
		for (size_t k = 0; k < sides[i].set.n; k++) {
			const char *key = sides[i].set.s[k].key;

			if (compare_seen(sides, i, key))
				continue;
			if (!printed++)
				compare_header(sides, n);
			compare_row(sides, n, key, 0, o, NULL, regressions, changes);
		}
	return printed;
}

/*
 * One line when the files have fewer runs than the method judges a row
 * with: which method, what it needs, and the --repeat that gives it.
 */
static void compare_few_note(const struct compare_side *sides, size_t n,
			     const struct compare_opts *o)
{
	bool either, few = false;
	size_t need = compare_method_min_runs(o->p.method, &either), r0 = sides[0].set.runs;

	for (size_t i = 1; i < n; i++) {
		size_t ri = sides[i].set.runs;

		few |= either ? r0 < need && ri < need : r0 < need || ri < need;
	}
	if (!few)
		return;
	printf("note: %s judges a row with %zu runs %s, and these files have", 
	       compare_method_name(o->p.method), need, either ? "on either side" : "a side");
	for (size_t i = 0; i < n; i++)
		printf("%s %zu", i ? (i + 1 == n ? " and" : ",") : "", sides[i].set.runs);
	printf(": rows against a file with fewer are not judged; use --repeat %zu%s\n", need,
	       o->p.method->flags & COMPARE_M_FAMILY ?
	       " (5 for holm's promise)" : "");
}

/*
 * One line per NEW whose runs met a machine other programs took another
 * share of than BASE's did: the figures move with it, whatever the
 * kernel does.
 */
static void compare_others_note(const struct compare_side *sides, size_t n,
				const struct compare_opts *o)
{
	double base = sides[0].others_pct;

	for (size_t i = 1; i < n; i++) {
		double other = sides[i].others_pct;

		if (!(fabs(other - base) >= COMPARE_OTHERS_NOTE_PCT))
			continue;
		printf("note: other programs took %.0f%% of the CPUs during %s's runs and %.0f%% "
		       "during %s's: its figures move with that%s%s%s\n", other, sides[i].path,
		       base, sides[0].path, o->p.method->flags & COMPARE_M_DRIFT ? " (" : "",
		       o->p.method->flags & COMPARE_M_DRIFT ? o->p.method->name : "",
		       o->p.method->flags & COMPARE_M_DRIFT ? " allows it as drift)" : "");
	}
}

/* --method NAME, --alpha A, --perf-profile-top N, --keys lkp|native,
 * --distance N, --drift PCT, --equivalence PCT, --noise PROFILE (or
 * --NAME=VALUE): returns 1 when taken, -1 on bad input. */
static int compare_valued(int argc, char **argv, int *i, struct compare_opts *o)
{
	static const char *const names[] = { "--method", "--alpha", "--perf-profile-top",
					     "--keys", "--distance", "--drift", "--equivalence",
					     "--noise" };
	const char *arg = argv[*i], *val = NULL;
	size_t k, len, count = sizeof(names) / sizeof(*names);

	for (k = 0; k < count; k++) {
		len = strlen(names[k]);
		if (!strncmp(arg, names[k], len) && (!arg[len] || arg[len] == '='))
			break;
	}
	if (k == count)
		return 0;
	if (arg[len] == '=')
		val = arg + len + 1;
	else if (*i + 1 < argc)
		val = argv[++*i];
	if (!val) {
		log_usage_error("compare: %s needs a value", names[k]);
		return -1;
	}
	if (k == 0 && !(o->p.method = compare_method_parse(val))) {
		char list[256];

		compare_method_list(list, sizeof(list));
		log_usage_error("compare: invalid --method '%s': expected %s", val, list);
		return -1;
	}
	if (k == 1 && (parse_percent(val, &o->p.alpha) || strchr(val, '%') ||
		       !(o->p.alpha >= 0.0001) || !(o->p.alpha <= 0.5))) {
		log_usage_error("compare: invalid --alpha '%s': expected a significance "
				"level from 0.0001 to 0.5, like 0.05", val);
		return -1;
	}
	if (k == 2 && (parse_u64(val, &o->top) || o->top < 1 || o->top > PROFILE_TOP_MAX)) {
		log_usage_error("compare: invalid --perf-profile-top '%s': expected rows "
				"per family from 1 to %d", val, PROFILE_TOP_MAX);
		return -1;
	}
	if (k == 3 && strcmp(val, "lkp") && strcmp(val, "native")) {
		log_usage_error("compare: invalid --keys '%s': expected lkp or native", val);
		return -1;
	}
	if (k == 3)
		o->lkp_keys = !strcmp(val, "lkp");
	if (k == 4) {
		uint64_t d;

		if (parse_u64(val, &d) || d < 1 || d > 100) {
			log_usage_error("compare: invalid --distance '%s': expected lkp compare's "
					"-D, a whole number from 1 to 100", val);
			return -1;
		}
		o->p.distance = (double)d;
	}
	if (k == 5 && (parse_percent(val, &o->p.drift_pct) || !(o->p.drift_pct >= 0) ||
		       o->p.drift_pct > 100)) {
		log_usage_error("compare: invalid --drift '%s': expected the percent two "
				"invocations' means drift apart by, from 0 to 100, like 3", val);
		return -1;
	}
	o->drift_given |= k == 5;
	if (k == 6 && (parse_percent(val, &o->p.equivalence_pct) ||
		       !(o->p.equivalence_pct > 0) || o->p.equivalence_pct > 100)) {
		log_usage_error("compare: invalid --equivalence '%s': expected the percent "
				"within which a KPI row is unchanged, above 0 and at most 100, "
				"like 2", val);
		return -1;
	}
	if (k == 7)
		o->noise_path = val;
	return 1;
}

static void compare_free(struct compare_side *sides, size_t n)
{
	for (size_t j = 0; j < n; j++) {
		series_free(&sides[j].set);
		series_free(&sides[j].profile);
		json_decref(sides[j].doc);
		free(sides[j].file_runs);
	}
}

/*
 * "noise:": what each side's invocations were allowed to drift by, which
 * the verdicts rest on: the side's own documents, a measured profile, or
 * the --drift allowance.
 */
static void compare_noise_line(const struct compare_opts *o, unsigned sources)
{
	const char *sep = "";

	printf("noise:");
	if (sources & (1u << COMPARE_NOISE_DOCUMENTS)) {
		printf(" the spread of a side's own invocations (%d or more joined)",
		       COMPARE_NOISE_MIN_FILES);
		sep = ";";
	}
	if (sources & (1u << COMPARE_NOISE_PROFILE)) {
		printf("%s measured by stresskit calibrate (--noise %s)", sep, o->noise_path);
		sep = ";";
	}
	if (sources & (1u << COMPARE_NOISE_DRIFT) || !sources)
		printf("%s %g%% drift of an invocation's mean (--drift%s)", sep, o->p.drift_pct,
		       o->noise ? "; rows the profile lacks" :
		       "; stresskit calibrate measures this machine's: --noise");
	printf("; a KPI row is unchanged within \u00b1%g%% (--equivalence)\n",
	       o->p.equivalence_pct);
}

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
	int regressions = 0, changes = 0, rc = SK_OK, taken;
	size_t printed;
	char rule[512];
	struct compare_tally tally;
	unsigned sources = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--fail-on-regression")) {
			o.fail_on_regression = true;
		} else if (!strcmp(argv[i], "--fail-on-change")) {
			o.fail_on_change = true;
		} else if (!strcmp(argv[i], "--bisect")) {
			o.bisect = true;
		} else if (!strcmp(argv[i], "--force")) {
			o.force = true;
		} else if (!strcmp(argv[i], "--all") || !strcmp(argv[i], "-a")) {
			o.all = true;
		} else if (!strcmp(argv[i], "--verbose") || !strcmp(argv[i], "-v")) {
			o.verbose = true;
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

	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--bisect"))
			return bisect_rc;
	return rc;
}

static const struct subcommand compare_subcommand = {
	.name = "compare",
	.summary = "compare results files (--json) as kernel bots do: %change, \u00b1%stddev",
	.main = compare_main,
};
SUBCOMMAND_REGISTER(compare_subcommand);
