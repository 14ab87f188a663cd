/*
 * compare_profile.c - the perf-profile rows of compare and of
 * --perf-profile-report (compare_profile.h).
 */
#include "compare_profile.h"

#include "lkp_keys.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

/* The families, in the robot's order. */
static const char *const profile_families[] = { "calltrace", "children", "self" };
#define PROFILE_N_FAMILIES 3

/* "NAME.perf-profile.FAMILY.": which family a key is of, or -1. */
static int profile_family_of(const char *key)
{
	const char *p = strstr(key, ".perf-profile.");

	if (!p)
		return -1;
	p += strlen(".perf-profile.");
	for (int f = 0; f < PROFILE_N_FAMILIES; f++) {
		size_t len = strlen(profile_families[f]);

		if (!strncmp(p, profile_families[f], len) && p[len] == '.')
			return f;
	}
	return -1;
}

/* Every key any run's profile holds, as "NAME.perf-profile.FAMILY.KEY". */
static int profile_keys(const json_t *runs, json_t *keys)
{
	const json_t *run, *e;
	size_t i, j;

	json_array_foreach(runs, i, run) {
		json_array_foreach(json_object_get(run, "metrics"), j, e) {
			const char *name = json_string_value(json_object_get(e, "stressor"));
			const json_t *prof = json_object_get(e, "perf-profile");

			if (!name || !json_is_object(prof))
				continue;
			for (int f = 0; f < PROFILE_N_FAMILIES; f++) {
				const char *k;
				json_t *v;

				json_object_foreach(json_object_get(prof, profile_families[f]), k, v) {
					char key[1024];

					snprintf(key, sizeof(key), "%s.perf-profile.%s.%s", name,
						 profile_families[f], k);
					if (json_object_set_new(keys, key, json_string(name)))
						return -ENOMEM;
				}
			}
		}
	}
	return 0;
}

/* doc's series of every key in keys (owner: the stressor's name). */
static int profile_series_fill(const json_t *doc, const json_t *keys,
			       struct series_set *set)
{
	const json_t *runs = json_object_get(doc, "runs"), *run, *e;
	json_t *zero = json_real(0);
	size_t i, j;
	int rc = zero ? 0 : -ENOMEM;

	memset(set, 0, sizeof(*set));
	json_array_foreach(runs, i, run) {
		json_array_foreach(json_object_get(run, "metrics"), j, e) {
			const char *name = json_string_value(json_object_get(e, "stressor"));
			const json_t *prof = json_object_get(e, "perf-profile");
			const char *key;
			json_t *owner;

			if (rc || !name || !json_is_object(prof))
				continue;
			/* every key of this stressor: its value here, or 0 */
			json_object_foreach((json_t *)keys, key, owner) {
				const char *rest = key + strlen(name) + strlen(".perf-profile.");
				int f = profile_family_of(key);
				const json_t *v;

				if (strcmp(json_string_value(owner), name) || f < 0)
					continue;
				rest += strlen(profile_families[f]) + 1;
				v = json_object_get(json_object_get(prof, profile_families[f]), rest);
				rc = series_push(set, name, key + strlen(name) + 1,
						 SERIES_NEUTRAL, v ? v : zero);
				if (rc)
					break;
			}
		}
	}
	set->runs = json_array_size(runs);
	json_decref(zero);
	if (rc)
		series_free(set);
	return rc;
}

int profile_series_from_docs(const json_t *const *docs, size_t n,
			     struct series_set *sets)
{
	json_t *keys = json_object();
	int rc = keys ? 0 : -ENOMEM;
	size_t i;

	for (i = 0; i < n && !rc; i++)
		rc = profile_keys(json_object_get(docs[i], "runs"), keys);
	for (i = 0; i < n && !rc; i++)
		rc = profile_series_fill(docs[i], keys, &sets[i]);
	if (rc)
		while (i--)
			series_free(&sets[i]);
	json_decref(keys);
	return rc;
}

/* "     73.32 ±  2%" or "      0.00      ": percent with the bots' stddev. */
static void profile_cell(const struct series *s, char *buf, size_t len)
{
	struct stats st;
	double pct;

	if (!s) {
		snprintf(buf, len, "%16s", "");
		return;
	}
	stats_compute(s->v, s->n, &st);
	pct = stats_stddev_pct(&st);
	if (pct > STATS_SHOW_STDDEV_PCT)
		snprintf(buf, len, "%10.2f \u00b1%3.0f%%", st.mean, pct);
	else
		snprintf(buf, len, "%10.2f      ", st.mean);
}

static double profile_mean(const struct series *s)
{
	double sum = 0;

	for (size_t i = 0; s && i < s->n; i++)
		sum += s->v[i];
	return s && s->n ? sum / (double)s->n : 0;
}

/* One row of the section and its rank. */
struct profile_row {
	const struct series *base;
	const char *key;
	const char *stressor_end;	/* where ".perf-profile." starts in key */
	int family;
	double rank;
};

static int profile_row_cmp(const void *a, const void *b)
{
	const struct profile_row *x = a, *y = b;
	size_t lx = (size_t)(x->stressor_end - x->key), ly = (size_t)(y->stressor_end - y->key);
	int c = lx != ly ? (lx < ly ? -1 : 1) : strncmp(x->key, y->key, lx);

	if (c)
		return c;	/* by stressor, */
	if (x->family != y->family)
		return x->family - y->family;	/* family, */
	if (x->rank != y->rank)
		return x->rank > y->rank ? -1 : 1;	/* largest first, */
	return strcmp(x->key, y->key);	/* then by name: the same order every time */
}

/*
 * The rows of sets[0..n-1]'s keys, ranked by rank_of; returns how many,
 * *out malloc'ed (NULL and 0 on no memory or no rows).
 */
static size_t profile_rows(const struct series_set *sets, size_t n,
			   struct profile_row **out)
{
	size_t cap = 0, k = 0;
	struct profile_row *rows;

	for (size_t i = 0; i < n; i++)
		cap += sets[i].n;
	rows = calloc(cap ? cap : 1, sizeof(*rows));
	*out = rows;
	if (!rows)
		return 0;
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < sets[i].n; j++) {
			const struct series *s = &sets[i].s[j];
			const struct series *b = series_find(&sets[0], s->key);
			double rank = 0, m0 = profile_mean(b);
			bool seen = false;

			/* a key is one row, from the first set that holds it */
			for (size_t p = 0; p < i && !seen; p++)
				seen = series_find(&sets[p], s->key) != NULL;
			if (seen || profile_family_of(s->key) < 0)
				continue;
			if (n == 1)
				rank = m0;
			for (size_t p = 1; p < n; p++) {
				double d = fabs(profile_mean(series_find(&sets[p], s->key)) - m0);

				rank = d > rank ? d : rank;
			}
			rows[k++] = (struct profile_row){
				.base = b, .key = s->key, .family = profile_family_of(s->key),
				.stressor_end = strstr(s->key, ".perf-profile."), .rank = rank,
			};
		}
	}
	qsort(rows, k, sizeof(*rows), profile_row_cmp);
	return k;
}

/* Whether row r is past the top of its stressor and family. */
static bool profile_past_top(const struct profile_row *rows, size_t r, size_t top,
			     size_t *shown)
{
	if (r == 0 || rows[r].family != rows[r - 1].family ||
	    rows[r].stressor_end - rows[r].key != rows[r - 1].stressor_end - rows[r - 1].key ||
	    strncmp(rows[r].key, rows[r - 1].key,
		    (size_t)(rows[r].stressor_end - rows[r].key)))
		*shown = 0;
	return (*shown)++ >= top;
}

/*
 * The method's verdict on a row of percentages: both sides shifted so
 * that BASE's mean is 100, which every method's test is blind to, turns
 * the 1% floor on the change into one percentage point, and a key that
 * was 0 in BASE (the robot's 0.00 -> 40.0) is judged as any other. lkp
 * judges the percentages as they are, by its own perf-profile rules.
 */
static void profile_judge(const struct compare_params *p, const struct series_set *sb,
			  const struct series *b, const struct series_set *ss,
			  const struct series *s, struct compare_verdict *v)
{
	double shift = 100 - profile_mean(b), *x = calloc(b->n + s->n + 1, sizeof(*x));
	/* no drift term: the shares of a profile are shifted to a mean of
	 * 100 here, where a drift in percent of the mean means nothing */
	struct compare_sample xa = { .v = b->v, .n = b->n, .runs = sb->runs, .others_pct = NAN };
	struct compare_sample xb = { .v = s->v, .n = s->n, .runs = ss->runs, .others_pct = NAN };
	char key[512];

	lkp_key(b->key, key, sizeof(key));
	if (x && !(p->method->flags & COMPARE_M_LKP)) {
		for (size_t i = 0; i < b->n; i++)
			x[i] = b->v[i] + shift;
		for (size_t i = 0; i < s->n; i++)
			x[b->n + i] = s->v[i] + shift;
		xa.v = x;
		xb.v = x + b->n;
	}
	compare_method_judge(p, key, &xa, &xb, v);
	free(x);
}

/* The row judged against each NEW i (changed[i], i >= 1); whether any is flagged. */
static bool profile_row_judged(const struct series_set *sets, size_t n,
			       const struct profile_row *row, const struct compare_params *p,
			       bool *changed)
{
	bool any = false;

	for (size_t i = 1; i < n; i++) {
		const struct series *s = series_find(&sets[i], row->key);
		struct compare_verdict v;

		changed[i] = false;
		if (!s || !row->base)
			continue;
		profile_judge(p, &sets[0], row->base, &sets[i], s, &v);
		changed[i] = v.verdict == STATS_CHANGED;
		any |= changed[i];
	}
	return any;
}

size_t compare_profile_print(const struct series_set *sets, size_t n,
			     const struct profile_print *pp, int *changes)
{
	struct profile_row *rows;
	size_t k = profile_rows(sets, n, &rows), shown = 0, printed = 0;
	char cell[64], key[512];

	for (size_t r = 0; r < k; r++) {
		char flags[256] = "";
		size_t used = 0;
		bool changed[n];

		if (profile_past_top(rows, r, pp->top, &shown))
			continue;
		if (!profile_row_judged(sets, n, &rows[r], pp->p, changed) && !pp->all)
			continue;
		if (!printed++)
			printf("\nperf-profile: percent of samples; the change in percentage points; "
			       "largest changes first, top %zu per family\n", pp->top);
		profile_cell(rows[r].base, cell, sizeof(cell));
		printf("%s", cell);
		for (size_t i = 1; i < n; i++) {
			const struct series *s = series_find(&sets[i], rows[r].key);
			const struct series *b = rows[r].base;

			profile_cell(s, cell, sizeof(cell));
			if (!s || !b) {
				printf(" %10s%s", "", cell);
				continue;
			}
			printf(" %+10.1f%s", profile_mean(s) - profile_mean(b), cell);
			if (changed[i] && used < sizeof(flags)) {
				*changes += 1;
				if (n == 2)
					used += (size_t)snprintf(flags + used, sizeof(flags) - used,
								 "  changed");
				else
					used += (size_t)snprintf(flags + used, sizeof(flags) - used,
								 "  changed in %zu", i);
			}
		}
		if (pp->lkp_keys)
			lkp_key(rows[r].key, key, sizeof(key));
		else
			snprintf(key, sizeof(key), "%s", rows[r].key);
		printf("  %s%s\n", key, flags);
	}
	free(rows);
	return printed;
}

void compare_profile_report(const struct series_set *set, size_t top)
{
	struct profile_row *rows;
	size_t k = profile_rows(set, 1, &rows), shown = 0;
	char cell[64];

	for (size_t r = 0; r < k; r++) {
		if (profile_past_top(rows, r, top, &shown))
			continue;
		profile_cell(rows[r].base, cell, sizeof(cell));
		printf("%s  %s\n", cell, rows[r].key);
	}
	free(rows);
}
