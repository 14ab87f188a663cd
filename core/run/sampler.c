/*
 * sampler.c - the controller's sampling of a run (see sampler.h). A
 * sample is one relaxed load of each instance's counter and, for an
 * instance process, one clock_gettime of its CPU clock: no signal, no
 * lock, nothing the instance loop has to do. Storage grows by doubling,
 * so a 10 ms interval over an hour costs a few reallocations.
 */
#include "sampler.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "log.h"
#include "parse.h"
#include "window.h"

/* An interval shorter than this share of --sample-interval (the tail
 * after the last sample) is kept in the series but left out of the
 * steady and CV figures: a few ms of rate is noise. */
#define SAMPLER_FULL_SHARE 0.5

struct sampler_inst {
	const struct instance_result *res;
	const struct instance_slot *slot;
	clockid_t clk;
	bool have_clk;
	uint64_t last_ops;
	bool window_pending;	/* the instance has not noted the window's opening yet */
	double last_cpu;
	/* the fine windows' own baseline, apart from the intervals' */
	uint64_t fine_ops;
	bool fine_pending;
	double fine_cpu;
};

struct sampler_stressor {
	struct sampler_series pub;
	struct sampler_inst *inst;	/* pub.n_inst */
	const struct stressor_result *sr;
};

struct sampler {
	struct sampler_opts opts;
	struct sampler_stressor *st;
	size_t n_st;
	double *start, *len;		/* per interval */
	size_t n_int, cap_int;
	double t_begin, t_last, next;
	bool running;			/* between begin and stop */
	bool steady_reached, stop_told;
	double steady_at;
	size_t window_n;		/* intervals in a window */
	/* --status-interval: when the next line is due, and the last one's counts */
	double status_next, status_last;
	uint64_t *status_ops;		/* per stressor */
	/* the fine windows: lengths, edge uncertainties, when the next is due */
	double *fine_len, *fine_skew;
	size_t n_fine, cap_fine;
	double fine_edge, fine_edge_skew, fine_next;
	bool fine_cpu;			/* few enough instances to read their CPU clocks */
};

bool sampler_window_fits(const struct sampler_opts *o)
{
	return o->window >= 2 * o->interval;
}

struct sampler *sampler_new(const struct sampler_opts *o)
{
	struct sampler *s = calloc(1, sizeof(*s));

	if (s)
		s->opts = *o;
	return s;
}

static void sampler_reset(struct sampler *s)
{
	for (size_t i = 0; i < s->n_st; i++) {
		free(s->st[i].inst);
		free(s->st[i].pub.ops);
		free(s->st[i].pub.cpu);
		free(s->st[i].pub.rate);
		free(s->st[i].pub.fine_ops);
		free(s->st[i].pub.fine_cpu);
	}
	free(s->fine_len);
	free(s->fine_skew);
	s->fine_len = s->fine_skew = NULL;
	s->n_fine = s->cap_fine = 0;
	free(s->st);
	free(s->status_ops);
	s->status_ops = NULL;
	free(s->start);
	free(s->len);
	s->st = NULL;
	s->start = s->len = NULL;
	s->n_st = s->n_int = s->cap_int = 0;
	s->running = s->steady_reached = s->stop_told = false;
}

void sampler_free(struct sampler *s)
{
	if (!s)
		return;
	sampler_reset(s);
	free(s);
}

int sampler_begin(struct sampler *s, const struct run_result *res, double now)
{
	long w;

	if (!s)
		return 0;
	sampler_reset(s);
	s->st = calloc(res->n ? res->n : 1, sizeof(*s->st));
	if (!s->st)
		return -ENOMEM;
	s->n_st = res->n;
	s->fine_cpu = true;
	for (size_t i = 0, all = 0; i < res->n; i++) {
		all += res->s[i].n;
		s->fine_cpu &= all <= SAMPLER_FINE_CPU_MAX;
	}
	for (size_t i = 0; i < res->n; i++) {
		s->st[i].sr = &res->s[i];
		s->st[i].pub.n_inst = res->s[i].n;
		s->st[i].inst = calloc(res->s[i].n ? res->s[i].n : 1,
				       sizeof(*s->st[i].inst));
		if (!s->st[i].inst)
			return -ENOMEM;
	}
	w = lround(s->opts.window / s->opts.interval);
	s->window_n = w < 2 ? 2 : (size_t)w;
	s->t_begin = s->t_last = s->status_last = now;
	s->next = now + s->opts.interval;
	s->fine_edge = now;
	s->fine_edge_skew = 0;
	s->fine_next = now + SAMPLER_FINE_MS / 1e3;
	s->status_next = now + s->opts.status;
	if (s->opts.status > 0 &&
	    !(s->status_ops = calloc(res->n ? res->n : 1, sizeof(*s->status_ops))))
		return -ENOMEM;
	s->running = true;
	return 0;
}

void sampler_bind(struct sampler *s, const struct instance_result *r,
		  const struct instance_slot *slot, pid_t pid, bool thread)
{
	for (size_t i = 0; s && s->running && i < s->n_st; i++) {
		const struct stressor_result *sr = s->st[i].sr;
		struct sampler_inst *in;
		struct timespec ts;

		if (r < sr->inst || r >= sr->inst + sr->n)
			continue;
		in = &s->st[i].inst[r - sr->inst];
		in->res = r;
		in->slot = slot;
		in->last_ops = in->fine_ops = r->before.ops;
		in->window_pending = in->fine_pending = true;
		if (s->status_ops)	/* the ops before the window are no status line's */
			s->status_ops[i] += r->before.ops;
		/* a thread's CPU clock is readable only from its own process */
		in->have_clk = !thread && clock_getcpuclockid(pid, &in->clk) == 0 &&
			       clock_gettime(in->clk, &ts) == 0;
		in->last_cpu = in->fine_cpu = in->have_clk ?
						(double)ts.tv_sec + ts.tv_nsec * 1e-9 : NAN;
		return;
	}
}

static int sampler_grow(struct sampler *s)
{
	size_t cap = s->cap_int ? 2 * s->cap_int : 64;
	double *start = realloc(s->start, cap * sizeof(*start));

	if (start)
		s->start = start;
	double *len = start ? realloc(s->len, cap * sizeof(*len)) : NULL;

	if (!len)
		return -ENOMEM;
	s->len = len;
	for (size_t i = 0; i < s->n_st; i++) {
		struct sampler_series *p = &s->st[i].pub;
		size_t n = cap * (p->n_inst ? p->n_inst : 1);
		uint64_t *ops = realloc(p->ops, n * sizeof(*ops));
		double *cpu, *rate;

		if (!ops)
			return -ENOMEM;
		p->ops = ops;
		cpu = realloc(p->cpu, n * sizeof(*cpu));
		if (!cpu)
			return -ENOMEM;
		p->cpu = cpu;
		rate = realloc(p->rate, cap * sizeof(*rate));
		if (!rate)
			return -ENOMEM;
		p->rate = rate;
	}
	s->cap_int = cap;
	return 0;
}

bool sampler_interval_full(const struct sampler *s, size_t i)
{
	return s->len[i] >= SAMPLER_FULL_SHARE * s->opts.interval;
}

/*
 * The steady figures of stressor p over the last window of full
 * intervals. Returns whether the window met spec.
 */
static bool sampler_judge(struct sampler *s, struct sampler_series *p,
			  const struct steady_spec *spec)
{
	double x[s->window_n], y[s->window_n];
	size_t w = s->window_n, n = 0, first = 0;

	/* filled from the end: the window is x[w - n .. w) */
	for (size_t i = s->n_int; i-- > 0 && n < w;) {
		if (!sampler_interval_full(s, i))
			continue;
		n++;
		x[w - n] = s->start[i] + s->len[i] / 2;
		y[w - n] = p->rate[i];
		first = i;
	}
	p->window_n = n;
	p->window_full = n == w;
	p->window_start = n ? s->start[first] : 0;
	p->slope_pct = steady_slope_pct(x + w - n, y + w - n, n);
	p->range_pct = steady_range_pct(y + w - n, n);
	p->window_mean = steady_mean(y + w - n, n);
	/* a stalled stressor (no ops over the window) is not steady: stuck */
	p->steady = p->window_full && p->window_mean > 0 &&
		    steady_holds(spec, p->slope_pct, p->range_pct);
	return p->steady;
}

/* Judges every stressor; true when all of them are steady. */
static bool sampler_judge_all(struct sampler *s, const struct steady_spec *spec)
{
	bool all = s->n_st > 0;

	for (size_t i = 0; i < s->n_st; i++)
		if (s->st[i].pub.n_inst)
			all &= sampler_judge(s, &s->st[i].pub, spec);
	return all;
}

/*
 * Instance in's ops since *last, which moves up to its count now: counted
 * from where the instance noted the window open, as the figures are
 * (window.c), nothing before (*pending until it has). Each track of
 * windows keeps its own baseline.
 */
static uint64_t sampler_inst_ops(struct sampler_inst *in, uint64_t *last, bool *pending)
{
	uint64_t ops = in->slot ? __atomic_load_n(&in->slot->ops, __ATOMIC_RELAXED) : *last;
	uint64_t d;

	if (*pending && in->slot && window_noted(in->slot, last))
		*pending = false;
	if (*pending)
		return 0;
	/* a counter only grows; below the baseline is a race with the opening */
	d = ops > *last ? ops - *last : 0;
	*last += d;
	return d;
}

/* Instance in's CPU seconds since *last (moved to now); NAN: no clock. */
static double sampler_inst_cpu(struct sampler_inst *in, double *last)
{
	struct timespec ts;
	double cpu, d;

	if (!in->have_clk)
		return NAN;
	if (clock_gettime(in->clk, &ts))
		return 0;	/* exited and reaped: it used no more CPU */
	cpu = (double)ts.tv_sec + ts.tv_nsec * 1e-9;
	d = cpu - *last;
	*last = cpu;
	return d;
}

static void sampler_take(struct sampler *s, double now)
{
	size_t t = s->n_int;

	if (t == s->cap_int && sampler_grow(s)) {
		s->running = false;	/* out of memory: the series ends here */
		return;
	}
	s->start[t] = s->t_last - s->t_begin;
	s->len[t] = now - s->t_last;
	for (size_t i = 0; i < s->n_st; i++) {
		struct sampler_series *p = &s->st[i].pub;
		uint64_t sum = 0;

		for (uint32_t k = 0; k < p->n_inst; k++) {
			struct sampler_inst *in = &s->st[i].inst[k];
			p->ops[t * p->n_inst + k] = sampler_inst_ops(in, &in->last_ops,
								     &in->window_pending);
			sum += p->ops[t * p->n_inst + k];
			p->cpu[t * p->n_inst + k] = sampler_inst_cpu(in, &in->last_cpu);
		}
		p->rate[t] = s->len[t] > 0 ? (double)sum / s->len[t] : 0;
	}
	s->n_int++;
	s->t_last = now;
}

/* A stressor's count now: every instance's counter, one relaxed load each. */
static uint64_t sampler_count(const struct sampler_stressor *st)
{
	uint64_t sum = 0;

	for (uint32_t k = 0; k < st->pub.n_inst; k++) {
		const struct sampler_inst *in = &st->inst[k];

		sum += in->slot ? __atomic_load_n(&in->slot->ops, __ATOMIC_RELAXED) :
		       in->last_ops;
	}
	return sum;
}

/*
 * --status-interval: one info line with each stressor's bogo-ops/s since
 * the last line, as stress-ng's --status prints its line whether or not
 * a terminal is there (--progress needs one).
 */
static void sampler_status(struct sampler *s, double now)
{
	char line[1024];
	size_t used = 0;
	double dt = now - s->status_last;

	line[0] = '\0';
	for (size_t i = 0; i < s->n_st && used < sizeof(line); i++) {
		uint64_t ops = sampler_count(&s->st[i]);
		uint64_t base = s->status_ops[i];

		used += (size_t)snprintf(line + used, sizeof(line) - used, "%s%s %.0f bogo-ops/s",
					 i ? ", " : "", s->st[i].sr->entry->stressor->name,
					 dt > 0 && ops > base ? (double)(ops - base) / dt : 0);
		s->status_ops[i] = ops;
	}
	log_info("status %.1fs: %s", now - s->t_begin, line);
	s->status_last = now;
}

static int sampler_fine_grow(struct sampler *s)
{
	size_t cap = s->cap_fine ? 2 * s->cap_fine : 256;
	double *len = realloc(s->fine_len, cap * sizeof(*len)), *skew;

	if (!len)
		return -ENOMEM;
	s->fine_len = len;
	if (!(skew = realloc(s->fine_skew, cap * sizeof(*skew))))
		return -ENOMEM;
	s->fine_skew = skew;
	for (size_t i = 0; i < s->n_st; i++) {
		struct sampler_series *p = &s->st[i].pub;
		uint64_t *ops = realloc(p->fine_ops, cap * sizeof(*ops));
		double *cpu;

		if (!ops)
			return -ENOMEM;
		p->fine_ops = ops;
		if (!(cpu = realloc(p->fine_cpu, cap * sizeof(*cpu))))
			return -ENOMEM;
		p->fine_cpu = cpu;
	}
	s->cap_fine = cap;
	return 0;
}

/*
 * A fine window ends at now: every counter is read between two clock
 * reads, and the window's edge is the middle of that reading, its
 * uncertainty how long it took (a controller preempted while reading
 * makes a window that cannot be trusted to the per mille, and says so).
 */
static void sampler_take_fine(struct sampler *s, double now)
{
	size_t t = s->n_fine;
	double t0, t1, edge;

	if (t == s->cap_fine && sampler_fine_grow(s))
		return;	/* out of memory: no more fine windows */
	t0 = sk_now();
	for (size_t i = 0; i < s->n_st; i++) {
		struct sampler_series *p = &s->st[i].pub;
		uint64_t sum = 0;
		double cpu = s->fine_cpu ? 0 : NAN;

		for (uint32_t k = 0; k < p->n_inst; k++) {
			struct sampler_inst *in = &s->st[i].inst[k];

			sum += sampler_inst_ops(in, &in->fine_ops, &in->fine_pending);
			if (s->fine_cpu)
				cpu += sampler_inst_cpu(in, &in->fine_cpu);
		}
		p->fine_ops[t] = sum;
		p->fine_cpu[t] = cpu;
	}
	t1 = sk_now();
	edge = now + (t1 - t0) / 2;
	s->fine_len[t] = edge - s->fine_edge;
	s->fine_skew[t] = s->fine_edge_skew + (t1 - t0);
	s->fine_edge = edge;
	s->fine_edge_skew = t1 - t0;
	s->n_fine++;
}

size_t sampler_fine(const struct sampler *s, const double **len, const double **skew)
{
	*len = s ? s->fine_len : NULL;
	*skew = s ? s->fine_skew : NULL;
	return s ? s->n_fine : 0;
}

bool sampler_poll(struct sampler *s, double now, double *left)
{
	if (!s || !s->running)
		return false;
	/* on their grid, as the intervals are */
	if (sk_period_due(&s->fine_next, SAMPLER_FINE_MS / 1e3, now, left))
		sampler_take_fine(s, now);
	if (s->status_ops && sk_period_due(&s->status_next, s->opts.status, now, left))
		sampler_status(s, now);
	/* the next sample is due one interval after this one was due, so
	 * a late wake-up does not shift every later interval */
	if (sk_period_due(&s->next, s->opts.interval, now, left)) {
		sampler_take(s, now);
		if (s->opts.steady.kind != STEADY_NONE && !s->steady_reached &&
		    sampler_judge_all(s, &s->opts.steady)) {
			s->steady_reached = true;
			s->steady_at = now - s->t_begin;
		}
	}
	if (s->steady_reached && !s->stop_told) {
		s->stop_told = true;
		return true;
	}
	return false;
}

void sampler_stop(struct sampler *s, double now)
{
	if (!s || !s->running)
		return;
	if (now > s->t_last || !s->n_int)
		sampler_take(s, now);
	s->running = false;
}

void sampler_end(struct sampler *s)
{
	struct steady_spec dflt = {
		.kind = STEADY_DEFAULT_KIND, .limit_pct = STEADY_DEFAULT_LIMIT_PCT,
	};
	size_t t;

	if (!s || !s->n_int)
		return;
	sampler_stop(s, s->t_last);
	t = s->n_int - 1;
	/* what counted between the last sample and the stop: the last interval's */
	for (size_t i = 0; i < s->n_st; i++) {
		struct sampler_series *p = &s->st[i].pub;
		uint64_t sum = 0;

		for (uint32_t k = 0; k < p->n_inst; k++) {
			struct sampler_inst *in = &s->st[i].inst[k];
			uint64_t end = in->res ? in->res->ops : in->last_ops;

			/* never noted: the controller's snapshot, as window.c */
			if (in->window_pending && in->slot &&
			    !window_noted(in->slot, &in->last_ops) && in->res)
				in->last_ops = in->res->before.ops;

			if (end > in->last_ops)
				p->ops[t * p->n_inst + k] += end - in->last_ops;
			sum += p->ops[t * p->n_inst + k];
		}
		p->rate[t] = s->len[t] > 0 ? (double)sum / s->len[t] : 0;
	}
	/* a steady run keeps the figures of its steady window */
	if (!s->steady_reached)
		sampler_judge_all(s, s->opts.steady.kind != STEADY_NONE ?
				  &s->opts.steady : &dflt);
}

const struct sampler_opts *sampler_opts(const struct sampler *s)
{
	return &s->opts;
}

size_t sampler_intervals(const struct sampler *s)
{
	return s ? s->n_int : 0;
}

void sampler_interval(const struct sampler *s, size_t i, double *start,
		      double *len)
{
	*start = s->start[i];
	*len = s->len[i];
}

const struct sampler_series *sampler_series(const struct sampler *s, size_t i)
{
	return s && i < s->n_st ? &s->st[i].pub : NULL;
}

bool sampler_steady_reached(const struct sampler *s, double *at)
{
	*at = s->steady_reached ? s->steady_at : 0;
	return s->steady_reached;
}
