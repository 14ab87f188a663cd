/*
 * history_export.c - "stresskit history export DB --kcidb FILE
 * [--series N] [--last N]": a history as KernelCI's KCIDB I/O JSON
 * (kcidb.h, schema v5.3): each run's kernel a checkout and build (its
 * commit label when it has one), each stressor of each run a test
 * stresskit.NAME whose number is the mean ops/s of the run's passes,
 * its status the worst of its passes' as add stored it (DONE for a run
 * stored before statuses were: add took only results of completed runs),
 * its misc each pass's ops/s and, beside them, each pass's envelope.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stresskit/stressor.h>

#include "history.h"
#include "history_args.h"
#include "history_query.h"
#include "compare_method.h"
#include "kcidb.h"
#include "log.h"
#include "parse.h"

#define EXPORT_KPI_SUFFIX ".ops_per_sec"

/* The run's kernel and its content hash (the test's run id), and the
 * status of stressor name in it. */
static int export_run(struct history_store *s, long long run, const char *name, char *hash,
		      size_t hlen, char *release, char *version, char *arch, size_t len,
		      char *status, size_t slen)
{
	sqlite3_stmt *st = history_store_prepare(s,
		"SELECT content_hash, coalesce(kernel, ''), coalesce(kernel_version, ''),"
		" coalesce(arch, ''), coalesce(json_extract(statuses, '$.' || json_quote(?2)), 'DONE')"
		" FROM runs WHERE id = ?1");
	int rc = -1;

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, run);
	sqlite3_bind_text(st, 2, name, -1, SQLITE_TRANSIENT);
	if (sqlite3_step(st) == SQLITE_ROW) {
		snprintf(hash, hlen, "%s", (const char *)sqlite3_column_text(st, 0));
		snprintf(release, len, "%s", (const char *)sqlite3_column_text(st, 1));
		snprintf(version, len, "%s", (const char *)sqlite3_column_text(st, 2));
		snprintf(arch, len, "%s", (const char *)sqlite3_column_text(st, 3));
		snprintf(status, slen, "%s", (const char *)sqlite3_column_text(st, 4));
		rc = 0;
	}
	sqlite3_finalize(st);
	return rc ? history_store_fail(s, "cannot read the runs") : 0;
}

/* The passes of run in line env (NULL: none) as a JSON array, or NULL. */
static json_t *export_passes(const struct history_line *env, long long run)
{
	for (size_t i = 0; env && i < env->n; i++)
		if (env->p[i].run == run) {
			json_t *a = json_array();

			for (size_t k = 0; a && k < env->p[i].n; k++)
				json_array_append_new(a, json_real(env->p[i].v[k]));
			return a;
		}
	return NULL;
}

/* Each run of an ops/s line (lines[j] of n) as a test of its stressor. */
static int export_line(struct history_store *s, json_t *doc, const struct history_line *lines,
		       size_t n, size_t j, size_t *tests)
{
	const struct history_line *l = &lines[j], *env = NULL;
	size_t klen = strlen(l->key), slen = strlen(EXPORT_KPI_SUFFIX);
	char name[256], key[300];

	if (klen <= slen || strcmp(l->key + klen - slen, EXPORT_KPI_SUFFIX))
		return 0;
	snprintf(name, sizeof(name), "%.*s", (int)(klen - slen), l->key);
	snprintf(key, sizeof(key), "%s%s", name, COMPARE_ENVELOPE_SUFFIX);
	for (size_t k = 0; k < n; k++)
		if (!strcmp(lines[k].key, key))
			env = &lines[k];
	for (size_t i = 0; i < l->n; i++) {
		const struct history_point *p = &l->p[i];
		char hash[64], release[128], version[128], arch[128], status[16];
		json_t *passes = json_array();
		const char *build;

		if (!passes || export_run(s, p->run, name, hash, sizeof(hash), release, version,
					  arch, sizeof(release), status, sizeof(status))) {
			json_decref(passes);
			return -1;
		}
		build = kcidb_build(doc, &(struct kcidb_kernel){
			.commit = p->commit, .release = release, .version = version,
			.arch = arch, .started = p->started });
		for (size_t k = 0; k < p->n; k++)
			json_array_append_new(passes, json_real(p->v[k]));
		/* a failed stressor's figure is no figure: KCIDB gets none */
		if (!build || kcidb_test(doc, build, hash, name, status,
					 strcmp(status, "DONE") ? NAN : p->st.mean, p->started,
					 json_pack("{s:o,s:o*,s:I}", "passes", passes,
						   "envelope-passes", export_passes(env, p->run),
						   "history-run", (json_int_t)p->run)))
			return -1;
		(*tests)++;
	}
	return 0;
}

static int history_export_main(int argc, char **argv)
{
	struct history_series *sv = NULL;
	struct history_store s;
	struct history_args a;
	size_t ns = 0, tests = 0;
	json_t *doc;
	int rc;

	if (!history_verb_start(&history_export_verb, argc, argv, NULL, &a, &s, &rc))
		return rc;
	rc = SK_OK;
	doc = kcidb_new();
	if (!doc || history_query_series(&s, &sv, &ns))
		rc = SK_USAGE;
	for (size_t i = 0; rc == SK_OK && i < ns; i++) {
		struct history_line *l = NULL;
		size_t n = 0;

		if (a.series && sv[i].id != (long long)a.series)
			continue;
		if (history_query_lines(&s, sv[i].id, NULL, false, (size_t)a.last, &l, &n))
			rc = SK_USAGE;
		for (size_t k = 0; rc == SK_OK && k < n; k++)
			if (export_line(&s, doc, l, n, k, &tests))
				rc = SK_USAGE;
		history_lines_free(l, n);
	}
	if (rc == SK_OK && kcidb_write(doc, a.out))
		rc = SK_USAGE;
	if (rc == SK_OK)
		printf("history: wrote %s: KCIDB I/O v%d.%d, %zu tests\n", a.out, KCIDB_MAJOR,
		       KCIDB_MINOR, tests);
	json_decref(doc);
	history_series_free(sv, ns);
	history_store_close(&s);
	return rc;
}

const struct history_verb history_export_verb = {
	.name = "export",
	.rows = HISTORY_ARG_KCIDB | HISTORY_ARG_SERIES | HISTORY_ARG_LAST,
	.what = "the runs as KernelCI KCIDB I/O JSON (schema v5.3): each run's kernel\n"
		"a checkout and build, each stressor a test stresskit.NAME whose\n"
		"number is the mean ops/s of the run's passes",
	.main = history_export_main,
};
