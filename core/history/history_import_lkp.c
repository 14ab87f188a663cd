/*
 * history_import_lkp.c - "stresskit history import-lkp DB RESULT_ROOT...
 * [--label NAME=VALUE]...": lkp-tests' results as runs of a history, so a
 * team that runs LKP charts and searches the same series.
 *
 * lkp-tests keeps a result root per run, RESULT_ROOT_DIR/testcase/
 * path_params/tbox_group/rootfs/kconfig/compiler/commit/N (lib/result.rb,
 * ResultPath's default PATH_SCHEME), each with stats.json, one value per
 * stat (lib/matrix.rb, create_stats_matrix); and per commit, the
 * directory above, matrix.json: each stat's values over the runs, one
 * column a run, "stats_source" naming each (unite_to). A commit's
 * directory is imported as one run whose passes are its columns (the
 * spread of the robot's runs, as compare reads a matrix); a run's
 * directory as one run of one pass. Stats keep lkp's names
 * (stress-ng.sendfile.ops_per_sec), so its KPIs are lkp's own.
 *
 * The series is the path less the commit and the run: testcase,
 * path_params, rootfs, kconfig and compiler as the options, tbox_group as
 * the machine; the commit becomes the run's commit label.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <stresskit/stressor.h>

#include "history.h"
#include "history_args.h"
#include "history_doc.h"
#include "history_store.h"
#include "log.h"

/* ResultPath's default scheme after the testcase, commit last */
enum { LKP_TESTCASE, LKP_PARAMS, LKP_TBOX, LKP_ROOTFS, LKP_KCONFIG, LKP_COMPILER,
       LKP_COMMIT, LKP_AXES };

static const char *const lkp_axis_names[LKP_AXES] = {
	"testcase", "path_params", "tbox_group", "rootfs", "kconfig", "compiler", "commit",
};

/*
 * The axes of a commit directory's path: its last LKP_AXES components.
 * A shorter path leaves the first axes "-". Returns 0 or -ENAMETOOLONG.
 */
static int lkp_axes(const char *dir, char axes[LKP_AXES][NAME_MAX + 1])
{
	char path[PATH_MAX];
	size_t n;
	int k = LKP_AXES - 1;

	if (snprintf(path, sizeof(path), "%s", dir) >= (int)sizeof(path))
		return -ENAMETOOLONG;
	for (int i = 0; i < LKP_AXES; i++)
		snprintf(axes[i], NAME_MAX + 1, "-");
	while ((n = strlen(path)) > 1 && path[n - 1] == '/')
		path[n - 1] = '\0';
	while (k >= 0 && path[0]) {
		char *slash = strrchr(path, '/');

		snprintf(axes[k--], NAME_MAX + 1, "%s", slash ? slash + 1 : path);
		if (!slash || slash == path)
			break;
		*slash = '\0';
	}
	return 0;
}

/*
 * One column of matrix (or each value of stats, col 0) as a pass: each
 * stat "monitor.rest" pushed under its full name. Strings (stats_source)
 * are not figures and are skipped, as are keys without a monitor.
 */
static int lkp_pass(const json_t *m, size_t col, bool matrix, struct series_set *set)
{
	const char *key;
	json_t *v;

	json_object_foreach((json_t *)m, key, v) {
		const json_t *x = matrix ? json_array_get(v, col) : v;
		const char *dot = strchr(key, '.');
		char monitor[256];
		int rc;

		if (!dot || !json_is_number(x) || (size_t)(dot - key) >= sizeof(monitor))
			continue;
		snprintf(monitor, sizeof(monitor), "%.*s", (int)(dot - key), key);
		rc = series_push(set, monitor, dot + 1, SERIES_NEUTRAL, x);
		if (rc)
			return rc;
	}
	return 0;
}

/* dir less its last component ("a/b/c/" -> "a/b"); "." when none is left. */
static void lkp_parent(char *dir)
{
	size_t n = strlen(dir);
	char *slash;

	while (n > 1 && dir[n - 1] == '/')
		dir[--n] = '\0';
	slash = strrchr(dir, '/');
	if (!slash)
		snprintf(dir, 2, ".");
	else
		slash[slash == dir] = '\0';
}

/* The series a result root belongs to, from its axes. */
static int lkp_doc_identity(char axes[LKP_AXES][NAME_MAX + 1], const char *root,
			    struct history_doc *d)
{
	json_t *opts = json_object(), *env;

	if (!opts)
		return -ENOMEM;
	for (int i = 0; i < LKP_COMMIT; i++)
		if (i != LKP_TBOX)
			json_object_set_new(opts, lkp_axis_names[i], json_string(axes[i]));
	d->options = json_dumps(opts, JSON_SORT_KEYS | JSON_COMPACT);
	env = json_pack("{s:s,s:O}", "lkp-result-root", root, "lkp-axes", opts);
	for (int i = 0; env && i < LKP_AXES; i++)
		json_object_set_new(json_object_get(env, "lkp-axes"), lkp_axis_names[i],
				    json_string(axes[i]));
	d->environment = env ? json_dumps(env, JSON_SORT_KEYS | JSON_COMPACT) : NULL;
	json_decref(opts);
	json_decref(env);
	if (!d->options || !d->environment)
		return -ENOMEM;
	history_hash(d->options, strlen(d->options), d->fingerprint);
	snprintf(d->machine, sizeof(d->machine), "%.200s (lkp-tests)", axes[LKP_TBOX]);
	snprintf(d->job, sizeof(d->job), "%.100s %.120s (lkp-tests)", axes[LKP_TESTCASE],
		 axes[LKP_PARAMS]);
	snprintf(d->kernel, sizeof(d->kernel), "%.120s", axes[LKP_COMMIT]);
	snprintf(d->bogo_versions, sizeof(d->bogo_versions), "lkp-tests");
	snprintf(d->stresskit_version, sizeof(d->stresskit_version), "-");
	return 0;
}

int history_lkp_doc_read(const char *root, const char *file, bool matrix, const char *buf,
			 size_t len, struct history_doc *d)
{
	char axes[LKP_AXES][NAME_MAX + 1], dir[PATH_MAX];
	json_error_t jerr;
	json_t *m;
	size_t cols = 1;
	int rc = 0;

	memset(d, 0, sizeof(*d));
	d->started = -1;
	d->lkp_names = true;
	m = json_loadb(buf, len, 0, &jerr);
	if (!json_is_object(m)) {
		log_usage_error("history: %s: not lkp-tests' JSON: %s", file,
				m ? "not an object" : jerr.text);
		json_decref(m);
		return -1;
	}
	if (matrix)
		cols = json_array_size(json_object_get(m, "stats_source"));
	/* a run's directory: its commit is the directory above */
	snprintf(dir, sizeof(dir), "%s", root);
	if (!matrix)
		lkp_parent(dir);
	if (!cols) {
		log_usage_error("history: %s: a matrix without stats_source: no runs", file);
		rc = -1;
	} else if (lkp_axes(dir, axes)) {
		log_usage_error("history: %s: path too long", root);
		rc = -1;
	}
	if (!rc && (rc = lkp_doc_identity(axes, root, d)) == 0)
		d->pass = calloc(cols, sizeof(*d->pass));
	for (size_t c = 0; !rc && d->pass && c < cols; c++, d->passes++)
		rc = lkp_pass(m, c, matrix, &d->pass[c]);
	if (!rc && !d->pass)
		rc = -ENOMEM;
	if (rc == -ENOMEM)
		log_usage_error("history: %s: %s", root, strerror(ENOMEM));
	json_decref(m);
	return rc ? -1 : 0;
}

/*
 * A result root read into d: a commit's matrix.json, else a run's
 * stats.json (whose commit is the directory above). *file is the one
 * read, *buf its bytes (the caller's, for the content hash). 0, or -1
 * after one line.
 */
static int lkp_read(const char *root, struct history_doc *d, char *file, size_t flen,
		    char **buf, size_t *len)
{
	bool matrix = true;
	struct stat st;

	memset(d, 0, sizeof(*d));
	snprintf(file, flen, "%s/matrix.json", root);
	if (stat(file, &st)) {
		matrix = false;
		snprintf(file, flen, "%s/stats.json", root);
		if (stat(file, &st)) {
			log_usage_error("history: %s: not an lkp-tests result root (no matrix.json "
					"or stats.json; a compressed one wants gunzip first)", root);
			return -1;
		}
	}
	*buf = history_add_slurp(file, len);
	if (!*buf)
		return -1;
	return history_lkp_doc_read(root, file, matrix, *buf, *len, d);
}

static int history_import_lkp_main(int argc, char **argv)
{
	struct history_args a;
	struct history_store s;
	const char *roots[argc > 0 ? argc : 1];
	int failed = 0, rc;

	if (!history_verb_start(&history_import_lkp_verb, argc, argv, roots, &a, &s, &rc))
		return rc;
	for (size_t i = 0; i < a.n_inputs; i++) {
		struct history_labels l = a.labels;
		char file[PATH_MAX + 16], hash[HISTORY_HASH_HEX];
		struct history_doc d;
		char *buf = NULL;
		size_t len = 0;
		int rc = lkp_read(roots[i], &d, file, sizeof(file), &buf, &len);

		/* the commit is the run's label unless one was given */
		if (!rc) {
			bool given = false;

			for (size_t j = 0; j < l.n; j++)
				given |= !strcmp(l.name[j], "commit");
			if (!given && history_label_set(&l, "commit", strlen("commit"), d.kernel)) {
				log_usage_error("history: %s: no room for its commit label beside %d "
						"--label", roots[i], HISTORY_LABELS_MAX);
				rc = -1;
			}
		}
		if (!rc) {
			history_hash(buf, len, hash);
			rc = history_add_doc(&s, file, hash, &d, &l);
		}
		failed |= rc != 0;
		free(buf);
		history_doc_free(&d);
	}
	history_store_close(&s);
	return failed ? SK_USAGE : SK_OK;
}

const struct history_verb history_import_lkp_verb = {
	.name = "import-lkp",
	.rows = HISTORY_ARG_LABEL | HISTORY_ARG_INPUTS,
	.input = "RESULT_ROOT",
	.what = "lkp-tests' results: a commit's directory (matrix.json: its runs as\n"
		"passes) or a run's (stats.json), stats under lkp's names; the series\n"
		"is the path less commit and run, the commit the run's label",
	.main = history_import_lkp_main,
};
