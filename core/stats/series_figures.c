/*
 * series_figures.c - the figures of a results document that compare reads
 * beyond the kernel test robot's (series.c reads those): the rest of
 * stress-ng's table (pipe.max-rss), each pass's --times figures
 * (times.user-time), and the run modes' figures where each mode says
 * they are and which way each is better (run_mode.h: a run's object at
 * results_key, a stressor entry's entry_objects and series_object), so
 * that every number two documents share has a row and this file names no
 * mode's figure. --repeat's summary keeps to lkp's rows.
 */
#include "series_figures.h"

#include <string.h>

#include "run_mode.h"

/*
 * Which way is better, by the figure's key under its stressor, for the
 * stressor's own figures; a mode's say theirs (run_mode.figures). A
 * figure not listed is neither (flagged "changed"): a time, a CPU share
 * or a count that follows the ops done in a timed run says nothing
 * alone; what a bogo-op costs is judged per op (cost.*).
 */
static const struct {
	const char *key;
	enum series_direction dir;
} series_figures_dirs[] = {
	{ "bogo-ops-per-second-usr-sys-time", SERIES_HIGHER_BETTER },
	{ "max-rss", SERIES_LOWER_BETTER },
};

/*
 * Not figures, in any object: counts of instances and statuses, and the
 * load averages, which are the machine's (the environment's load at the
 * start is noted apart); a mode's options echoed and the counts they fix
 * are its own to say (run_mode.not_figures).
 */
static const char *const series_figures_skip[] = {
	"instances-forked", "status", "instances", "load-average-1-minute",
	"load-average-5-minute", "load-average-15-minute",
};

static bool series_figures_skipped(const char *key)
{
	for (size_t i = 0; i < sizeof(series_figures_skip) / sizeof(*series_figures_skip); i++)
		if (!strcmp(key, series_figures_skip[i]))
			return true;
	for (size_t m = 0; m < run_modes_count(); m++)
		for (const char *const *k = run_modes_at(m)->not_figures; k && *k; k++)
			if (!strcmp(key, *k))
				return true;
	return false;
}

static enum series_direction series_figures_dir(const char *key)
{
	for (size_t i = 0; i < sizeof(series_figures_dirs) / sizeof(*series_figures_dirs); i++)
		if (!strcmp(key, series_figures_dirs[i].key))
			return series_figures_dirs[i].dir;
	for (size_t m = 0; m < run_modes_count(); m++)
		for (const struct run_mode_figure *f = run_modes_at(m)->figures; f && f->key; f++)
			if (!strcmp(key, f->key))
				return f->better > 0 ? SERIES_HIGHER_BETTER : SERIES_LOWER_BETTER;
	return SERIES_NEUTRAL;
}

/* Every number of obj, keyed "PREFIXkey"; the direction by dirkey's table entry. */
static int series_figures_object(struct series_set *set, const char *name,
				 const char *prefix, const char *dirprefix,
				 const json_t *obj)
{
	const char *key;
	json_t *val;
	int rc = 0;

	json_object_foreach((json_t *)obj, key, val) {
		char metric[200], dirkey[200];

		if (!json_is_number(val) || series_figures_skipped(key))
			continue;
		snprintf(metric, sizeof(metric), "%s%s", prefix, key);
		snprintf(dirkey, sizeof(dirkey), "%s%s", dirprefix, key);
		rc = series_push(set, name, metric, series_figures_dir(dirkey), val);
		if (rc)
			break;
	}
	return rc;
}

/* A series object's members, each series' figures keyed "OBJECT.SERIES.key";
 * the direction by the key alone. */
static int series_figures_series(struct series_set *set, const char *name,
				 const char *object, const json_t *obj)
{
	const char *series;
	json_t *figs;
	int rc = 0;

	json_object_foreach((json_t *)obj, series, figs) {
		char prefix[160];

		snprintf(prefix, sizeof(prefix), "%s.%s.", object, series);
		rc = series_figures_object(set, name, prefix, "", figs);
		if (rc)
			break;
	}
	return rc;
}

static int series_figures_entry(struct series_set *set, const char *name,
				const json_t *e)
{
	static const char *const stress_ng[] = {
		"bogo-ops-per-second-usr-sys-time", "wall-clock-time", "user-time",
		"system-time", "cpu-usage-per-instance", "max-rss",
	};
	int rc = 0;

	/* stress-ng's own keys, not the extra metrics it also writes flat */
	for (size_t i = 0; i < sizeof(stress_ng) / sizeof(*stress_ng) && !rc; i++)
		rc = series_push(set, name, stress_ng[i], series_figures_dir(stress_ng[i]),
				 json_object_get(e, stress_ng[i]));
	/* then each mode's objects, in the modes' order */
	for (size_t m = 0; m < run_modes_count() && !rc; m++) {
		const struct run_mode *rm = run_modes_at(m);

		if (rm->series_object)
			rc = series_figures_series(set, name, rm->series_object,
						   json_object_get(e, rm->series_object));
		for (const char *const *o = rm->entry_objects; o && *o && !rc; o++) {
			char prefix[64];

			snprintf(prefix, sizeof(prefix), "%s.", *o);
			rc = series_figures_object(set, name, prefix, prefix, json_object_get(e, *o));
		}
	}
	return rc;
}

/* A pass's --times figures, then each run mode's (KEY.NAME, KEY its results_key). */
static int series_figures_times(struct series_set *set, const json_t *run)
{
	int rc = series_figures_object(set, "times", "", "", json_object_get(run, "times"));

	for (size_t i = 0; i < run_modes_count() && !rc; i++) {
		const char *key = run_modes_at(i)->results_key;

		if (key)
			rc = series_figures_object(set, key, "", "", json_object_get(run, key));
	}
	return rc;
}

int series_from_doc_all(const json_t *doc, struct series_set *set,
			char *err, size_t errlen)
{
	static const struct series_more figures = {
		.entry = series_figures_entry, .run = series_figures_times,
	};

	return series_read(doc, set, &figures, err, errlen);
}
