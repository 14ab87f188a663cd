/*
 * compare_noise.c - a side's drift between invocations, measured (see
 * compare_noise.h). A profile is "stresskit calibrate"'s: its rows give,
 * per figure, the spread of an invocation's mean beyond what its passes
 * show ("between-cv-pct"), fitted on K invocations of N passes.
 */
#include "compare_noise.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_options.h"
#include "json_file.h"
#include "log.h"
#include "stats.h"

#define COMPARE_NOISE_FORMAT "stresskit-noise-profile"

json_t *compare_noise_read(const char *path, const json_t *base, const char *base_path,
			   bool force)
{
	char err[512];
	json_t *doc = json_file_load(path, err, sizeof(err)), *rows;

	if (!doc) {
		log_usage_error("compare: --noise: %s", err);
		return NULL;
	}
	rows = json_object_get(doc, "rows");
	if (json_integer_value(json_object_get(doc, COMPARE_NOISE_FORMAT)) != 1 ||
	    !json_is_object(rows)) {
		log_usage_error("compare: --noise %s: not a noise profile (stresskit calibrate "
				"writes one)", path);
		json_decref(doc);
		return NULL;
	}
	/* a profile measured on another job: its noise is another's */
	if (!force && compare_options_differ(base, base_path, doc, path)) {
		json_decref(doc);
		return NULL;
	}
	return doc;
}

/*
 * The side's own spread of invocations: the variance of its documents'
 * means less what their passes' spread puts there (a one-way random
 * effects fit by moments, floored at 0), in percent of the mean. NAN
 * when the row is not in every run of every document.
 */
static double compare_noise_documents(const struct compare_side *side, const struct series *r)
{
	size_t total = 0, at = 0, k = side->files;
	double means[k], within = 0, passes = 0;
	struct stats all, m;

	for (size_t f = 0; f < k; f++)
		total += side->file_runs[f];
	if (total != r->n)
		return NAN;
	for (size_t f = 0; f < k; f++) {
		size_t n = side->file_runs[f];
		struct stats st;

		if (!n)
			return NAN;
		stats_compute(r->v + at, n, &st);
		means[f] = st.mean;
		within += stats_sample_var(r->v + at, n) * (double)(n - 1);
		passes += (double)n;
		at += n;
	}
	if (!(passes > (double)k))
		return NAN;
	within /= passes - (double)k;
	stats_compute(r->v, r->n, &all);
	stats_compute(means, k, &m);
	if (all.mean == 0)
		return NAN;
	return 100 * sqrt(fmax(0, stats_sample_var(means, k) - within * (double)k / passes)) /
	       fabs(all.mean);
}

enum compare_noise_source compare_noise_between(const struct compare_side *side,
						const json_t *noise, const char *key,
						struct compare_sample *s)
{
	const struct series *r = series_find(&side->set, key);
	json_t *row;
	double pct;

	if (r && side->file_runs && side->files >= COMPARE_NOISE_MIN_FILES &&
	    !isnan(pct = compare_noise_documents(side, r))) {
		s->between_known = true;
		s->between_pct = pct;
		s->between_df = (double)side->files - 1;
		return COMPARE_NOISE_DOCUMENTS;
	}
	/* calibrate writes null where the figure is undefined (a mean of 0) */
	row = noise ? json_object_get(json_object_get(noise, "rows"), key) : NULL;
	pct = json_number_value(json_object_get(row, "between-cv-pct"));
	if (json_is_number(json_object_get(row, "between-cv-pct")) && isfinite(pct) && pct >= 0) {
		double k = json_number_value(json_object_get(row, "invocations"));

		s->between_known = true;
		s->between_pct = pct;
		/* a profile without its count (hand-written) is taken as exact */
		s->between_df = k >= 2 ? k - 1 : INFINITY;
		return COMPARE_NOISE_PROFILE;
	}
	return COMPARE_NOISE_DRIFT;
}
