/*
 * monitor_mode.c - --monitor LIST as a run mode: LKP's monitors read by
 * the controller at the start of the measured window (after any
 * --warmup) and at the stop (and, with --sample-interval, every interval
 * from its waits),
 * while the instances still run; nothing is read in their loop. Each
 * figure's samples fold as lkp-tests' stats matrix folds them (an event
 * counter's delta, a level's mean) and the run's results hold them at
 * "monitor", named as lkp names them, for compare's own section.
 */
#include "monitor.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "run_state.h"
#include "section_table.h"

SECTION_TABLE_DECLARE(const struct monitor *, sk_monitors);

size_t monitors_count(void)
{
	return SECTION_TABLE_COUNT(sk_monitors);
}

const struct monitor *monitors_at(size_t i)
{
	return i < monitors_count() ? SECTION_TABLE_AT(sk_monitors, i) : NULL;
}

bool monitor_key_value(char *line, char **key, double *value)
{
	char *colon = strchr(line, ':'), *end;

	if (!colon)
		return false;
	*colon = '\0';
	*key = line + strspn(line, " \t");
	*value = strtod(colon + 1, &end);
	return end != colon + 1 && **key;
}

int monitor_words(char *line, char **w)
{
	int n = 0;

	for (char *t = strtok(line, " \t\n"); t && n < MONITOR_WORDS; t = strtok(NULL, " \t\n"))
		w[n++] = t;
	return n;
}

int monitor_cpus(char *heading)
{
	int n = 0;

	for (char *t = strtok(heading, " \t\n"); t; t = strtok(NULL, " \t\n"))
		n += !strncmp(t, "CPU", 3);
	return n;
}

void monitor_put_cpus(struct monitor_sample *s, const char *key, char *const *v,
		      int nv, int ncpu)
{
	char name[300];
	double sum = 0;

	for (int c = 0; c < ncpu; c++) {
		double x = c < nv ? strtod(v[c], NULL) : 0;

		snprintf(name, sizeof(name), "CPU%d.%s", c, key);
		monitor_put(s, name, x, MONITOR_DELTA);
		sum += x;
	}
	monitor_put(s, key, sum, MONITOR_DELTA);
}

/* --- the option: a list of monitor names --- */

#define MONITOR_LIST_MAX 16

struct monitor_list {
	uint32_t n;
	uint32_t v[MONITOR_LIST_MAX];	/* monitors_at indices, as given */
};

struct monitor_opts {
	struct monitor_list list;
	bool metrics;		/* --monitor-metrics */
};

static int monitor_list_parse(const struct stressor_opt *o, const char *val,
			      void *field, char *err, size_t errlen)
{
	struct monitor_list l = { 0 };
	const char *p = val;

	(void)o;
	for (;;) {
		size_t len = strcspn(p, ","), i;

		for (i = 0; i < monitors_count(); i++)
			if (strlen(monitors_at(i)->name) == len &&
			    !strncmp(monitors_at(i)->name, p, len))
				break;
		if (!len || i == monitors_count() || l.n == MONITOR_LIST_MAX) {
			char known[256] = "";
			size_t used = 0;

			for (size_t k = 0; k < monitors_count() && used < sizeof(known); k++)
				used += (size_t)snprintf(known + used, sizeof(known) - used,
							 "%s%s", k ? ", " : "", monitors_at(k)->name);
			snprintf(err, errlen, "invalid --monitor '%s': expected monitors "
				 "among %s, like proc-vmstat,meminfo", val, known);
			return -EINVAL;
		}
		l.v[l.n++] = (uint32_t)i;
		if (!p[len])
			break;
		p += len + 1;	/* an empty name after it is refused */
	}
	*(struct monitor_list *)field = l;
	return 0;
}

static void monitor_list_format(const struct stressor_opt *o, const void *field,
				char *out, size_t len)
{
	const struct monitor_list *l = field;
	size_t used = 0;

	(void)o;
	out[0] = '\0';
	for (uint32_t i = 0; i < l->n && used < len; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%s", i ? "," : "",
					 monitors_at(l->v[i])->name);
}

static const struct opt_parser monitor_list_opt = {
	.size = sizeof(struct monitor_list),
	.metavar = "LIST",
	.parse = monitor_list_parse,
	.format = monitor_list_format,
};

/* --- the samples and their fold --- */

struct monitor_fig {
	char name[128];
	enum monitor_kind kind;
	double first, last, sum, max;
	double t_first, t_last;
	size_t n;
};

/* One monitor's figures over the run, in the order its file lists them. */
struct monitor_fold {
	const struct monitor *m;
	struct monitor_fig *fig;
	size_t n, cap;
	bool off;		/* unreadable, or not in its format: said once */
};

struct monitor_sample {
	struct monitor_fold *fold;
	double now;
	size_t hint;		/* a file lists its figures in the same order */
};

/* The figures of a run's monitors: the mode's state while it samples,
 * handed to its run_mode_out slot at the stop, where the results read it. */
struct monitor_run {
	struct monitor_fold fold[MONITOR_LIST_MAX];
	size_t n;
	double interval, next;	/* seconds; 0: at the start and the end only */
};

static struct monitor_fig *monitor_find(struct monitor_sample *s, const char *name)
{
	struct monitor_fold *f = s->fold;

	if (s->hint < f->n && !strcmp(f->fig[s->hint].name, name))
		return &f->fig[s->hint++];
	for (size_t i = 0; i < f->n; i++)
		if (!strcmp(f->fig[i].name, name)) {
			s->hint = i + 1;
			return &f->fig[i];
		}
	if (f->n == f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 64;
		struct monitor_fig *nf = realloc(f->fig, cap * sizeof(*nf));

		if (!nf)
			return NULL;
		f->fig = nf;
		f->cap = cap;
	}
	s->hint = f->n + 1;
	return memset(&f->fig[f->n++], 0, sizeof(*f->fig));
}

void monitor_put(struct monitor_sample *s, const char *name, double v,
		 enum monitor_kind kind)
{
	struct monitor_fig *g = monitor_find(s, name);

	if (!g)
		return;		/* out of memory: the figure is left out */
	if (!g->n++) {
		snprintf(g->name, sizeof(g->name), "%s", name);
		g->kind = kind;
		g->first = g->max = v;
		g->t_first = s->now;
	}
	g->last = v;
	g->t_last = s->now;
	g->sum += v;
	if (v > g->max)
		g->max = v;
}

static void monitor_sample_all(struct monitor_run *r)
{
	for (size_t i = 0; i < r->n; i++) {
		struct monitor_fold *f = &r->fold[i];
		struct monitor_sample s = { .fold = f, .now = sk_now() };
		FILE *file;

		if (f->off)
			continue;
		file = fopen(f->m->path, "r");
		if (!file || f->m->read(file, &s)) {
			log_info("--monitor %s: %s %s, left out", f->m->name, f->m->path,
				 file ? "is not in the format known" : "cannot be read");
			f->off = true;
		}
		if (file)
			fclose(file);
	}
}

/* --- the mode --- */

static const struct run_mode monitor_mode;

static bool monitor_mode_on(const struct run_plan *plan)
{
	const struct monitor_opts *o = run_mode_opts(plan, &monitor_mode);

	return o && o->list.n;
}

/* The measured window starts: the first sample. */
static void monitor_mode_begin(struct run_state *st)
{
	const struct monitor_opts *o = run_mode_opts(st->plan, &monitor_mode);
	/* the sampler's row, a time: a double */
	const double *interval = run_mode_option_given(st->plan, "sample-interval");
	void **state = run_mode_state(st, &monitor_mode);
	struct monitor_run *r = state ? calloc(1, sizeof(*r)) : NULL;

	if (!r) {
		log_warn("--monitor: out of memory, no monitor is read");
		return;
	}
	for (uint32_t i = 0; i < o->list.n; i++)
		r->fold[r->n++].m = monitors_at(o->list.v[i]);
	/* every interval only when one is asked for: by default two reads a
	 * run, at the window's edges, cost the run nothing it can measure */
	if (interval)
		r->interval = *interval;
	*state = r;
	monitor_sample_all(r);
	r->next = sk_now() + r->interval;
}

static bool monitor_mode_waiting(struct run_state *st, double *left)
{
	void **state = run_mode_state(st, &monitor_mode);
	struct monitor_run *r = state ? *state : NULL;
	double now;

	if (!r || r->interval <= 0)
		return false;	/* not measuring yet, or start and end only */
	now = sk_now();
	if (now >= r->next) {
		monitor_sample_all(r);
		while (r->next <= now)
			r->next += r->interval;
	}
	if (r->next - now < *left)
		*left = r->next - now;
	return false;
}

/* The stop: the last sample, while the instances still run; the
 * figures go to the run's result. */
static void monitor_mode_stop(struct run_state *st)
{
	void **state = run_mode_state(st, &monitor_mode);

	if (!state || !*state)
		return;
	monitor_sample_all(*state);
	run_mode_hand_out(st, &monitor_mode, state);
}

static double monitor_value(const struct monitor_fig *g, double share_sum)
{
	switch (g->kind) {
	case MONITOR_DELTA:
		return g->last - g->first;
	case MONITOR_MAX:
		return g->max;
	case MONITOR_RATE:
		return g->t_last > g->t_first ?
		       (g->last - g->first) / (g->t_last - g->t_first) : NAN;
	case MONITOR_SHARE:
		return share_sum > 0 ? 100.0 * (g->last - g->first) / share_sum : NAN;
	default:
		return g->sum / (double)g->n;
	}
}

static json_t *monitor_mode_write(const void *out)
{
	const struct monitor_run *r = out;
	json_t *o = json_object();

	for (size_t i = 0; o && i < r->n; i++) {
		const struct monitor_fold *f = &r->fold[i];
		double share = 0;

		for (size_t k = 0; k < f->n; k++)
			if (f->fig[k].kind == MONITOR_SHARE)
				share += f->fig[k].last - f->fig[k].first;
		for (size_t k = 0; k < f->n; k++) {
			const struct monitor_fig *g = &f->fig[k];
			double v = monitor_value(g, share);
			char key[160];

			if (!isfinite(v))
				continue;
			snprintf(key, sizeof(key), "%s.%s", f->m->name, g->name);
			/* counts stay integers, as lkp's stats keep them */
			json_object_set_new(o, key, v == floor(v) && fabs(v) < 9e15 &&
					    g->kind != MONITOR_MEAN && g->kind != MONITOR_SHARE ?
					    json_integer((json_int_t)v) : json_real(v));
		}
	}
	return o;
}

/* --monitor-metrics: each figure as a metrics line, "monitor VALUE KEY",
 * for the parsers of the text output (contrib/lkp's parse). */
static void monitor_mode_print(struct run_state *st)
{
	const struct monitor_opts *o = run_mode_opts(st->plan, &monitor_mode);
	void **out = run_mode_out(st->res, &monitor_mode);
	json_t *figs, *v;
	const char *key;

	if (!o->metrics || !out || !*out || !(figs = monitor_mode_write(*out)))
		return;
	json_object_foreach(figs, key, v) {
		if (json_is_integer(v))
			log_metric("%-12s %14lld %s", "monitor",
				   (long long)json_integer_value(v), key);
		else
			log_metric("%-12s %14.2f %s", "monitor", json_real_value(v), key);
	}
	json_decref(figs);
}

static void monitor_mode_free(void *out)
{
	struct monitor_run *r = out;

	for (size_t i = 0; r && i < r->n; i++)
		free(r->fold[i].fig);
	free(r);
}

static const struct run_mode_opt monitor_opts[] = {
	{ .metavar = "LIST", .weight = WEIGHT_NOTE, .opt = {
		.name = "monitor", .type = OPT_PARSED, .parser = &monitor_list_opt,
		.offset = offsetof(struct monitor_opts, list),
		.help = "read LKP's monitors (proc-vmstat, vmstat, meminfo, interrupts, softirqs, "
			"slabinfo) at the measured window's start and end (and every --sample-interval given); named as LKP "
			"names them in --json, compared in their own section" } },
	{ .weight = WEIGHT_IGNORE, .opt = {
		.name = "monitor-metrics", .type = OPT_BOOL,
		.offset = offsetof(struct monitor_opts, metrics),
		.help = "with --monitor, print each figure as a metrics line too: monitor VALUE NAME" } },
	{ .opt = OPT_TABLE_END },
};

/* After the sampler (rank 50): its window is the sampler's; on the way
 * out its last sample comes first, nearest the stop. */
static const struct run_mode monitor_mode = {
	.name = "monitor",
	.after = "sampler",	/* reads at the sampler's interval, when given */
	.rank = 55,
	.on = monitor_mode_on,
	.at = {
		[RUN_MEASURING] = monitor_mode_begin,
		[RUN_STOPPING] = monitor_mode_stop,
		[RUN_DONE] = monitor_mode_print,
	},
	.waiting = monitor_mode_waiting,
	.state_size = sizeof(void *),	/* the run's struct monitor_run */
	.opts = monitor_opts,
	.opts_size = sizeof(struct monitor_opts),
	.help_after = "series-csv",
	.results_key = "monitor",
	.write = monitor_mode_write,
	.out_free = monitor_mode_free,
};
RUN_MODE_REGISTER(monitor_mode);
