/*
 * history_add.c - "stresskit history add DB RESULTS.json...
 * [--label NAME=VALUE]...": each results file stored as one run of its
 * series, every pass of every figure a row, in one transaction a file.
 * A file whose bytes are already in the database is refused; a document
 * of other options or another machine starts a series of its own, and
 * says so. Exit: 0; 1 when any file was refused or unreadable (the
 * others are still added).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <stresskit/stressor.h>

#include "compare_method.h"
#include "history.h"
#include "history_args.h"
#include "history_doc.h"
#include "history_store.h"
#include "lkp_keys.h"
#include "log.h"

char *history_add_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	struct stat st;
	char *buf = NULL;

	if (f && fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
		buf = malloc((size_t)st.st_size + 1);
		*len = buf ? fread(buf, 1, (size_t)st.st_size, f) : 0;
		if (buf && (*len != (size_t)st.st_size || ferror(f))) {
			free(buf);
			buf = NULL;
		}
	} else if (f) {
		errno = EISDIR;
	}
	if (!buf)
		log_usage_error("history: cannot read %s: %s", path, strerror(errno ? errno : EIO));
	else
		buf[*len] = '\0';
	if (f)
		fclose(f);
	return buf;
}

/* The id of the one row a query finds (its first column); 0 none, -1 error. */
static long long history_add_find(struct history_store *s, sqlite3_stmt *st)
{
	long long id = 0;
	int rc = sqlite3_step(st);

	if (rc == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	else if (rc != SQLITE_DONE)
		id = history_store_fail(s, "cannot read the database");
	sqlite3_reset(st);
	return id;
}

/* Steps an insert; 0 or -1 after one line. */
static int history_add_step(struct history_store *s, sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : history_store_fail(s, "cannot write");
}

/*
 * The series of d, made when new: *fresh says so, and *others how many
 * series the machine already had (a new one beside them was kept apart).
 */
static long long history_add_series(struct history_store *s, const struct history_doc *d,
				    bool *fresh, long long *others)
{
	sqlite3_stmt *find = history_store_prepare(s,
		"SELECT id FROM series WHERE machine = ?1 AND fingerprint = ?2");
	sqlite3_stmt *count = history_store_prepare(s,
		"SELECT count(*) FROM series WHERE machine = ?1");
	sqlite3_stmt *make = history_store_prepare(s,
		"INSERT INTO series (machine, fingerprint, options, job) VALUES (?1, ?2, ?3, ?4)");
	long long id = -1;

	if (find && count && make) {
		sqlite3_bind_text(find, 1, d->machine, -1, HISTORY_COPY);
		sqlite3_bind_text(find, 2, d->fingerprint, -1, HISTORY_COPY);
		id = history_add_find(s, find);
		*fresh = id == 0;
	}
	if (id == 0) {
		sqlite3_bind_text(count, 1, d->machine, -1, HISTORY_COPY);
		*others = history_add_find(s, count);
		sqlite3_bind_text(make, 1, d->machine, -1, HISTORY_COPY);
		sqlite3_bind_text(make, 2, d->fingerprint, -1, HISTORY_COPY);
		sqlite3_bind_text(make, 3, d->options, -1, HISTORY_COPY);
		sqlite3_bind_text(make, 4, d->job, -1, HISTORY_COPY);
		id = *others < 0 || history_add_step(s, make) ? -1 :
		     sqlite3_last_insert_rowid(s->db);
	}
	sqlite3_finalize(find);
	sqlite3_finalize(count);
	sqlite3_finalize(make);
	return id;
}

/* The run that already holds these bytes: its id and source, or 0. */
static long long history_add_known(struct history_store *s, const char *hash, char *source,
				   size_t len)
{
	sqlite3_stmt *st = history_store_prepare(s,
		"SELECT id, source FROM runs WHERE content_hash = ?1");
	long long id = -1;
	int rc;

	if (!st)
		return -1;
	sqlite3_bind_text(st, 1, hash, -1, HISTORY_COPY);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		id = sqlite3_column_int64(st, 0);
		snprintf(source, len, "%s", (const char *)sqlite3_column_text(st, 1));
	} else {
		id = rc == SQLITE_DONE ? 0 : history_store_fail(s, "cannot read the database");
	}
	sqlite3_finalize(st);
	return id;
}

static long long history_add_run(struct history_store *s, const struct history_doc *d,
				 long long series, const char *hash, const char *path)
{
	sqlite3_stmt *st = history_store_prepare(s,
		"INSERT INTO runs (series_id, content_hash, source, added, started, kernel,"
		" kernel_version, stresskit_version, bogo_versions, environment, arch, statuses)"
		" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)");
	long long id = -1;

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, series);
	sqlite3_bind_text(st, 2, hash, -1, HISTORY_COPY);
	sqlite3_bind_text(st, 3, path, -1, HISTORY_COPY);
	sqlite3_bind_int64(st, 4, (sqlite3_int64)time(NULL));
	if (d->started >= 0)
		sqlite3_bind_int64(st, 5, d->started);
	sqlite3_bind_text(st, 6, d->kernel, -1, HISTORY_COPY);
	sqlite3_bind_text(st, 7, d->kernel_version, -1, HISTORY_COPY);
	sqlite3_bind_text(st, 8, d->stresskit_version, -1, HISTORY_COPY);
	sqlite3_bind_text(st, 9, d->bogo_versions, -1, HISTORY_COPY);
	if (d->environment)
		sqlite3_bind_text(st, 10, d->environment, -1, HISTORY_COPY);
	if (d->arch[0])
		sqlite3_bind_text(st, 11, d->arch, -1, HISTORY_COPY);
	sqlite3_bind_text(st, 12, d->statuses, -1, HISTORY_COPY);
	if (!history_add_step(s, st))
		id = sqlite3_last_insert_rowid(s->db);
	sqlite3_finalize(st);
	return id;
}

static int history_add_labels(struct history_store *s, long long run,
			      const struct history_labels *l)
{
	sqlite3_stmt *st = history_store_prepare(s,
		"INSERT INTO labels (run_id, name, value) VALUES (?1, ?2, ?3)");
	int rc = st ? 0 : -1;

	for (size_t i = 0; !rc && i < l->n; i++) {
		sqlite3_bind_int64(st, 1, run);
		sqlite3_bind_text(st, 2, l->name[i], -1, HISTORY_COPY);
		sqlite3_bind_text(st, 3, l->value[i], -1, HISTORY_COPY);
		rc = history_add_step(s, st);
	}
	sqlite3_finalize(st);
	return rc;
}

/* Every pass's figures: a metric row made the first time its key is seen. */
static int history_add_passes(struct history_store *s, long long run,
			      const struct history_doc *d, size_t *rows)
{
	sqlite3_stmt *find = history_store_prepare(s, "SELECT id FROM metrics WHERE key = ?1");
	sqlite3_stmt *make = history_store_prepare(s,
		"INSERT INTO metrics (key, kpi, direction) VALUES (?1, ?2, ?3)");
	sqlite3_stmt *put = history_store_prepare(s,
		"INSERT INTO passes (run_id, metric_id, pass, value) VALUES (?1, ?2, ?3, ?4)");
	int rc = find && make && put ? 0 : -1;

	for (size_t p = 0; !rc && p < d->passes; p++) {
		const struct series_set *set = &d->pass[p];

		for (size_t k = 0; !rc && k < set->n; k++) {
			const struct series *sr = &set->s[k];
			char lkp[320];
			long long metric;

			sqlite3_bind_text(find, 1, sr->key, -1, HISTORY_COPY);
			metric = history_add_find(s, find);
			if (metric == 0) {
				/* lkp-tests' stats are named as lkp names them already */
				if (d->lkp_names)
					snprintf(lkp, sizeof(lkp), "%s", sr->key);
				else
					lkp_key(sr->key, lkp, sizeof(lkp));
				sqlite3_bind_text(make, 1, sr->key, -1, HISTORY_COPY);
				sqlite3_bind_int(make, 2, compare_kpi(lkp));
				sqlite3_bind_int(make, 3, sr->direction);
				metric = history_add_step(s, make) ? -1 :
					 sqlite3_last_insert_rowid(s->db);
			}
			for (size_t i = 0; metric > 0 && !rc && i < sr->n; i++) {
				sqlite3_bind_int64(put, 1, run);
				sqlite3_bind_int64(put, 2, metric);
				sqlite3_bind_int64(put, 3, (sqlite3_int64)p);
				sqlite3_bind_double(put, 4, sr->v[i]);
				rc = history_add_step(s, put);
				(*rows)++;
			}
			rc = metric < 0 ? -1 : rc;
		}
	}
	sqlite3_finalize(find);
	sqlite3_finalize(make);
	sqlite3_finalize(put);
	return rc;
}

int history_add_doc(struct history_store *s, const char *source, const char *hash,
		    const struct history_doc *d, const struct history_labels *labels)
{
	long long series = -1, run = -1, others = 0, known;
	char prior[512];
	bool fresh = false;
	size_t rows = 0;
	int rc;

	if (history_store_begin(s))
		return -1;
	known = history_add_known(s, hash, prior, sizeof(prior));
	if (known > 0)
		log_usage_error("history: %s: already in %s as run %lld (added from %s)",
				source, s->path, known, prior);
	else if (known == 0)
		series = history_add_series(s, d, &fresh, &others);
	if (series > 0)
		run = history_add_run(s, d, series, hash, source);
	rc = run > 0 && !history_add_labels(s, run, labels) &&
	     !history_add_passes(s, run, d, &rows) ? history_store_commit(s) : -1;
	if (rc) {
		history_store_rollback(s);
		return -1;
	}
	if (fresh && others > 0)
		printf("history: %s: another job on %s (other options): kept apart as "
		       "series %lld\n", source, d->machine, series);
	printf("history: added %s as run %lld of series %lld (%s): %zu passes, "
	       "%zu figures\n", source, run, series, d->job, d->passes, rows);
	return 0;
}

/* One results file; 0, or -1 after one line (nothing kept). */
static int history_add_file(struct history_store *s, const char *path,
			    const struct history_labels *labels)
{
	char hash[HISTORY_HASH_HEX], err[256];
	struct history_doc d;
	json_error_t jerr;
	json_t *doc;
	size_t len = 0;
	char *buf = history_add_slurp(path, &len);
	int rc;

	if (!buf)
		return -1;
	history_hash(buf, len, hash);
	doc = json_loadb(buf, len, 0, &jerr);
	free(buf);
	if (!doc) {
		log_usage_error("history: %s: not a JSON document: %s (line %d)", path,
				jerr.text, jerr.line);
		return -1;
	}
	rc = history_doc_read(doc, &d, err, sizeof(err));
	json_decref(doc);
	if (rc)
		log_usage_error("history: %s: %s", path, rc == -ENOMEM ? strerror(ENOMEM) : err);
	else
		rc = history_add_doc(s, path, hash, &d, labels);
	history_doc_free(&d);
	return rc;
}

static int history_add_main(int argc, char **argv)
{
	struct history_args a;
	struct history_store s;
	const char *files[argc > 0 ? argc : 1];
	int failed = 0, rc;

	if (!history_verb_start(&history_add_verb, argc, argv, files, &a, &s, &rc))
		return rc;
	for (size_t i = 0; i < a.n_inputs; i++)
		failed |= history_add_file(&s, files[i], &a.labels) != 0;
	history_store_close(&s);
	return failed ? SK_USAGE : SK_OK;
}

const struct history_verb history_add_verb = {
	.name = "add",
	.rows = HISTORY_ARG_LABEL | HISTORY_ARG_INPUTS,
	.input = "RESULTS.json",
	.what = "store each results file (--json) as a run of its series: one job\n"
		"(the options compare weighs) on one machine; a file already in DB\n"
		"is refused; --label commit=SHA names the run in changes and reports",
	.main = history_add_main,
};
