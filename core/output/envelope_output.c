/*
 * envelope_output.c - each stressor's estimates from the run's fine
 * windows in its entry of the results: the envelope of the windows' rates
 * in real time and per CPU-second, and the share of slow windows beside
 * it (estimator.h), so that compare, history and KCIDB read the same
 * figures the run printed. The mean stays where LKP reads it
 * (bogo-ops-per-second-real-time), unchanged.
 */
#include <math.h>

#include "estimator.h"
#include "json_finite.h"
#include "mode_output.h"
#include "sampler.h"

/* Stressor i's fine windows as the estimators read them. */
static void envelope_windows(const struct sampler *sm, size_t i, struct estimator_windows *w)
{
	const struct sampler_series *p = sampler_series(sm, i);
	const double *len, *skew;

	*w = (struct estimator_windows){ .nominal = SAMPLER_FINE_MS / 1e3 };
	w->n = p ? sampler_fine(sm, &len, &skew) : 0;
	if (!w->n)
		return;
	w->ops = p->fine_ops;
	w->cpu = p->fine_cpu;
	w->len = len;
	w->skew = skew;
}

static int envelope_output_entry(json_t *e, const struct run_result *res, size_t i,
				 const struct stressor_summary *s)
{
	const struct estimator *env = estimator_find("envelope");
	const struct sampler *sm = sampler_of(res);
	struct estimator_windows w;
	json_t *o;
	double real, cpu;

	(void)s;
	if (!sm)
		return 0;
	envelope_windows(sm, i, &w);
	real = env->figure(&w, ESTIMATOR_REAL_TIME);
	cpu = env->figure(&w, ESTIMATOR_CPU_TIME);
	if (!(o = json_object()))
		return -1;
	json_object_set_new(o, "window-seconds", json_real(w.nominal));
	json_object_set_new(o, "quantile", json_real(ESTIMATOR_ENVELOPE_QUANTILE));
	json_object_set_new(o, "windows", json_integer((json_int_t)estimator_usable(
							 &w, ESTIMATOR_REAL_TIME)));
	json_object_set_new(o, "bogo-ops-per-second-real-time", json_finite(real));
	json_object_set_new(o, "bogo-ops-per-second-usr-sys-time", json_finite(cpu));
	json_object_set_new(o, "slow-windows-pct",
			    json_finite(estimator_slow_pct(&w, ESTIMATOR_REAL_TIME, real)));
	return json_object_set_new(e, "envelope", o);
}

static const struct mode_output envelope_output = {
	.mode = "sampler",
	.entry = envelope_output_entry,
};
MODE_OUTPUT_REGISTER(envelope_output);
