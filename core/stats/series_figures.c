/*
 * series_figures.c - the figures of a results document that compare reads
 * beyond the kernel test robot's (series.c reads those): the rest of
 * stress-ng's table (pipe.max-rss), each latency series' mean
 * (pipe.latency.write.mean-usecs), the fairness and steady-state figures
 * (pipe.fairness.instance-rate-cv-pct), and each pass's --times figures
 * (times.user-time), so that every number two documents share has a row.
 * --repeat's summary keeps to lkp's rows.
 */
#include "series_figures.h"

#include <string.h>

#include "run_mode.h"

/*
 * Which way is better, by the figure's key under its stressor. A figure not
 * listed is neither (flagged "changed"): a time, a CPU share or a count
 * that follows the ops done in a timed run says nothing alone; what a
 * bogo-op costs is judged per op (cost.*).
 */
static const struct {
	const char *key;
	enum series_direction dir;
} series_figures_dirs[] = {
	{ "bogo-ops-per-second-usr-sys-time", SERIES_HIGHER_BETTER },
	{ "max-rss", SERIES_LOWER_BETTER },
	{ "mean-usecs", SERIES_LOWER_BETTER },
	{ "fairness.instance-rate-min", SERIES_HIGHER_BETTER },
	{ "fairness.instance-rate-max", SERIES_HIGHER_BETTER },
	{ "fairness.instance-rate-cv-pct", SERIES_LOWER_BETTER },
	{ "fairness.interval-rate-cv-pct", SERIES_LOWER_BETTER },
	{ "steady-state.attained-at", SERIES_LOWER_BETTER },
	{ "steady-state.window-bogo-ops-per-second", SERIES_HIGHER_BETTER },
	{ "steady-state.slope-pct", SERIES_LOWER_BETTER },	/* |slope| */
	{ "steady-state.range-pct", SERIES_LOWER_BETTER },
	{ "envelope.bogo-ops-per-second-real-time", SERIES_HIGHER_BETTER },
	{ "envelope.bogo-ops-per-second-usr-sys-time", SERIES_HIGHER_BETTER },
	{ "envelope.slow-windows-pct", SERIES_LOWER_BETTER },
};

/*
 * Not figures: the run's options echoed (compare_options.c weighs them),
 * counts of samples that the options fix, and the load averages, which
 * are the machine's (the environment's load at the start is noted apart).
 */
static const char *const series_figures_skip[] = {
	"instances-forked", "status", "sample-interval", "limit-pct", "window",
	"intervals", "window-intervals", "instances", "window-seconds", "quantile",
	"windows", "samples", "tasks", "load-average-1-minute",
	"load-average-5-minute", "load-average-15-minute",
};

static bool series_figures_skipped(const char *key)
{
	for (size_t i = 0; i < sizeof(series_figures_skip) / sizeof(*series_figures_skip); i++)
		if (!strcmp(key, series_figures_skip[i]))
			return true;
	return false;
}

static enum series_direction series_figures_dir(const char *key)
{
	for (size_t i = 0; i < sizeof(series_figures_dirs) / sizeof(*series_figures_dirs); i++)
		if (!strcmp(key, series_figures_dirs[i].key))
			return series_figures_dirs[i].dir;
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

static int series_figures_entry(struct series_set *set, const char *name,
				const json_t *e)
{
	static const char *const stress_ng[] = {
		"bogo-ops-per-second-usr-sys-time", "wall-clock-time", "user-time",
		"system-time", "cpu-usage-per-instance", "max-rss",
	};
	static const char *const objects[] = { "fairness", "steady-state", "envelope",
					       "placement" };
	const char *series;
	json_t *lat;
	int rc = 0;

	/* stress-ng's own keys, not the extra metrics it also writes flat */
	for (size_t i = 0; i < sizeof(stress_ng) / sizeof(*stress_ng) && !rc; i++)
		rc = series_push(set, name, stress_ng[i], series_figures_dir(stress_ng[i]),
				 json_object_get(e, stress_ng[i]));
	/* the percentiles are extra metrics already; the mean and count are not */
	json_object_foreach(json_object_get(e, "latency"), series, lat) {
		char prefix[160];

		if (rc)
			break;
		snprintf(prefix, sizeof(prefix), "latency.%s.", series);
		rc = series_figures_object(set, name, prefix, "", lat);
	}
	for (size_t i = 0; i < sizeof(objects) / sizeof(*objects) && !rc; i++) {
		char prefix[64];

		snprintf(prefix, sizeof(prefix), "%s.", objects[i]);
		rc = series_figures_object(set, name, prefix, prefix,
					   json_object_get(e, objects[i]));
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
