/*
 * timeseries.c - a run's series in the results document, the CSV file and
 * the --metrics lines (see timeseries.h). A stressor's interval is the sum
 * of its instances' intervals, so its ops add up to the run's total as
 * each instance's do; its CPU time is known only when every instance's is.
 */
#include "timeseries.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "json_finite.h"
#include "log.h"
#include "stats.h"

static double timeseries_inst_rate(const struct instance_result *r)
{
	return r->duration > 0 ? (double)r->ops / r->duration : 0;
}

void timeseries_summarize(const struct sampler *sm, const struct run_result *res,
			  size_t i, struct timeseries_summary *out)
{
	const struct stressor_result *sr = &res->s[i];
	const struct sampler_opts *o = sampler_opts(sm);
	const struct sampler_series *p = sampler_series(sm, i);
	size_t n_int = sampler_intervals(sm), n = 0;
	double rates[sr->n ? sr->n : 1], *y = NULL;

	memset(out, 0, sizeof(*out));
	out->name = sr->entry->stressor->name;
	out->instances = sr->n;
	if (p) {
		out->have_series = true;
		out->win = *p;
		out->win.ops = NULL;
		out->win.cpu = out->win.rate = NULL;
	}
	out->window = o->window;
	out->requested = o->steady.kind != STEADY_NONE;
	out->spec = out->requested ? o->steady : (struct steady_spec){
		.kind = STEADY_DEFAULT_KIND, .limit_pct = STEADY_DEFAULT_LIMIT_PCT };
	out->reached = sampler_steady_reached(sm, &out->reached_at);
	for (uint32_t k = 0; k < sr->n; k++)
		rates[k] = timeseries_inst_rate(&sr->inst[k]);
	out->inst_cv_pct = stats_cv_pct(rates, sr->n);
	if (!p || !n_int || !(y = malloc(n_int * sizeof(*y))))
		return;
	for (size_t t = 0; t < n_int; t++)
		if (sampler_interval_full(sm, t))
			y[n++] = p->rate[t];
	out->n_intervals = n;
	/* one interval has no spread to speak of: null, not 0 */
	out->interval_cv_pct = n >= 2 ? stats_cv_pct(y, n) : NAN;
	free(y);
}

/* One interval: start, duration, ops, ops/s, CPU seconds (or null). */
static json_t *timeseries_point(double start, double len, uint64_t ops, double cpu)
{
	json_t *o = json_object();

	if (!o)
		return NULL;
	json_object_set_new(o, "start", json_finite(start));
	json_object_set_new(o, "duration", json_finite(len));
	json_object_set_new(o, "bogo-ops", json_integer((json_int_t)ops));
	json_object_set_new(o, "bogo-ops-per-second",
			    json_finite(len > 0 ? (double)ops / len : 0));
	json_object_set_new(o, "cpu-time", json_finite(cpu));
	return o;
}

/* The stressor's series, and each instance's into its entry. */
static int timeseries_series(json_t *entry, const struct sampler *sm,
			     const struct sampler_series *p)
{
	json_t *all = json_array(), *insts = json_object_get(entry, "instances");
	int rc = all ? 0 : -ENOMEM;

	for (uint32_t k = 0; k < p->n_inst && !rc; k++) {
		json_t *a = json_array();

		if (!a || json_object_set_new(json_array_get(insts, k), "series", a))
			rc = -ENOMEM;
	}
	for (size_t t = 0; t < sampler_intervals(sm) && !rc; t++) {
		double start, len, cpu = 0;
		uint64_t ops = 0;

		sampler_interval(sm, t, &start, &len);
		for (uint32_t k = 0; k < p->n_inst; k++) {
			uint64_t o = p->ops[t * p->n_inst + k];
			double c = p->cpu[t * p->n_inst + k];
			json_t *a = json_object_get(json_array_get(insts, k), "series");

			ops += o;
			cpu += c;	/* NAN when one is unknown */
			if (json_array_append_new(a, timeseries_point(start, len, o, c)))
				rc = -ENOMEM;
		}
		if (json_array_append_new(all, timeseries_point(start, len, ops,
								p->n_inst ? cpu : NAN)))
			rc = -ENOMEM;
	}
	if (json_object_set_new(entry, "series", all))
		rc = -ENOMEM;
	return rc;
}

static json_t *timeseries_steady(const struct timeseries_summary *t)
{
	json_t *o = json_object();
	const struct sampler_series *p = &t->win;

	if (!o)
		return NULL;
	json_object_set_new(o, "criterion", json_string(steady_kind_name(t->spec.kind)));
	json_object_set_new(o, "limit-pct", json_finite(t->spec.limit_pct));
	json_object_set_new(o, "window", json_finite(t->window));
	json_object_set_new(o, "requested", json_boolean(t->requested));
	json_object_set_new(o, "attained", json_boolean(t->reached));
	json_object_set_new(o, "attained-at", t->reached ?
			    json_finite(t->reached_at) : json_null());
	/* the steady window's figures, or the last window's */
	json_object_set_new(o, "window-full", json_boolean(p->window_full));
	json_object_set_new(o, "steady", p->window_full ? json_boolean(p->steady) :
			    json_null());
	json_object_set_new(o, "window-start", json_finite(p->window_start));
	json_object_set_new(o, "window-intervals", json_integer((json_int_t)p->window_n));
	json_object_set_new(o, "window-bogo-ops-per-second", json_finite(p->window_mean));
	json_object_set_new(o, "slope-pct", json_finite(p->slope_pct));
	json_object_set_new(o, "range-pct", json_finite(p->range_pct));
	return o;
}

static json_t *timeseries_fairness(const struct timeseries_summary *t,
				   const struct stressor_result *sr)
{
	json_t *o = json_object();
	double lo = 0, hi = 0;

	if (!o)
		return NULL;
	for (uint32_t k = 0; k < sr->n; k++) {
		double r = timeseries_inst_rate(&sr->inst[k]);

		lo = !k || r < lo ? r : lo;
		hi = !k || r > hi ? r : hi;
	}
	json_object_set_new(o, "instance-rate-min", json_finite(lo));
	json_object_set_new(o, "instance-rate-max", json_finite(hi));
	json_object_set_new(o, "instance-rate-cv-pct", json_finite(t->inst_cv_pct));
	json_object_set_new(o, "interval-rate-cv-pct", json_finite(t->interval_cv_pct));
	json_object_set_new(o, "intervals", json_integer((json_int_t)t->n_intervals));
	return o;
}

int timeseries_entry(json_t *e, const struct sampler *sm,
		     const struct run_result *res, size_t i)
{
	struct timeseries_summary t;

	timeseries_summarize(sm, res, i, &t);
	if (!t.have_series)
		return 0;
	json_object_set_new(e, "sample-interval", json_finite(sampler_opts(sm)->interval));
	if (timeseries_series(e, sm, sampler_series(sm, i)) ||
	    json_object_set_new(e, "steady-state", timeseries_steady(&t)) ||
	    json_object_set_new(e, "fairness", timeseries_fairness(&t, &res->s[i])))
		return -ENOMEM;
	return 0;
}

void timeseries_csv_start(FILE *f)
{
	fprintf(f, "run,stressor,instance,start,duration,bogo_ops,bogo_ops_per_second,cpu_time\n");
}

static void timeseries_csv_row(FILE *f, unsigned run, const char *name,
			       const char *inst, double start, double len,
			       uint64_t ops, double cpu)
{
	fprintf(f, "%u,%s,%s,%.6f,%.6f,%llu,%.3f,", run, name, inst, start, len,
		(unsigned long long)ops, len > 0 ? (double)ops / len : 0.0);
	if (isfinite(cpu))
		fprintf(f, "%.6f", cpu);
	fputc('\n', f);
}

int timeseries_csv_rows(FILE *f, unsigned run, const struct sampler *sm,
			const struct run_result *res)
{
	for (size_t i = 0; f && i < res->n; i++) {
		const struct sampler_series *p = sampler_series(sm, i);
		const char *name = res->s[i].entry->stressor->name;

		for (size_t t = 0; p && t < sampler_intervals(sm); t++) {
			double start, len, cpu = 0;
			uint64_t ops = 0;
			char inst[16];

			sampler_interval(sm, t, &start, &len);
			for (uint32_t k = 0; k < p->n_inst; k++) {
				ops += p->ops[t * p->n_inst + k];
				cpu += p->cpu[t * p->n_inst + k];
			}
			timeseries_csv_row(f, run, name, "all", start, len, ops,
					   p->n_inst ? cpu : NAN);
			for (uint32_t k = 0; k < p->n_inst; k++) {
				snprintf(inst, sizeof(inst), "%u", k);
				timeseries_csv_row(f, run, name, inst, start, len,
						   p->ops[t * p->n_inst + k],
						   p->cpu[t * p->n_inst + k]);
			}
		}
	}
	return f && ferror(f) ? -EIO : 0;
}

void timeseries_report(const struct timeseries_summary *t, bool metrics)
{
	const struct sampler_series *p = &t->win;
	char spec[64];

	if (!t->have_series)
		return;
	steady_format(&t->spec, spec, sizeof(spec));
	if (t->requested && t->reached)
		log_info("%s: steady state (%s) reached after %.2fs: %.2f bogo ops/s "
			 "over the %gs window, slope %.3f%%/s, range %.2f%%",
			 t->name, spec, t->reached_at, p->window_mean, t->window,
			 p->slope_pct, p->range_pct);
	else if (t->requested && p->window_n < 2)
		/* one interval has no slope or range: 0 would read as steady */
		log_info("%s: steady state (%s) not reached; the run was too short "
			 "to judge (2 intervals of --sample-interval needed, %zu ran)",
			 t->name, spec, p->window_n);
	else if (t->requested)
		log_info("%s: steady state (%s) not reached; last %gs window: "
			 "slope %.3f%%/s, range %.2f%%%s", t->name, spec, t->window,
			 p->slope_pct, p->range_pct,
			 p->window_full ? "" : " (shorter than the window)");
	if (!metrics || !t->instances)
		return;
	log_metric("%-13s %13.2f %% CV of bogo ops/s across %u instances",
		   t->name, t->inst_cv_pct, t->instances);
	if (t->n_intervals >= 2)
		log_metric("%-13s %13.2f %% CV of bogo ops/s across %zu intervals",
			   t->name, t->interval_cv_pct, t->n_intervals);
	if (!t->requested && p->window_n >= 2)
		log_metric("%-13s %13.3f %%/s slope of the last %gs window: %s (%s)",
			   t->name, p->slope_pct, t->window,
			   !p->window_full ? "shorter than the window" :
			   p->steady ? "steady" : "not steady", spec);
}
