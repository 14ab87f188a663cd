/*
 * cost.c - the cost of a bogo-op (see cost.h). Context switches come from
 * each instance's rusage (wait4), so they include its helper children as
 * its CPU time does; a thread-mode worker's count is its threads' together.
 */
#include "cost.h"

#include <math.h>
#include <string.h>

#include "json_finite.h"
#include "log.h"
#include "mode_output.h"

void cost_compute(const struct stressor_result *sr,
		  const struct stressor_summary *sum,
		  const struct cost_counted *cc, struct cost *out)
{
	double ops = (double)sum->ops, v = 0, iv = 0;

	memset(out, 0, sizeof(*out));
	out->name = sum->name;
	out->have = sum->ops > 0;
	if (!out->have)
		return;
	for (uint32_t k = 0; k < sr->n; k++) {
		v += (double)sr->inst[k].nvcsw;
		iv += (double)sr->inst[k].nivcsw;
	}
	out->cpu_usec = (sum->utime + sum->stime) * 1e6 / ops;
	out->vcsw = v / ops;
	out->ivcsw = iv / ops;
	if (!cc)
		return;
	out->have_cycles = cc->have_cycles;
	out->have_insns = cc->have_insns;
	out->cycles = cc->cycles / ops;
	out->insns = cc->insns / ops;
	out->ipc = cc->have_ipc ? cc->ipc : NAN;
}

static json_t *cost_real(bool have, double v)
{
	return have ? json_finite(v) : json_null();
}

void cost_of_run(const struct run_result *res, size_t i,
		 const struct stressor_summary *sum, struct cost *out)
{
	struct cost_counted cc;

	for (size_t k = 0; k < mode_outputs_count(); k++) {
		const struct mode_output *o = mode_outputs_at(k);

		if (o->counted && o->counted(res, i, &cc)) {
			cost_compute(&res->s[i], sum, &cc, out);
			return;
		}
	}
	cost_compute(&res->s[i], sum, NULL, out);
}

json_t *cost_to_json(const struct cost *c)
{
	json_t *o = json_object();

	if (!o)
		return NULL;
	json_object_set_new(o, "cpu-usec", cost_real(c->have, c->cpu_usec));
	json_object_set_new(o, "voluntary-context-switches", cost_real(c->have, c->vcsw));
	json_object_set_new(o, "involuntary-context-switches", cost_real(c->have, c->ivcsw));
	json_object_set_new(o, "cycles", cost_real(c->have_cycles, c->cycles));
	json_object_set_new(o, "instructions", cost_real(c->have_insns, c->insns));
	json_object_set_new(o, "insn-per-cycle", cost_real(c->have_cycles && c->have_insns,
							    c->ipc));
	return o;
}

void cost_report(const struct cost *c)
{
	if (!c->have)
		return;
	log_metric("%-13s %13.3f CPU usecs (usr+sys) per bogo op", c->name, c->cpu_usec);
	log_metric("%-13s %13.4f voluntary context switches per bogo op", c->name, c->vcsw);
	log_metric("%-13s %13.4f involuntary context switches per bogo op", c->name, c->ivcsw);
	if (c->have_cycles)
		log_metric("%-13s %13.1f cycles per bogo op", c->name, c->cycles);
	if (c->have_insns)
		log_metric("%-13s %13.1f instructions per bogo op", c->name, c->insns);
}
