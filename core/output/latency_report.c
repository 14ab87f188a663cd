/*
 * latency_report.c - --latency's figures in the text report and in the
 * results document, for the latency mode's output (latency_output.c).
 * The lines have the shape of any miscellaneous metric (NAME VALUE
 * DESCRIPTION (HOW of N instances)), so a parser of stress-ng's output
 * takes each percentile as one more metric. HOW is
 * "total histogram": LKP's parser (lkp-tests programs/stress-ng/parse)
 * takes a misc line only when its parenthesis opens with average,
 * geometric mean, harmonic mean or total, and the percentiles are of the
 * instances' histograms summed, a total.
 */
#include "latency_report.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "log.h"
#include "results.h"

static const struct {
	int rung;
	const char *label;
} latency_report_rungs[] = {
	{ LAT_P50, "p50" }, { LAT_P90, "p90" }, { LAT_P99, "p99" },
	{ LAT_P999, "p99.9" }, { LAT_MAX, "max" },
};

#define LATENCY_REPORT_N (sizeof(latency_report_rungs) / sizeof(latency_report_rungs[0]))

void latency_report_desc(const struct latency_figures *f, int rung,
			 char *out, size_t len)
{
	const char *label = "?";

	for (size_t i = 0; i < LATENCY_REPORT_N; i++)
		if (latency_report_rungs[i].rung == rung)
			label = latency_report_rungs[i].label;
	snprintf(out, len, "usecs %s %s latency", label, f->name);
}

void latency_report_lines(const char *name, const struct latency_figures *figs, size_t n)
{
	char desc[128];

	for (size_t k = 0; k < n; k++) {
		const struct latency_figures *f = &figs[k];

		for (size_t i = 0; i < LATENCY_REPORT_N; i++) {
			int rung = latency_report_rungs[i].rung;

			latency_report_desc(f, rung, desc, sizeof(desc));
			log_metric("%-13s %13.2f %s (total histogram of %u instances, %llu timed ops)",
				   name, f->ladder[rung] / 1e3, desc, f->instances,
				   (unsigned long long)f->count);
		}
	}
}

/* The merged histogram: HdrHistogram's layout, and each non-empty counter. */
static json_t *latency_report_histogram(const struct latency_instances *li,
					unsigned series)
{
	struct sk_latency *h = malloc(sizeof(*h));
	json_t *o = json_object(), *b = json_array();

	if (!h || !o || !b) {
		free(h);
		json_decref(o);
		json_decref(b);
		return json_null();
	}
	latency_merge_series(li, series, h);
	json_object_set_new(o, "unit", json_string("ns"));
	json_object_set_new(o, "lowest-discernible-value", json_integer(1));
	json_object_set_new(o, "highest-trackable-value",
			    json_integer((json_int_t)SK_LATENCY_HIGHEST));
	json_object_set_new(o, "significant-digits", json_integer(3));
	json_object_set_new(o, "total-count", json_integer((json_int_t)h->total));
	json_object_set_new(o, "overflow-count", json_integer((json_int_t)h->overflow));
	json_object_set_new(o, "min", json_integer(h->total ? (json_int_t)h->min : 0));
	json_object_set_new(o, "max", json_integer((json_int_t)h->max));
	/* [counts index, lowest value, highest value, count] */
	for (uint32_t i = 0; i < SK_LATENCY_COUNTS; i++) {
		if (!h->counts[i])
			continue;
		json_array_append_new(b, json_pack("[I,I,I,I]", (json_int_t)i,
			(json_int_t)sk_latency_lowest(i), (json_int_t)sk_latency_highest(i),
			(json_int_t)h->counts[i]));
	}
	json_object_set_new(o, "buckets", b);
	free(h);
	return o;
}

int latency_report_json(json_t *o, json_t *extra, const struct latency_figures *figs,
			size_t n, const struct latency_instances *li)
{
	json_t *lat;
	char desc[128], key[128];

	if (!n)
		return 0;
	if (!(lat = json_object()))
		return -ENOMEM;
	for (size_t k = 0; k < n; k++) {
		const struct latency_figures *f = &figs[k];
		json_t *series = json_object(), *ladder = json_array();

		for (size_t i = 0; i < LATENCY_REPORT_N; i++) {
			json_t *e = json_object();
			int rung = latency_report_rungs[i].rung;
			double us = f->ladder[rung] / 1e3;

			latency_report_desc(f, rung, desc, sizeof(desc));
			results_yaml_key(desc, key, sizeof(key));
			json_object_set_new(o, key, json_real(us));
			json_object_set_new(e, "description", json_string(desc));
			json_object_set_new(e, "value", json_real(us));
			json_object_set_new(e, "mean", json_string("histogram"));
			json_object_set_new(e, "instances", json_integer(f->instances));
			json_object_set_new(e, "higher-is-better", json_false());
			json_array_append_new(extra, e);
		}
		for (int r = 0; r < LATENCY_LADDER_N; r++)
			json_array_append_new(ladder, json_pack("{s:f,s:f}",
				"percentile", latency_ladder_pct[r],
				"usecs", f->ladder[r] / 1e3));
		json_object_set_new(series, "timed-ops", json_integer((json_int_t)f->count));
		json_object_set_new(series, "instances", json_integer(f->instances));
		json_object_set_new(series, "mean-usecs", json_real(f->mean / 1e3));
		json_object_set_new(series, "percentiles", ladder);
		json_object_set_new(series, "histogram", latency_report_histogram(li, f->series));
		json_object_set_new(lat, f->name, series);
	}
	return json_object_set_new(o, "latency", lat) ? -ENOMEM : 0;
}
