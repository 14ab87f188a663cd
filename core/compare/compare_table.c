/*
 * compare_table.c - the kernel test robot's table of the judged rows,
 *
 *     base ±%stddev  %change  new ±%stddev  stressor.metric  flag  [(detail)]
 *
 * in the robot's order (the KPIs, the other metrics, perf-stat), the
 * flagged rows only unless --all, each row's statistics under -v.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libgen.h>
#include <stdarg.h>

#include "compare.h"
#include "compare_kpi.h"
#include "lkp_keys.h"
#include "run_mode.h"
#include "series_figures.h"
#include "stats.h"

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
size_t compare_table(const struct compare_side *sides, size_t n,
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
