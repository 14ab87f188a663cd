/*
 * recorder.c - keeps every run of a session in the results document,
 * reads the perf counters after each run, and at the end prints the
 * summary of repeated runs and writes --yaml and --json.
 */
#include "recorder.h"

#include <stdlib.h>

#include "log.h"
#include "perf.h"
#include "report.h"
#include "results.h"
#include "series.h"

struct recorder {
	const struct cli_config *cfg;
	struct results_files files;
	json_t *doc;		/* NULL when nothing reads it */
	struct perf_set *perf;
	bool oom_told;
};

struct recorder *recorder_begin(const struct cli_config *cfg,
				char *err, size_t errlen)
{
	struct recorder *r = calloc(1, sizeof(*r));

	if (!r) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	r->cfg = cfg;
	if (results_open_files(cfg, &r->files, err, errlen)) {
		free(r);
		return NULL;
	}
	if (cfg->yaml_path || cfg->json_path || cfg->repeat > 1)
		r->doc = results_new(cfg);
	if (cfg->perf)
		r->perf = perf_new();
	return r;
}

struct perf_set *recorder_perf(struct recorder *r)
{
	return r ? r->perf : NULL;
}

void recorder_run(struct recorder *r, const struct run_result *res,
		  const struct stressor_summary *sums)
{
	struct perf_counts *counts = NULL;
	struct report_times times;

	if (r->perf) {
		counts = calloc(res->n ? res->n : 1, sizeof(*counts));
		if (counts) {
			perf_collect(r->perf, res, counts);
			perf_report(r->perf, res, counts);
		}
	}
	if (r->doc) {
		struct results_run run = {
			.res = res, .sums = sums, .perf = counts, .times = &times,
		};

		report_times_compute(sums, res->n, res->wall, r->cfg->ncpus, &times);
		if (results_add_run(r->doc, &run) && !r->oom_told) {
			log_warn("out of memory: results of run %zu are incomplete",
				 json_array_size(json_object_get(r->doc, "runs")));
			r->oom_told = true;
		}
	}
	free(counts);
}

int recorder_end(struct recorder *r, int status)
{
	if (!r)
		return status;
	if (r->doc && json_array_size(json_object_get(r->doc, "runs")) > 1) {
		struct series_set set;
		char err[256];

		if (series_from_doc(r->doc, &set, err, sizeof(err)) == 0) {
			series_print_summary(&set);
			series_free(&set);
		}
	}
	if (r->doc) {
		results_finish(r->doc);
		if (results_write(r->doc, &r->files, r->cfg) && status == SK_OK)
			status = SK_USAGE;
	}
	results_close_files(&r->files);
	json_decref(r->doc);
	perf_free(r->perf);
	free(r);
	return status;
}
