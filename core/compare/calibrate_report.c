/*
 * calibrate_report.c - calibrate's model per row, its profile document
 * and its table (calibrate_report.h). Invariants: a row holds the figures
 * of at least two invocations; the profile's figures are finite or null
 * (JSON has no NaN or infinity), never a made-up number.
 */
#include "calibrate_report.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_method.h"
#include "estimator.h"
#include "json_finite.h"
#include "student.h"

/* The invocations a side the table gives the smallest detectable change at. */
static const unsigned calibrate_report_sides[] = { 3, 5, 10 };
#define CALIBRATE_REPORT_NSIDES (sizeof(calibrate_report_sides) / sizeof(*calibrate_report_sides))
/* the power the smallest detectable change is detected with */
#define CALIBRATE_REPORT_POWER 0.95

static const char *const calibrate_report_kpis[] = {
	".ops_per_sec", ".bogo-ops-per-second-usr-sys-time",
};

bool calibrate_report_kpi(const char *key)
{
	size_t len = strlen(key);

	/* of the envelope, its ops/s: the row compare's verdict reads */
	if (strstr(key, ".envelope."))
		return compare_envelope(key);
	for (size_t i = 0; i < sizeof(calibrate_report_kpis) / sizeof(*calibrate_report_kpis); i++) {
		size_t l = strlen(calibrate_report_kpis[i]);

		if (len > l && !strcmp(key + len - l, calibrate_report_kpis[i]))
			return true;
	}
	return false;
}

/*
 * Fits key over the k sets; false when the model does not fit it. An
 * envelope row is fitted on each invocation's passes out of the machine's
 * slow stretches, as compare reads it (estimator_fast_passes), or on all
 * of them where too few are left to fit.
 */
static bool calibrate_report_row(const struct series_set *sets, size_t k,
				 const char *key, struct calibrate_row *row)
{
	const double *v[k];
	double *fast[k];
	size_t n[k], first = 0;
	bool balanced = true, env = compare_envelope(key), fits;

	for (size_t i = 0; i < k; i++) {
		const struct series *s = series_find(&sets[i], key);

		fast[i] = NULL;
		v[i] = s ? s->v : NULL;
		n[i] = s ? s->n : 0;
		if (env && n[i] && (fast[i] = malloc(n[i] * sizeof(double)))) {
			n[i] = estimator_fast_passes(s->v, s->n, fast[i]);
			v[i] = fast[i];
		}
		if (n[i] && !first)
			first = n[i];
		balanced = balanced && (!n[i] || n[i] == first);
	}
	fits = !anova_one_way(v, n, k, &row->fit);
	/* too few fast passes to fit (a loaded machine's): fitted on all */
	for (size_t i = 0; env && !fits && i < k; i++) {
		const struct series *s = series_find(&sets[i], key);

		v[i] = s ? s->v : NULL;
		n[i] = s ? s->n : 0;
	}
	if (env && !fits)
		fits = !anova_one_way(v, n, k, &row->fit);
	for (size_t i = 0; i < k; i++)
		free(fast[i]);
	if (!fits)
		return false;
	row->key = key;
	row->passes = balanced ? (double)first : row->fit.n0;
	return true;
}

int calibrate_report_fit(const struct series_set *sets, size_t k,
			 struct calibrate_report *rep)
{
	memset(rep, 0, sizeof(*rep));
	/* each key once, in the order of the first invocation that has it */
	for (size_t i = 0; i < k; i++)
		for (size_t j = 0; j < sets[i].n; j++) {
			const char *key = sets[i].s[j].key;
			struct calibrate_row row, *rows;
			bool seen = false;

			for (size_t e = 0; e < i && !seen; e++)
				seen = series_find(&sets[e], key) != NULL;
			if (seen || !calibrate_report_row(sets, k, key, &row))
				continue;
			rows = realloc(rep->rows, (rep->n + 1) * sizeof(*rows));
			if (!rows) {
				calibrate_report_free(rep);
				return -ENOMEM;
			}
			rep->rows = rows;
			rep->rows[rep->n++] = row;
		}
	return 0;
}

void calibrate_report_free(struct calibrate_report *rep)
{
	free(rep->rows);
	rep->rows = NULL;
	rep->n = 0;
}

/* 100 sd / |mean|: NAN when the mean is 0. */
static double calibrate_report_cv(double var, double mean)
{
	return mean ? 100 * sqrt(var) / fabs(mean) : NAN;
}

static json_t *calibrate_report_row_json(const struct calibrate_row *r)
{
	json_t *o = json_object();

	if (!o)
		return NULL;
	if (json_object_set_new(o, "mean", json_finite(r->fit.mean)) ||
	    json_object_set_new(o, "within-cv-pct", json_finite(
			calibrate_report_cv(r->fit.var_within, r->fit.mean))) ||
	    json_object_set_new(o, "between-cv-pct", json_finite(
			calibrate_report_cv(r->fit.var_between, r->fit.mean))) ||
	    json_object_set_new(o, "f", json_finite(r->fit.f)) ||
	    json_object_set_new(o, "f-p", json_finite(r->fit.p)) ||
	    json_object_set_new(o, "invocations", json_integer((json_int_t)r->fit.groups)) ||
	    json_object_set_new(o, "passes", r->passes == floor(r->passes) ?
				json_integer((json_int_t)r->passes) : json_real(r->passes))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* first's member key, shared (a reference), or null when it has none. */
static json_t *calibrate_report_copy(const json_t *first, const char *key)
{
	json_t *v = json_object_get(first, key);

	return v ? json_incref(v) : json_null();
}

json_t *calibrate_report_profile(const struct calibrate_report *rep, const json_t *first)
{
	json_t *doc = json_object(), *rows = json_object();
	bool bad = !doc || !rows;

	bad = bad || json_object_set_new(doc, "stresskit-noise-profile",
					 json_integer(CALIBRATE_PROFILE_VERSION));
	bad = bad || json_object_set_new(doc, "configuration",
					 calibrate_report_copy(first, "configuration"));
	bad = bad || json_object_set_new(doc, "environment",
					 calibrate_report_copy(first, "environment"));
	bad = bad || json_object_set_new(doc, "invocations", json_integer(rep->invocations));
	bad = bad || json_object_set_new(doc, "passes", json_integer(rep->passes));
	bad = bad || json_object_set_new(doc, "gap-seconds", json_real(rep->gap));
	for (size_t i = 0; i < rep->n && !bad; i++)
		bad = json_object_set_new(rows, rep->rows[i].key,
					  calibrate_report_row_json(&rep->rows[i]));
	if (!bad) {
		bad = json_object_set_new(doc, "rows", rows);
		rows = NULL;
	}
	json_decref(rows);
	if (bad) {
		json_decref(doc);
		return NULL;
	}
	return doc;
}

/*
 * The smallest change in percent of the mean that a two-sided t-test at
 * CALIBRATE_ALPHA detects with CALIBRATE_REPORT_POWER, with m invocations
 * a side of n passes each: an invocation's mean varies by
 * s_w^2 / n + s_b^2, the difference of two sides' means by twice that
 * over m, on 2m - 2 degrees of freedom.
 */
static double calibrate_report_mde(const struct anova *a, double n, unsigned m)
{
	double df = 2.0 * m - 2;
	double t = student_quantile(1 - CALIBRATE_ALPHA / 2, df) +
		   student_quantile(CALIBRATE_REPORT_POWER, df);

	return t * sqrt(2 * (a->var_within / n + a->var_between) / m) / fabs(a->mean) * 100;
}

/* "12.34%" or "-" when not a number: a cell of width w. */
static void calibrate_report_pct(FILE *f, double v, int w)
{
	if (isfinite(v))
		fprintf(f, " %*.2f%%", w - 1, v);
	else
		fprintf(f, " %*s", w, "-");
}

static void calibrate_report_num(FILE *f, double v, int w, const char *fmt)
{
	char cell[32];

	if (isfinite(v))
		snprintf(cell, sizeof(cell), fmt, v);
	else
		snprintf(cell, sizeof(cell), isinf(v) ? "inf" : "-");
	fprintf(f, " %*s", w, cell);
}

/* What the F says of one row, in one line. */
static void calibrate_report_reading(FILE *f, const struct calibrate_row *r)
{
	const struct anova *a = &r->fit;

	if (isnan(a->f)) {
		fprintf(f, "%s: no spread at all, within or between invocations\n", r->key);
		return;
	}
	fprintf(f, "%s: F %.2f on %.0f and %.0f df, p %.2g: ", r->key, a->f,
		a->df_between, a->df_within, a->p);
	if (a->p < CALIBRATE_ALPHA)
		fprintf(f, "invocations spread more than their passes do (p < %g): "
			"the passes of one invocation understate the noise; "
			"compare separate invocations\n", CALIBRATE_ALPHA);
	else
		fprintf(f, "passes spread as much as invocations do "
			"(no drift between invocations found at %g)\n", CALIBRATE_ALPHA);
}

void calibrate_report_print(const struct calibrate_report *rep, FILE *f)
{
	int w = (int)strlen("row");
	size_t kpis = 0;
	char mean[32];

	for (size_t i = 0; i < rep->n; i++)
		if (calibrate_report_kpi(rep->rows[i].key)) {
			int l = (int)strlen(rep->rows[i].key);

			w = l > w ? l : w;
			kpis++;
		}
	fprintf(f, "noise of %u invocations of %u passes, %g s apart: mean, "
		"coefficients of variation within an invocation and between invocations,\n"
		"F = MSB/MSW and its p; MDE@M: the smallest change a two-sided %g%% "
		"t-test detects with %.0f%% power, M invocations a side of %u passes each\n",
		rep->invocations, rep->passes, rep->gap, CALIBRATE_ALPHA * 100,
		CALIBRATE_REPORT_POWER * 100, rep->passes);
	fprintf(f, "%-*s %12s %8s %8s %8s %8s", w, "row", "mean", "within", "between",
		"F", "p");
	for (size_t m = 0; m < CALIBRATE_REPORT_NSIDES; m++) {
		char head[16];

		snprintf(head, sizeof(head), "MDE@%u", calibrate_report_sides[m]);
		fprintf(f, " %7s", head);
	}
	fputc('\n', f);
	for (size_t i = 0; i < rep->n; i++) {
		const struct calibrate_row *r = &rep->rows[i];

		if (!calibrate_report_kpi(r->key))
			continue;
		series_format_value(r->fit.mean, mean, sizeof(mean));
		fprintf(f, "%-*s %12s", w, r->key, mean);
		calibrate_report_pct(f, calibrate_report_cv(r->fit.var_within, r->fit.mean), 8);
		calibrate_report_pct(f, calibrate_report_cv(r->fit.var_between, r->fit.mean), 8);
		calibrate_report_num(f, r->fit.f, 8, "%.2f");
		calibrate_report_num(f, r->fit.p, 8, "%.2g");
		for (size_t m = 0; m < CALIBRATE_REPORT_NSIDES; m++)
			calibrate_report_pct(f, calibrate_report_mde(&r->fit, rep->passes,
								     calibrate_report_sides[m]), 7);
		fputc('\n', f);
	}
	if (!kpis)
		fprintf(f, "(no KPI row: no NAME.ops_per_sec in the runs)\n");
	for (size_t i = 0; i < rep->n; i++)
		if (calibrate_report_kpi(rep->rows[i].key))
			calibrate_report_reading(f, &rep->rows[i]);
}
