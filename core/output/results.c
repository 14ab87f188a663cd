/*
 * results.c - builds the results document (see results.h) and writes it
 * as JSON. Every value goes in through jansson, so the output is valid
 * and escaped by construction; non-finite numbers become null.
 */
#include "results.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kcidb.h"
#include "latency_report.h"
#include "log.h"
#include "perf_stat_keys.h"
#include "run_mode.h"

static json_t *results_real(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

json_t *results_new(const struct plan *p)
{
	json_t *doc = json_object();

	if (!doc)
		return NULL;
	json_object_set_new(doc, "system-info", results_system_info());
	json_object_set_new(doc, "configuration", results_configuration(p));
	json_object_set_new(doc, "runs", json_array());
	return doc;
}

static json_t *results_instance(const struct instance_result *r, uint32_t index)
{
	json_t *o = json_object(), *m = json_object();
	char key[128];

	if (!o || !m) {
		json_decref(o);
		json_decref(m);
		return NULL;
	}
	json_object_set_new(o, "instance", json_integer(index));
	json_object_set_new(o, "pid", json_integer(r->pid));
	json_object_set_new(o, "bogo-ops", json_integer((json_int_t)r->ops));
	json_object_set_new(o, "bogo-ops-per-second-real-time",
		    results_real(r->duration > 0 ? (double)r->ops / r->duration : 0));
	json_object_set_new(o, "run-time", results_real(r->duration));
	json_object_set_new(o, "user-time", results_real(r->utime));
	json_object_set_new(o, "system-time", results_real(r->stime));
	json_object_set_new(o, "max-rss", json_integer(r->maxrss_kb));
	json_object_set_new(o, "status", json_integer(r->status));
	json_object_set_new(o, "counter-intact", json_boolean(!r->torn));
	for (uint32_t k = 0; k < r->n_metrics; k++) {
		results_yaml_key(r->metrics[k].desc, key, sizeof(key));
		json_object_set_new(m, key, results_real(r->metrics[k].value));
	}
	json_object_set_new(o, "metrics", m);
	return o;
}

/* perf-stat's names; a user-space-only count's with perf-stat's ":u". */
static json_t *results_perf(const struct perf_counts *pc, double seconds)
{
	const char *u = perf_scope_suffix(pc->user_only);
	json_t *o = json_object();
	char key[64];

	if (!o)
		return NULL;
	for (int c = 0; c < PERF_N_COUNTERS; c++) {
		double v = pc->value[c];

		if (!pc->have[c])
			continue;
		snprintf(key, sizeof(key), "%s%s", perf_counter_name(c), u);
		/* Counts stay integers unless multiplexing scaled them. */
		if (c != PERF_TASK_CLOCK && v == floor(v) && v < 9e15)
			json_object_set_new(o, key, json_integer((json_int_t)v));
		else
			json_object_set_new(o, key, results_real(v));
	}
	snprintf(key, sizeof(key), "insn-per-cycle%s", u);
	if (pc->have_ipc)
		json_object_set_new(o, key, results_real(pc->ipc));
	if (perf_stat_lkp_keys(o, pc, seconds)) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* One stressor of one run: stress-ng's keys first, in its order, then ours. */
static json_t *results_metrics_entry(const struct stressor_result *sr,
				     const struct stressor_summary *s,
				     const struct perf_counts *pc, json_t *profile)
{
	json_t *o = json_object(), *extra = json_array(), *inst = json_array();
	char key[128];

	if (!o || !extra || !inst) {
		json_decref(o);
		json_decref(extra);
		json_decref(inst);
		return NULL;
	}
	json_object_set_new(o, "stressor", json_string(s->name));
	json_object_set_new(o, "bogo-ops", json_integer((json_int_t)s->ops));
	json_object_set_new(o, "bogo-ops-per-second-usr-sys-time", results_real(s->ops_per_sec_cpu));
	json_object_set_new(o, "bogo-ops-per-second-real-time", results_real(s->ops_per_sec_real));
	json_object_set_new(o, "wall-clock-time", results_real(s->real_time));
	json_object_set_new(o, "user-time", results_real(s->utime));
	json_object_set_new(o, "system-time", results_real(s->stime));
	json_object_set_new(o, "cpu-usage-per-instance", results_real(s->cpu_percent));
	json_object_set_new(o, "max-rss", json_integer(s->maxrss_kb));
	for (size_t m = 0; m < s->n_metrics; m++) {
		const struct metric_summary *ms = &s->metrics[m];
		json_t *e = json_object();

		results_yaml_key(ms->desc, key, sizeof(key));
		json_object_set_new(o, key, results_real(ms->value));
		if (!e)
			continue;
		json_object_set_new(e, "description", json_string(ms->desc));
		json_object_set_new(e, "value", results_real(ms->value));
		json_object_set_new(e, "mean", json_string(mean_name(ms->mean)));
		json_object_set_new(e, "instances", json_integer(ms->n));
		json_object_set_new(e, "higher-is-better", json_boolean(ms->higher_is_better));
		json_array_append_new(extra, e);
	}
	latency_report_json(sr, s, o, extra);
	json_object_set_new(o, "instances-forked", json_integer(s->instances));
	json_object_set_new(o, "status", json_integer(sr->status));
	json_object_set_new(o, "metrics-trustworthy", json_boolean(!s->untrustworthy));
	json_object_set_new(o, "extra-metrics", extra);
	if (pc)
		json_object_set_new(o, "perf", results_perf(pc, s->real_time));
	if (profile)
		json_object_set(o, "perf-profile", profile);
	for (uint32_t k = 0; k < sr->n; k++)
		json_array_append_new(inst, results_instance(&sr->inst[k], k));
	json_object_set_new(o, "instances", inst);
	return o;
}

static json_t *results_times(const struct report_times *t)
{
	json_t *o = json_object();
	double avail = t->available > 0 ? t->available : 1e-9;

	if (!o)
		return NULL;
	json_object_set_new(o, "run-time", results_real(t->run_time));
	json_object_set_new(o, "available-cpu-time", results_real(t->available));
	json_object_set_new(o, "user-time", results_real(t->user));
	json_object_set_new(o, "system-time", results_real(t->system));
	json_object_set_new(o, "total-time", results_real(t->total));
	json_object_set_new(o, "user-time-percent", results_real(100.0 * t->user / avail));
	json_object_set_new(o, "system-time-percent", results_real(100.0 * t->system / avail));
	json_object_set_new(o, "total-time-percent", results_real(100.0 * t->total / avail));
	if (t->have_load) {
		json_object_set_new(o, "load-average-1-minute", results_real(t->load[0]));
		json_object_set_new(o, "load-average-5-minute", results_real(t->load[1]));
		json_object_set_new(o, "load-average-15-minute", results_real(t->load[2]));
	}
	return o;
}

int results_begin_run(json_t *doc)
{
	json_t *runs = json_object_get(doc, "runs");
	json_t *r = json_object();

	if (!runs || !r)
		goto oom;
	json_object_set_new(r, "run", json_integer((json_int_t)json_array_size(runs) + 1));
	if (json_object_set_new(r, "metrics", json_array()) ||
	    json_array_append(runs, r))
		goto oom;
	json_decref(r);
	return 0;
oom:
	json_decref(r);
	return -ENOMEM;
}

/* The run being recorded: the last one begun. */
static json_t *results_current(json_t *doc)
{
	json_t *runs = json_object_get(doc, "runs");

	return json_array_get(runs, json_array_size(runs) - 1);
}

/*
 * Each run mode's figures, at its key in the run (machine-wide, not a
 * stressor's); under --sequential the pass's last run's stand.
 */
static int results_modes_out(json_t *run, const struct run_result *res)
{
	for (size_t i = 0; i < run_modes_count(); i++) {
		const struct run_mode *m = run_modes_at(i);
		json_t *o;

		if (!m->write || !m->results_key || !res->mode_out[i])
			continue;
		o = m->write(res->mode_out[i]);
		if (!o || json_object_set_new(run, m->results_key, o))
			return -ENOMEM;
	}
	return 0;
}

int results_add_entries(json_t *doc, const struct results_run *run)
{
	json_t *metrics = json_object_get(results_current(doc), "metrics");
	int rc = 0;

	if (!metrics || results_modes_out(results_current(doc), run->res))
		return -ENOMEM;
	for (size_t i = 0; i < run->res->n; i++) {
		json_t *e = results_metrics_entry(&run->res->s[i], &run->sums[i],
						  run->perf ? &run->perf[i] : NULL,
						  run->profile ? run->profile[i] : NULL);

		if (!e || json_array_append_new(metrics, e))
			rc = -ENOMEM;
	}
	return rc;
}

int results_end_run(json_t *doc, int status, bool interrupted,
		    const struct report_times *times)
{
	json_t *r = results_current(doc), *m;

	if (!r)
		return -ENOMEM;
	/* status and interrupted go before the metrics list, for reading ease */
	m = json_incref(json_object_get(r, "metrics"));
	json_object_del(r, "metrics");
	json_object_set_new(r, "status", json_integer(status));
	json_object_set_new(r, "interrupted", json_boolean(interrupted));
	json_object_set_new(r, "metrics", m);
	json_object_set_new(r, "times", times ? results_times(times) : json_null());
	return 0;
}

static json_t *results_last_failure(json_t *const *v, size_t n)
{
	json_int_t status = 0;

	for (size_t i = 0; i < n; i++)
		if (json_integer_value(v[i]))
			status = json_integer_value(v[i]);
	return json_integer(status);
}

struct results_weight {
	const char *key;
	double sum;
};

static int results_weight_cmp(const void *x, const void *y)
{
	const struct results_weight *a = x, *b = y;

	return (a->sum < b->sum) - (a->sum > b->sum);
}

/*
 * One profile family (calltrace, children, self) over n passes, as lkp
 * averages a stat: every key any pass has, a pass without it counting 0,
 * so a symbol seen in a later pass only is kept and none is averaged
 * over the passes that happen to have it. Heaviest first.
 */
static json_t *results_profile_family(json_t *const *fam, size_t n)
{
	json_t *sums = json_object(), *out = json_object(), *val;
	struct results_weight *w = NULL;
	const char *key;
	size_t k = 0;

	if (!sums || !out)
		goto fail;
	for (size_t i = 0; i < n; i++)
		json_object_foreach(fam[i], key, val) {
			json_t *s = json_object_get(sums, key);
			double x = json_number_value(val);

			if (s)
				json_real_set(s, json_real_value(s) + x);
			else if (json_object_set_new(sums, key, json_real(x)))
				goto fail;
		}
	w = calloc(json_object_size(sums) + 1, sizeof(*w));
	if (!w)
		goto fail;
	json_object_foreach(sums, key, val)
		w[k++] = (struct results_weight){ key, json_real_value(val) };
	qsort(w, k, sizeof(*w), results_weight_cmp);
	for (size_t i = 0; i < k; i++)
		if (json_object_set_new(out, w[i].key, results_real(w[i].sum / (double)n)))
			goto fail;
	free(w);
	json_decref(sums);
	return out;
fail:
	free(w);
	json_decref(sums);
	json_decref(out);
	return NULL;
}

static json_t *results_mean(json_t *const *v, size_t n);

/*
 * --perf-profile over n passes (p[i] NULL where pass i has none): the
 * families by results_profile_family, the rest (event, samples) as any
 * other figure is averaged.
 */
static json_t *results_profile_mean(json_t *const *p, size_t n)
{
	static const char *const families[] = { "calltrace", "children", "self" };
	json_t *have[n], *out;
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (p[i])
			have[k++] = p[i];
	if (!k)
		return NULL;
	out = results_mean(have, k);
	for (size_t f = 0; out && f < sizeof(families) / sizeof(*families); f++) {
		json_t *fam[n];

		for (size_t i = 0; i < n; i++) {
			fam[i] = p[i] ? json_object_get(p[i], families[f]) : NULL;
			/* absent in a pass: an empty family, every key 0 there */
			fam[i] = json_is_object(fam[i]) ? fam[i] : NULL;
		}
		{
			json_t *empty = json_object(), *all[n], *m;

			for (size_t i = 0; i < n; i++)
				all[i] = fam[i] ? fam[i] : empty;
			m = empty ? results_profile_family(all, n) : NULL;
			json_decref(empty);
			if (!m || json_object_set_new(out, families[f], m)) {
				json_decref(out);
				return NULL;
			}
		}
	}
	return out;
}

/*
 * The mean over runs of one value found at the same place in each run:
 * numbers averaged, objects recursively, strings and booleans from the
 * first run, arrays (per-instance lists) left to the runs themselves.
 */
static json_t *results_mean(json_t *const *v, size_t n)
{
	json_t *out;
	const char *key;
	json_t *val;

	if (json_is_number(v[0])) {
		double sum = 0;
		size_t k = 0;
		bool same = true;

		/* The same in every run (instances, a status): kept as it is. */
		for (size_t i = 1; i < n; i++)
			same &= json_equal(v[0], v[i]);
		if (same)
			return json_deep_copy(v[0]);

		for (size_t i = 0; i < n; i++)
			if (json_is_number(v[i])) {
				sum += json_number_value(v[i]);
				k++;
			}
		return results_real(sum / (double)k);
	}
	if (!json_is_object(v[0]))
		return json_is_array(v[0]) ? NULL : json_deep_copy(v[0]);
	out = json_object();
	json_object_foreach(v[0], key, val) {
		json_t *at[n];
		size_t k = 0;

		for (size_t i = 0; i < n; i++) {
			json_t *x = json_object_get(v[i], key);

			if (x)
				at[k++] = x;
		}
		if (!strcmp(key, "status"))	/* an exit code: the last failure, not a mean */
			json_object_set_new(out, key, results_last_failure(at, k));
		else if (!strcmp(key, "perf-profile")) {
			json_t *all[n];

			for (size_t i = 0; i < n; i++)
				all[i] = json_object_get(v[i], key);
			json_object_set_new(out, key, results_profile_mean(all, n));
		} else
			json_object_set_new(out, key, results_mean(at, k));
	}
	return out;
}

int results_finish(json_t *doc)
{
	json_t *runs = json_object_get(doc, "runs");
	size_t n = json_array_size(runs), n_entries;
	json_t *metrics = json_array(), *times, *first;

	if (!n || !metrics) {
		json_decref(metrics);
		return n ? -ENOMEM : 0;
	}
	first = json_array_get(runs, 0);
	/* Every run ran the same plan, so the i-th entry is the same stressor. */
	n_entries = json_array_size(json_object_get(first, "metrics"));
	for (size_t e = 0; n > 1 && e < n_entries; e++) {
		json_t *at[n], *m;

		for (size_t i = 0; i < n; i++)
			at[i] = json_array_get(json_object_get(json_array_get(runs, i),
							       "metrics"), e);
		m = results_mean(at, n);
		if (m) {
			json_object_set_new(m, "runs", json_integer((json_int_t)n));
			json_array_append_new(metrics, m);
		}
	}
	if (n == 1) {
		json_decref(metrics);
		metrics = json_deep_copy(json_object_get(first, "metrics"));
		times = json_deep_copy(json_object_get(first, "times"));
	} else {
		json_t *at[n];

		for (size_t i = 0; i < n; i++)
			at[i] = json_object_get(json_array_get(runs, i), "times");
		times = at[0] ? results_mean(at, n) : NULL;
	}
	/* Insert metrics and times before runs, stress-ng's order. */
	json_incref(runs);
	json_object_del(doc, "runs");
	json_object_set_new(doc, "metrics", metrics);
	json_object_set_new(doc, "times", times);
	json_object_set_new(doc, "runs", runs);
	return 0;
}

int results_open_files(const struct plan *p, struct results_files *f,
		       char *err, size_t errlen)
{
	int rc = 0;

	memset(f, 0, sizeof(*f));
	f->yaml.fd = f->yaml.dirfd = f->json.fd = f->json.dirfd = -1;
	f->kcidb.fd = f->kcidb.dirfd = -1;
	if (p->yaml_path) {
		rc = atomic_file_open(&f->yaml, p->yaml_path);
		f->has_yaml = !rc;
		if (rc)
			snprintf(err, errlen, "cannot write --yaml '%s': %s",
				 p->yaml_path, strerror(-rc));
	}
	if (!rc && p->json_path) {
		rc = atomic_file_open(&f->json, p->json_path);
		f->has_json = !rc;
		if (rc)
			snprintf(err, errlen, "cannot write --json '%s': %s",
				 p->json_path, strerror(-rc));
	}
	if (!rc && p->kcidb_path) {
		rc = atomic_file_open(&f->kcidb, p->kcidb_path);
		f->has_kcidb = !rc;
		if (rc)
			snprintf(err, errlen, "cannot write --kcidb '%s': %s",
				 p->kcidb_path, strerror(-rc));
	}
	if (rc)
		results_close_files(f);
	return rc;
}

void results_close_files(struct results_files *f)
{
	if (f->has_yaml)
		atomic_file_abort(&f->yaml);
	if (f->has_json)
		atomic_file_abort(&f->json);
	if (f->has_kcidb)
		atomic_file_abort(&f->kcidb);
	f->has_yaml = f->has_json = f->has_kcidb = false;
}

/* Commits one file; a failure names its cause and leaves the old file. */
static int results_commit(struct atomic_file *af, int wrote, const char *what,
			  const char *path)
{
	int rc = atomic_file_finish(af, wrote);

	if (rc)
		log_fail("cannot write %s to %s: %s", what, path, strerror(-rc));
	return rc;
}

int results_write(json_t *doc, struct results_files *f, const struct plan *p)
{
	int rc = 0;

	if (f->has_yaml) {
		f->has_yaml = false;
		if (results_commit(&f->yaml, results_emit_yaml(doc, f->yaml.f),
				   "YAML", p->yaml_path))
			rc = -EIO;
	}
	if (f->has_json) {
		f->has_json = false;
		if (results_commit(&f->json, json_dumpf(doc, f->json.f, JSON_INDENT(2)) ||
				   fputc('\n', f->json.f) == EOF, "JSON", p->json_path))
			rc = -EIO;
	}
	if (f->has_kcidb) {
		f->has_kcidb = false;
		if (results_commit(&f->kcidb, kcidb_emit(doc, f->kcidb.f),
				   "KCIDB", p->kcidb_path))
			rc = -EIO;
	}
	return rc;
}
