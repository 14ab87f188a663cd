/*
 * results.c - builds the results document (see results.h). Every value
 * goes in through jansson, so its formats are valid and escaped by
 * construction; non-finite numbers become null.
 */
#include "results.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json_finite.h"
#include "log.h"
#include "mode_output.h"
#include "run_mode.h"

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
		    json_finite(r->duration > 0 ? (double)r->ops / r->duration : 0));
	json_object_set_new(o, "run-time", json_finite(r->duration));
	json_object_set_new(o, "user-time", json_finite(r->utime));
	json_object_set_new(o, "system-time", json_finite(r->stime));
	json_object_set_new(o, "max-rss", json_integer(r->maxrss_kb));
	json_object_set_new(o, "status", json_integer(r->status));
	json_object_set_new(o, "counter-intact", json_boolean(!r->torn));
	for (uint32_t k = 0; k < r->n_metrics; k++) {
		results_yaml_key(r->metrics[k].desc, key, sizeof(key));
		json_object_set_new(m, key, json_finite(r->metrics[k].value));
	}
	json_object_set_new(o, "metrics", m);
	return o;
}

/* One stressor of one run: stress-ng's keys first, in its order, then ours. */
static json_t *results_metrics_entry(const struct results_run *run, size_t i)
{
	const struct run_result *res = run->res;
	const struct stressor_summary *s = &run->sums[i];
	const struct stressor_result *sr = &res->s[i];
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
	json_object_set_new(o, "bogo-ops-per-second-usr-sys-time", json_finite(s->ops_per_sec_cpu));
	json_object_set_new(o, "bogo-ops-per-second-real-time", json_finite(s->ops_per_sec_real));
	json_object_set_new(o, "wall-clock-time", json_finite(s->real_time));
	json_object_set_new(o, "user-time", json_finite(s->utime));
	json_object_set_new(o, "system-time", json_finite(s->stime));
	json_object_set_new(o, "cpu-usage-per-instance", json_finite(s->cpu_percent));
	json_object_set_new(o, "max-rss", json_integer(s->maxrss_kb));
	for (size_t m = 0; m < s->n_metrics; m++) {
		const struct metric_summary *ms = &s->metrics[m];
		json_t *e = json_object();

		results_yaml_key(ms->desc, key, sizeof(key));
		json_object_set_new(o, key, json_finite(ms->value));
		if (!e)
			continue;
		json_object_set_new(e, "description", json_string(ms->desc));
		json_object_set_new(e, "value", json_finite(ms->value));
		json_object_set_new(e, "mean", json_string(mean_name(ms->mean)));
		json_object_set_new(e, "instances", json_integer(ms->n));
		json_object_set_new(e, "higher-is-better", json_boolean(ms->higher_is_better));
		json_array_append_new(extra, e);
	}
	/* the modes' figures among the stressor's miscellaneous metrics */
	for (size_t m = 0; m < mode_outputs_count(); m++) {
		const struct mode_output *mo = mode_outputs_at(m);

		if (run->out && mo->metrics && mo->metrics(run->out[m], o, extra, res, i)) {
			json_decref(o);
			json_decref(extra);
			json_decref(inst);
			return NULL;
		}
	}
	json_object_set_new(o, "instances-forked", json_integer(s->instances));
	json_object_set_new(o, "status", json_integer(sr->status));
	json_object_set_new(o, "metrics-trustworthy", json_boolean(!s->untrustworthy));
	json_object_set_new(o, "extra-metrics", extra);
	for (uint32_t k = 0; k < sr->n; k++)
		json_array_append_new(inst, results_instance(&sr->inst[k], k));
	json_object_set_new(o, "instances", inst);
	/* the modes' figures of the stressor, once its entry is whole */
	for (size_t m = 0; m < mode_outputs_count(); m++) {
		const struct mode_output *mo = mode_outputs_at(m);

		if (mo->entry && mo->entry(o, res, i, s)) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

static json_t *results_times(const struct report_times *t)
{
	json_t *o = json_object();
	double avail = t->available > 0 ? t->available : 1e-9;

	if (!o)
		return NULL;
	json_object_set_new(o, "run-time", json_finite(t->run_time));
	json_object_set_new(o, "available-cpu-time", json_finite(t->available));
	json_object_set_new(o, "user-time", json_finite(t->user));
	json_object_set_new(o, "system-time", json_finite(t->system));
	json_object_set_new(o, "total-time", json_finite(t->total));
	json_object_set_new(o, "user-time-percent", json_finite(100.0 * t->user / avail));
	json_object_set_new(o, "system-time-percent", json_finite(100.0 * t->system / avail));
	json_object_set_new(o, "total-time-percent", json_finite(100.0 * t->total / avail));
	if (t->have_load) {
		json_object_set_new(o, "load-average-1-minute", json_finite(t->load[0]));
		json_object_set_new(o, "load-average-5-minute", json_finite(t->load[1]));
		json_object_set_new(o, "load-average-15-minute", json_finite(t->load[2]));
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
		json_t *e = results_metrics_entry(run, i);

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
