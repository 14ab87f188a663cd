/*
 * compare_side.c - the sides of "stresskit compare": each a results file,
 * or several joined by commas (the invocations of one side), read into
 * series of rows; files run with other options than the first are refused
 * unless --force.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compare.h"
#include "compare_options.h"
#include "json_file.h"
#include "log.h"
#include "run_mode.h"
#include "series_figures.h"

/* One results file as a document; NULL after one line when unreadable. */
static json_t *compare_read(const char *path)
{
	char err[512];
	json_t *doc = json_file_load(path, err, sizeof(err));

	if (!doc)
		log_usage_error("compare: %s", err);
	return doc;
}

/* The mean share of the CPUs other programs took in a side's runs, the
 * figure a mode names as such (run_mode.others_pct), or NAN when its
 * files do not say. */
static double compare_others_pct(const struct series_set *set)
{
	char key[160];

	for (size_t i = 0; i < run_modes_count(); i++) {
		const struct run_mode *m = run_modes_at(i);

		if (m->results_key && m->others_pct) {
			snprintf(key, sizeof(key), "%s.%s", m->results_key, m->others_pct);
			return series_mean(set, key);
		}
	}
	return NAN;
}

/*
 * A side: one file, or several joined by commas (A1.json,A2.json): the
 * runs of separate invocations, whose spread holds the machine's drift
 * between them, which one invocation's passes do not show. A path that
 * exists is one file, commas and all. The runs of the others are added
 * to the first's; one run with other options than the first is refused
 * as two sides are (unless --force).
 */
int compare_load(struct compare_side *side, bool force)
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

void compare_free(struct compare_side *sides, size_t n)
{
	for (size_t j = 0; j < n; j++) {
		series_free(&sides[j].set);
		series_free(&sides[j].profile);
		json_decref(sides[j].doc);
		free(sides[j].file_runs);
	}
}
