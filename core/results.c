/*
 * results.c - builds the results document (see results.h) and writes it
 * as JSON. Every value goes in through jansson, so the output is valid
 * and escaped by construction; non-finite numbers become null.
 */
#include "results.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "opts.h"
#include "registry.h"

void results_yaml_key(const char *desc, char *out, size_t len)
{
	size_t o = 0;

	/* stress-ng's rule: letters and digits lowercased, spaces to '-', the rest dropped. */
	for (const char *c = desc; *c && o + 1 < len; c++) {
		if (isalnum((unsigned char)*c))
			out[o++] = (char)tolower((unsigned char)*c);
		else if (*c == ' ' || *c == '-')
			out[o++] = '-';
	}
	out[o] = '\0';
}

static json_t *results_real(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

/* Sets key and drops the reference; a failed allocation shows at the end as -ENOMEM. */
static void results_set(json_t *obj, const char *key, json_t *v)
{
	if (v)
		json_object_set_new(obj, key, v);
}

/* The whole command line, shell-quoted where a word needs it. */
static json_t *results_command_line(int argc, char **argv)
{
	char *line = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&line, &len);
	json_t *s;

	if (!f)
		return NULL;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (i)
			fputc(' ', f);
		if (*a && !strpbrk(a, " \t\n'\"\\$`*?[]{}()<>|&;#~!")) {
			fputs(a, f);
			continue;
		}
		fputc('\'', f);
		for (; *a; a++)
			fputs(*a == '\'' ? "'\\''" : (char[2]){ *a, 0 }, f);
		fputc('\'', f);
	}
	fclose(f);
	s = json_string(line);
	free(line);
	return s;
}

static json_t *results_stressor_config(const struct stressor *s,
				       const struct stressor_choice *c)
{
	json_t *o = json_object(), *opts = json_object();
	char val[256];

	if (!o || !opts) {
		json_decref(o);
		json_decref(opts);
		return NULL;
	}
	results_set(o, "stressor", json_string(s->name));
	results_set(o, "instances", json_integer(c->instances));
	results_set(o, "ops", json_integer((json_int_t)c->ops));
	for (const struct stressor_opt *opt = s->opts; opt && opt->name; opt++) {
		opts_format(opt, c->opts, val, sizeof(val));
		results_set(opts, opt->name, json_string(val));
	}
	json_object_set_new(o, "options", opts);
	return o;
}

static json_t *results_string_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *results_configuration(const struct cli_config *cfg)
{
	json_t *c = json_object(), *argv = json_array(), *st = json_array();

	if (!c || !argv || !st) {
		json_decref(c);
		json_decref(argv);
		json_decref(st);
		return NULL;
	}
	results_set(c, "command-line", results_command_line(cfg->argc, cfg->argv));
	for (int i = 0; i < cfg->argc; i++)
		json_array_append_new(argv, json_string(cfg->argv[i]));
	json_object_set_new(c, "argv", argv);
	results_set(c, "timeout", json_real(cfg->timeout));
	results_set(c, "repeat", json_integer(cfg->repeat));
	results_set(c, "metrics", json_boolean(cfg->metrics));
	results_set(c, "metrics-brief", json_boolean(cfg->metrics_brief));
	results_set(c, "times", json_boolean(cfg->times));
	results_set(c, "perf", json_boolean(cfg->perf));
	results_set(c, "verify", json_boolean(cfg->verify));
	results_set(c, "quiet", json_boolean(cfg->quiet));
	results_set(c, "verbose", json_boolean(cfg->verbose));
	results_set(c, "temp-path", results_string_or_null(cfg->temp_path));
	results_set(c, "taskset", results_string_or_null(cfg->taskset_str));
	results_set(c, "log-prefix", results_string_or_null(cfg->log_prefix));
	results_set(c, "mode", json_string(cfg->compose.mode == COMPOSE_SEQUENTIAL ? "sequential" :
					   cfg->compose.mode == COMPOSE_PARALLEL ? "parallel" :
					   "together"));
	results_set(c, "class", results_string_or_null(cfg->compose.class_str));
	results_set(c, "with", results_string_or_null(cfg->compose.with_str));
	results_set(c, "exclude", results_string_or_null(cfg->compose.exclude_str));
	results_set(c, "job", results_string_or_null(cfg->compose.job_path));
	results_set(c, "sandbox", json_boolean(cfg->sandbox));
	results_set(c, "yaml", results_string_or_null(cfg->yaml_path));
	results_set(c, "json", results_string_or_null(cfg->json_path));
	for (size_t i = 0; i < registry_count(); i++)
		if (cfg->choice[i].selected)
			json_array_append_new(st, results_stressor_config(
				registry_at(i), &cfg->choice[i]));
	json_object_set_new(c, "stressors", st);
	return c;
}

json_t *results_new(const struct cli_config *cfg)
{
	json_t *doc = json_object();

	if (!doc)
		return NULL;
	results_set(doc, "system-info", results_system_info());
	results_set(doc, "configuration", results_configuration(cfg));
	results_set(doc, "runs", json_array());
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
	results_set(o, "instance", json_integer(index));
	results_set(o, "pid", json_integer(r->pid));
	results_set(o, "bogo-ops", json_integer((json_int_t)r->ops));
	results_set(o, "bogo-ops-per-second-real-time",
		    results_real(r->duration > 0 ? (double)r->ops / r->duration : 0));
	results_set(o, "run-time", results_real(r->duration));
	results_set(o, "user-time", results_real(r->utime));
	results_set(o, "system-time", results_real(r->stime));
	results_set(o, "max-rss", json_integer(r->maxrss_kb));
	results_set(o, "status", json_integer(r->status));
	results_set(o, "counter-intact", json_boolean(!r->torn));
	for (uint32_t k = 0; k < r->n_metrics; k++) {
		results_yaml_key(r->metrics[k].desc, key, sizeof(key));
		results_set(m, key, results_real(r->metrics[k].value));
	}
	json_object_set_new(o, "metrics", m);
	return o;
}

static json_t *results_perf(const struct perf_counts *pc)
{
	json_t *o = json_object();

	if (!o)
		return NULL;
	for (int c = 0; c < PERF_N_COUNTERS; c++) {
		double v = pc->value[c];

		if (!pc->have[c])
			continue;
		/* Counts stay integers unless multiplexing scaled them. */
		if (c != PERF_TASK_CLOCK && v == floor(v) && v < 9e15)
			results_set(o, perf_counter_name(c), json_integer((json_int_t)v));
		else
			results_set(o, perf_counter_name(c), results_real(v));
	}
	if (pc->have_ipc)
		results_set(o, "insn-per-cycle", results_real(pc->ipc));
	return o;
}

/* One stressor of one run: stress-ng's keys first, in its order, then ours. */
static json_t *results_metrics_entry(const struct stressor_result *sr,
				     const struct stressor_summary *s,
				     const struct perf_counts *pc)
{
	json_t *o = json_object(), *extra = json_array(), *inst = json_array();
	char key[128];

	if (!o || !extra || !inst) {
		json_decref(o);
		json_decref(extra);
		json_decref(inst);
		return NULL;
	}
	results_set(o, "stressor", json_string(s->name));
	results_set(o, "bogo-ops", json_integer((json_int_t)s->ops));
	results_set(o, "bogo-ops-per-second-usr-sys-time", results_real(s->ops_per_sec_cpu));
	results_set(o, "bogo-ops-per-second-real-time", results_real(s->ops_per_sec_real));
	results_set(o, "wall-clock-time", results_real(s->real_time));
	results_set(o, "user-time", results_real(s->utime));
	results_set(o, "system-time", results_real(s->stime));
	results_set(o, "cpu-usage-per-instance", results_real(s->cpu_percent));
	results_set(o, "max-rss", json_integer(s->maxrss_kb));
	for (size_t m = 0; m < s->n_metrics; m++) {
		const struct metric_summary *ms = &s->metrics[m];
		json_t *e = json_object();

		results_yaml_key(ms->desc, key, sizeof(key));
		results_set(o, key, results_real(ms->value));
		if (!e)
			continue;
		results_set(e, "description", json_string(ms->desc));
		results_set(e, "value", results_real(ms->value));
		results_set(e, "mean", json_string(mean_name(ms->mean)));
		results_set(e, "instances", json_integer(ms->n));
		results_set(e, "higher-is-better", json_boolean(ms->higher_is_better));
		json_array_append_new(extra, e);
	}
	results_set(o, "instances-forked", json_integer(s->instances));
	results_set(o, "status", json_integer(sr->status));
	results_set(o, "metrics-trustworthy", json_boolean(!s->untrustworthy));
	json_object_set_new(o, "extra-metrics", extra);
	if (pc)
		results_set(o, "perf", results_perf(pc));
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
	results_set(o, "run-time", results_real(t->run_time));
	results_set(o, "available-cpu-time", results_real(t->available));
	results_set(o, "user-time", results_real(t->user));
	results_set(o, "system-time", results_real(t->system));
	results_set(o, "total-time", results_real(t->total));
	results_set(o, "user-time-percent", results_real(100.0 * t->user / avail));
	results_set(o, "system-time-percent", results_real(100.0 * t->system / avail));
	results_set(o, "total-time-percent", results_real(100.0 * t->total / avail));
	if (t->have_load) {
		results_set(o, "load-average-1-minute", results_real(t->load[0]));
		results_set(o, "load-average-5-minute", results_real(t->load[1]));
		results_set(o, "load-average-15-minute", results_real(t->load[2]));
	}
	return o;
}

int results_begin_run(json_t *doc)
{
	json_t *runs = json_object_get(doc, "runs");
	json_t *r = json_object();

	if (!runs || !r)
		goto oom;
	results_set(r, "run", json_integer((json_int_t)json_array_size(runs) + 1));
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

int results_add_entries(json_t *doc, const struct results_run *run)
{
	json_t *metrics = json_object_get(results_current(doc), "metrics");
	int rc = 0;

	if (!metrics)
		return -ENOMEM;
	for (size_t i = 0; i < run->res->n; i++) {
		json_t *e = results_metrics_entry(&run->res->s[i], &run->sums[i],
						  run->perf ? &run->perf[i] : NULL);

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
	results_set(r, "status", json_integer(status));
	results_set(r, "interrupted", json_boolean(interrupted));
	results_set(r, "metrics", m);
	results_set(r, "times", times ? results_times(times) : json_null());
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
			results_set(out, key, results_last_failure(at, k));
		else
			results_set(out, key, results_mean(at, k));
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
	results_set(doc, "metrics", metrics);
	results_set(doc, "times", times);
	json_object_set_new(doc, "runs", runs);
	return 0;
}

/*
 * Opens path for writing without truncating yet; *created says whether it
 * is new, so a later failure can remove what this run made, and only that.
 */
static int results_open_one(const char *path, bool *created)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);

	*created = fd >= 0;
	if (fd < 0 && errno == EEXIST)
		fd = open(path, O_WRONLY | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

int results_open_files(const struct cli_config *cfg, struct results_files *f,
		       char *err, size_t errlen)
{
	const char *paths[2] = { cfg->yaml_path, cfg->json_path };
	FILE **fp[2] = { &f->yaml, &f->json };
	int fd[2] = { -1, -1 }, rc = 0;
	bool created[2] = { false, false };

	memset(f, 0, sizeof(*f));
	for (int i = 0; i < 2 && !rc; i++) {
		if (!paths[i])
			continue;
		fd[i] = results_open_one(paths[i], &created[i]);
		if (fd[i] < 0) {
			rc = fd[i];
			snprintf(err, errlen, "cannot write --%s '%s': %s",
				 i ? "json" : "yaml", paths[i], strerror(-rc));
		}
	}
	for (int i = 0; i < 2; i++) {
		if (fd[i] < 0)
			continue;
		if (!rc && ftruncate(fd[i], 0) == 0 && (*fp[i] = fdopen(fd[i], "w")))
			continue;
		if (!rc) {
			rc = -errno;
			snprintf(err, errlen, "cannot write '%s': %s", paths[i],
				 strerror(-rc));
		}
		close(fd[i]);
		if (created[i])
			unlink(paths[i]);
	}
	if (rc)
		results_close_files(f);
	return rc;
}

void results_close_files(struct results_files *f)
{
	if (f->yaml)
		fclose(f->yaml);
	if (f->json)
		fclose(f->json);
	f->yaml = f->json = NULL;
}

int results_write(json_t *doc, struct results_files *f, const struct cli_config *cfg)
{
	int rc = 0;

	if (f->yaml && (results_emit_yaml(doc, f->yaml) || fflush(f->yaml))) {
		log_fail("cannot write YAML to %s", cfg->yaml_path);
		rc = -EIO;
	}
	if (f->json && (json_dumpf(doc, f->json, JSON_INDENT(2)) ||
			fputc('\n', f->json) == EOF || fflush(f->json))) {
		log_fail("cannot write JSON to %s", cfg->json_path);
		rc = -EIO;
	}
	results_close_files(f);
	return rc;
}
