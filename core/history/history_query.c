/*
 * history_query.c - reading series and lines out of a history database
 * (history_query.h). A line is built row by row from one query ordered by
 * run and pass, so a run's passes arrive together.
 */
#include "history_query.h"

#include <stdlib.h>
#include <string.h>

static void history_copy_col(sqlite3_stmt *st, int col, char *out, size_t len)
{
	const unsigned char *t = sqlite3_column_text(st, col);

	snprintf(out, len, "%s", t ? (const char *)t : "");
}

int history_query_series(struct history_store *s, struct history_series **out, size_t *n)
{
	sqlite3_stmt *st = history_store_prepare(s,
		"SELECT s.id, s.machine, s.job, s.fingerprint, s.options,"
		" (SELECT count(*) FROM runs r WHERE r.series_id = s.id)"
		" FROM series s ORDER BY s.id");
	struct history_series *v = NULL, *nv;
	int rc;

	*out = NULL;
	*n = 0;
	if (!st)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const unsigned char *opts = sqlite3_column_text(st, 4);

		nv = realloc(v, (*n + 1) * sizeof(*v));
		if (!nv)
			break;
		v = nv;
		memset(&v[*n], 0, sizeof(*v));
		v[*n].id = sqlite3_column_int64(st, 0);
		history_copy_col(st, 1, v[*n].machine, sizeof(v[*n].machine));
		history_copy_col(st, 2, v[*n].job, sizeof(v[*n].job));
		history_copy_col(st, 3, v[*n].fingerprint, sizeof(v[*n].fingerprint));
		v[*n].options = strdup(opts ? (const char *)opts : "{}");
		v[*n].runs = sqlite3_column_int64(st, 5);
		(*n)++;
	}
	sqlite3_finalize(st);
	*out = v;
	if (rc != SQLITE_DONE) {
		history_series_free(v, *n);
		*out = NULL;
		*n = 0;
		return history_store_fail(s, "cannot read the series");
	}
	return 0;
}

void history_series_free(struct history_series *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].options);
	free(v);
}

/* The metrics of series (key's alone, or the KPIs unless all), in key order. */
static int history_query_metrics(struct history_store *s, long long series, const char *key,
				 bool all, struct history_line **out, size_t *n)
{
	sqlite3_stmt *st = history_store_prepare(s,
		"SELECT m.id, m.key, m.kpi, m.direction FROM metrics m"
		" WHERE (?2 IS NULL AND (?3 OR m.kpi) OR m.key = ?2) AND EXISTS"
		" (SELECT 1 FROM passes p JOIN runs r ON r.id = p.run_id"
		"  WHERE p.metric_id = m.id AND r.series_id = ?1)"
		" ORDER BY m.key");
	struct history_line *v = NULL, *nv;
	int rc;

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, series);
	if (key)
		sqlite3_bind_text(st, 2, key, -1, HISTORY_COPY);
	sqlite3_bind_int(st, 3, all);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		nv = realloc(v, (*n + 1) * sizeof(*v));
		if (!nv)
			break;
		v = nv;
		memset(&v[*n], 0, sizeof(*v));
		v[*n].series = series;
		v[*n].metric = sqlite3_column_int64(st, 0);
		v[*n].key = strdup((const char *)sqlite3_column_text(st, 1));
		v[*n].kpi = sqlite3_column_int(st, 2);
		v[*n].direction = sqlite3_column_int(st, 3);
		(*n)++;
	}
	sqlite3_finalize(st);
	*out = v;
	return rc == SQLITE_DONE ? 0 : history_store_fail(s, "cannot read the metrics");
}

/* Appends a value to the line's last point, or a new point when the run changes. */
static int history_line_push(struct history_line *l, sqlite3_stmt *st)
{
	long long run = sqlite3_column_int64(st, 0);
	struct history_point *p;
	double *nv;

	if (!l->n || l->p[l->n - 1].run != run) {
		p = realloc(l->p, (l->n + 1) * sizeof(*p));
		if (!p)
			return -1;
		l->p = p;
		p = &l->p[l->n++];
		memset(p, 0, sizeof(*p));
		p->run = run;
		p->started = sqlite3_column_type(st, 1) == SQLITE_NULL ? -1 :
			     sqlite3_column_int64(st, 1);
		history_copy_col(st, 2, p->commit, sizeof(p->commit));
		history_copy_col(st, 3, p->kernel, sizeof(p->kernel));
	}
	p = &l->p[l->n - 1];
	nv = realloc(p->v, (p->n + 1) * sizeof(*nv));
	if (!nv)
		return -1;
	p->v = nv;
	p->v[p->n++] = sqlite3_column_double(st, 4);
	return 0;
}

static int history_query_points(struct history_store *s, struct history_line *l, size_t last)
{
	sqlite3_stmt *st = history_store_prepare(s,
		"SELECT r.id, r.started,"
		" coalesce((SELECT value FROM labels WHERE run_id = r.id AND name = 'commit'), ''),"
		" coalesce((SELECT value FROM labels WHERE run_id = r.id AND name = 'kernel'), r.kernel),"
		" p.value FROM runs r JOIN passes p ON p.run_id = r.id"
		" WHERE r.series_id = ?1 AND p.metric_id = ?2 AND r.id >= coalesce("
		"  (SELECT min(id) FROM (SELECT id FROM runs WHERE series_id = ?1"
		"   ORDER BY id DESC LIMIT ?3)), 0)"
		" ORDER BY r.id, p.pass");
	int rc;

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, l->series);
	sqlite3_bind_int64(st, 2, l->metric);
	sqlite3_bind_int64(st, 3, last ? (long long)last : -1);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (history_line_push(l, st))
			break;
	sqlite3_finalize(st);
	for (size_t i = 0; i < l->n; i++)
		stats_compute(l->p[i].v, l->p[i].n, &l->p[i].st);
	return rc == SQLITE_DONE ? 0 : history_store_fail(s, "cannot read the runs");
}

int history_query_lines(struct history_store *s, long long series, const char *key,
			bool all, size_t last, struct history_line **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	if (history_query_metrics(s, series, key, all, out, n))
		return -1;
	for (size_t i = 0; i < *n; i++)
		if (!(*out)[i].key || history_query_points(s, &(*out)[i], last))
			return -1;
	return 0;
}

void history_line_clear(struct history_line *l)
{
	for (size_t k = 0; k < l->n; k++)
		free(l->p[k].v);
	free(l->p);
	free(l->key);
	memset(l, 0, sizeof(*l));
}

void history_lines_free(struct history_line *l, size_t n)
{
	for (size_t i = 0; i < n; i++)
		history_line_clear(&l[i]);
	free(l);
}

const char *history_point_name(const struct history_point *p, char *buf, size_t len)
{
	if (p->commit[0])
		return p->commit;
	snprintf(buf, len, "run %lld", p->run);
	return buf;
}

/* A text column's copy; "" for NULL, NULL only without memory. */
static char *history_dup_col(sqlite3_stmt *st, int col)
{
	const unsigned char *t = sqlite3_column_text(st, col);

	return strdup(t ? (const char *)t : "");
}

int history_query_environment(struct history_store *s, long long series,
			      struct history_environment *e)
{
	sqlite3_stmt *st = history_store_prepare(s,
		"SELECT group_concat(DISTINCT kernel), group_concat(DISTINCT stresskit_version),"
		" group_concat(DISTINCT bogo_versions),"
		" (SELECT environment FROM runs WHERE series_id = ?1 ORDER BY id DESC LIMIT 1)"
		" FROM runs WHERE series_id = ?1");
	int rc = -1;

	memset(e, 0, sizeof(*e));
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, series);
	if (sqlite3_step(st) == SQLITE_ROW) {
		e->kernels = history_dup_col(st, 0);
		e->stresskit_versions = history_dup_col(st, 1);
		e->bogo_versions = history_dup_col(st, 2);
		if (sqlite3_column_type(st, 3) != SQLITE_NULL)
			e->latest = history_dup_col(st, 3);
		rc = e->kernels && e->stresskit_versions && e->bogo_versions ? 0 : -1;
	}
	sqlite3_finalize(st);
	return rc ? history_store_fail(s, "cannot read the runs") : 0;
}

void history_environment_free(struct history_environment *e)
{
	free(e->kernels);
	free(e->stresskit_versions);
	free(e->bogo_versions);
	free(e->latest);
	memset(e, 0, sizeof(*e));
}
