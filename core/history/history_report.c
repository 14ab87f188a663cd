/*
 * history_report.c - "stresskit history report DB -o report.html
 * [--series N] [--last N] [--max-p P] [--min-runs N]": one self-contained
 * HTML page, read without a network or JavaScript: the change points of
 * every KPI line first (a table), then a chart per KPI line of each
 * series (plot_history.h: each run's mean and its passes' spread, the
 * change points marked with their % and commits), then what the runs ran
 * on. Written beside its target and renamed into place (atomic_file.h).
 */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <stresskit/stressor.h>

#include "atomic_file.h"
#include "history.h"
#include "history_args.h"
#include "history_verdict.h"
#include "log.h"
#include "plot_history.h"
#include "svg.h"

/* A KPI line and its change points, judged once for the table and the chart. */
struct report_line {
	const struct history_series *series;
	struct history_line line;
	struct history_found *found;
	size_t nfound;
};

static const char report_style[] =
	"body{font-family:sans-serif;margin:1.5em;color:#222}"
	"table{border-collapse:collapse;margin:0.5em 0 1.5em}"
	"th,td{border:1px solid #bbb;padding:3px 8px;text-align:left;font-size:13px}"
	"th{background:#eef}td.num{text-align:right;font-variant-numeric:tabular-nums}"
	"tr.regression td.word{color:#b00020;font-weight:bold}"
	"tr.improvement td.word{color:#2a7d2a;font-weight:bold}"
	"code{font-size:12px;word-break:break-all}.chart{margin:0.5em 0 1em}";

static void report_text(FILE *f, const char *s)
{
	svg_escape(f, s);
}

/* "-9.6% c023 -> c024", a change point's label on its chart */
static void report_mark_label(const struct report_line *r, const struct history_found *h,
			      char *buf, size_t len)
{
	char b1[32], b2[32];

	snprintf(buf, len, "%+.1f%% %s \u2192 %s", h->v.change_pct,
		 history_point_name(&r->line.p[h->c.at - 1], b1, sizeof(b1)),
		 history_point_name(&r->line.p[h->c.at], b2, sizeof(b2)));
}

static void report_changes_table(FILE *f, const struct report_line *r, size_t n,
				 const struct history_args *o)
{
	size_t rows = 0;

	fprintf(f, "<h2>Change points</h2>\n<p>E-Divisive means over each KPI line, each "
		"point kept when Welch's t-test of the runs either side gives p &lt; %g and "
		"the change is 1%% or more, with %zu runs a side at least; the change, its "
		"95%% interval and the word are stresskit compare's, of the runs up to the "
		"neighbouring change points.</p>\n<table id=\"change-points\">\n<thead><tr>"
		"<th>series</th><th>KPI</th><th>index</th><th>before</th><th>after</th>"
		"<th>change</th><th>interval</th><th>p</th><th>verdict</th></tr></thead>\n<tbody>\n",
		o->p.max_p, o->p.min_runs);
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < r[i].nfound; k++, rows++) {
			const struct history_found *h = &r[i].found[k];
			const char *dir = history_verdict_direction(&r[i].line, h->v.change_pct);
			char b1[32], b2[32];

			fprintf(f, "<tr class=\"change-point %s\"><td class=\"num\">%lld</td><td>",
				dir, r[i].series->id);
			report_text(f, r[i].line.key);
			fprintf(f, "</td><td class=\"num\">%zu</td><td>", h->c.at);
			report_text(f, history_point_name(&r[i].line.p[h->c.at - 1], b1, sizeof(b1)));
			fprintf(f, "</td><td>");
			report_text(f, history_point_name(&r[i].line.p[h->c.at], b2, sizeof(b2)));
			fprintf(f, "</td><td class=\"num\">%+.1f%%</td><td class=\"num\">[%+.1f%%, "
				"%+.1f%%]</td><td class=\"num\">%.2g</td><td class=\"word\">%s %s</td></tr>\n",
				h->v.change_pct, h->v.ci_lo_pct, h->v.ci_hi_pct, h->c.p,
				compare_word_name(h->v.word), dir);
		}
	if (!rows)
		fprintf(f, "<tr class=\"none\"><td colspan=\"9\">no change point in any KPI "
			"line</td></tr>\n");
	fprintf(f, "</tbody>\n</table>\n");
}

static int report_chart(FILE *f, const struct report_line *r)
{
	const struct history_line *l = &r->line;
	struct plot_history_point *p = calloc(l->n ? l->n : 1, sizeof(*p));
	struct plot_history_mark *m = calloc(r->nfound ? r->nfound : 1, sizeof(*m));
	char (*names)[48] = calloc(l->n ? l->n : 1, sizeof(*names));
	char (*labels)[160] = calloc(r->nfound ? r->nfound : 1, sizeof(*labels));
	char id[300], title[512];
	int rc = -ENOMEM;

	if (p && m && names && labels) {
		for (size_t i = 0; i < l->n; i++)
			p[i] = (struct plot_history_point){
				.mean = l->p[i].st.mean, .lo = l->p[i].st.min, .hi = l->p[i].st.max,
				.name = history_point_name(&l->p[i], names[i], sizeof(names[i])) };
		for (size_t k = 0; k < r->nfound; k++) {
			report_mark_label(r, &r->found[k], labels[k], sizeof(labels[k]));
			m[k] = (struct plot_history_mark){ .at = r->found[k].c.at, .label = labels[k] };
		}
		snprintf(id, sizeof(id), "chart-%lld-%s", r->series->id, l->key);
		snprintf(title, sizeof(title), "%s: %zu runs, %zu change point%s", l->key, l->n,
			 r->nfound, r->nfound == 1 ? "" : "s");
		rc = plot_history_svg(f, id, title, l->key, p, l->n, m, r->nfound);
	}
	free(p);
	free(m);
	free(names);
	free(labels);
	return rc;
}

static void report_row(FILE *f, const char *name, const char *value)
{
	fprintf(f, "<tr><th>");
	report_text(f, name);
	fprintf(f, "</th><td><code>");
	report_text(f, value);
	fprintf(f, "</code></td></tr>\n");
}

/* The last run's environment, a row per entry (objects and lists as JSON). */
static void report_latest(FILE *f, const char *json)
{
	json_t *doc = json ? json_loadb(json, strlen(json), 0, NULL) : NULL;
	const char *key;
	json_t *v;

	json_object_foreach(doc, key, v) {
		char *text = json_is_string(v) ? NULL : json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);

		report_row(f, key, json_is_string(v) ? json_string_value(v) : text ? text : "");
		free(text);
	}
	json_decref(doc);
}

static int report_environment(FILE *f, struct history_store *s, const struct history_series *sv,
			      size_t ns)
{
	fprintf(f, "<h2>Environment</h2>\n");
	for (size_t i = 0; i < ns; i++) {
		struct history_environment e;
		char runs[32];

		if (history_query_environment(s, sv[i].id, &e))
			return -1;
		snprintf(runs, sizeof(runs), "%lld", sv[i].runs);
		fprintf(f, "<h3>Series %lld</h3>\n<table class=\"environment\" id=\"environment-%lld\">\n",
			sv[i].id, sv[i].id);
		report_row(f, "machine", sv[i].machine);
		report_row(f, "job", sv[i].job);
		report_row(f, "runs", runs);
		report_row(f, "options fingerprint", sv[i].fingerprint);
		report_row(f, "options", sv[i].options);
		report_row(f, "kernels", e.kernels);
		report_row(f, "stresskit versions", e.stresskit_versions);
		report_row(f, "bogo-op versions", e.bogo_versions);
		report_latest(f, e.latest);
		fprintf(f, "</table>\n");
		history_environment_free(&e);
	}
	return 0;
}

static int report_write(FILE *f, struct history_store *s, const struct history_args *o,
			const struct history_series *sv, size_t ns, const struct report_line *r,
			size_t n)
{
	char when[64];
	time_t now = time(NULL);
	int rc = 0;

	strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		"<title>stresskit history: ");
	report_text(f, o->db);
	fprintf(f, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>stresskit history: ",
		report_style);
	report_text(f, o->db);
	fprintf(f, "</h1>\n<p>%zu series, %zu KPI lines; made %s.</p>\n", ns, n, when);
	report_changes_table(f, r, n, o);
	for (size_t i = 0; i < n && !rc; i++) {
		if (!i || r[i].series != r[i - 1].series) {
			fprintf(f, "<h2>Series %lld: ", r[i].series->id);
			report_text(f, r[i].series->job);
			fprintf(f, " on ");
			report_text(f, r[i].series->machine);
			fprintf(f, "</h2>\n");
		}
		rc = report_chart(f, &r[i]);
	}
	if (!rc)
		rc = report_environment(f, s, sv, ns);
	fprintf(f, "</body>\n</html>\n");
	return rc;
}

static void report_free(struct report_line *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		history_line_clear(&r[i].line);
		free(r[i].found);
	}
	free(r);
}

/* Every KPI line of the chosen series, and its change points. */
static int report_collect(struct history_store *s, const struct history_args *o,
			  const struct history_series *sv, size_t ns, struct report_line **out,
			  size_t *nout)
{
	struct report_line *r = NULL, *nr;
	int rc = 0;
	size_t n = 0;

	for (size_t i = 0; !rc && i < ns; i++) {
		struct history_line *l = NULL;
		size_t nl = 0;

		if (o->series && sv[i].id != (long long)o->series)
			continue;
		rc = history_query_lines(s, sv[i].id, o->metric, false, (size_t)o->last, &l, &nl);
		nr = rc ? NULL : realloc(r, (n + nl + 1) * sizeof(*r));
		if (!nr) {
			history_lines_free(l, nl);
			rc = -1;
			break;
		}
		r = nr;
		/* the lines move into the report's, which frees them */
		for (size_t k = 0; k < nl; k++)
			r[n++] = (struct report_line){ .series = &sv[i], .line = l[k] };
		free(l);
		for (size_t k = n - nl; !rc && k < n; k++)
			if (history_line_changes(&r[k].line, &o->p, &r[k].found, &r[k].nfound)) {
				log_usage_error("history report: out of memory");
				rc = -1;
			}
	}
	if (rc) {
		report_free(r, n);
		return -1;
	}
	*out = r;
	*nout = n;
	return 0;
}

static int history_report_main(int argc, char **argv)
{
	struct history_args o;
	struct history_series *sv = NULL;
	struct report_line *r = NULL;
	struct history_store s;
	struct atomic_file af;
	size_t ns = 0, n = 0;
	int rc;

	if (!history_verb_start(&history_report_verb, argc, argv, NULL, &o, &s, &rc))
		return rc;
	if (history_query_series(&s, &sv, &ns) || report_collect(&s, &o, sv, ns, &r, &n)) {
		history_series_free(sv, ns);
		history_store_close(&s);
		return SK_USAGE;
	}
	rc = atomic_file_open(&af, o.out);
	if (rc) {
		log_usage_error("history report: cannot write %s: %s", o.out, strerror(-rc));
	} else if (report_write(af.f, &s, &o, sv, ns, r, n)) {
		atomic_file_abort(&af);
		rc = -1;
	} else if ((rc = atomic_file_finish(&af, ferror(af.f) ? -ENOMEM : 0))) {
		log_usage_error("history report: cannot write %s: %s", o.out, strerror(-rc));
	} else {
		printf("history: wrote %s: %zu KPI line%s of %zu series\n", o.out, n,
		       n == 1 ? "" : "s", ns);
	}
	report_free(r, n);
	history_series_free(sv, ns);
	history_store_close(&s);
	return rc ? SK_USAGE : SK_OK;
}

const struct history_verb history_report_verb = {
	.name = "report",
	.rows = HISTORY_ARG_SERIES | HISTORY_ARG_LAST_CP | HISTORY_ARG_METRIC |
		HISTORY_ARG_CHANGES | HISTORY_ARG_OUTPUT,
	.what = "one self-contained HTML page: the change points' table, a chart of\n"
		"each KPI line (runs, their passes' spread, the change points marked)\n"
		"and what the runs ran on; no network, no JavaScript",
	.main = history_report_main,
};
