/*
 * placement_output.c - where each stressor's tasks ran (placement.h), in
 * its entry of the results: the policy asked for, and what the controller
 * saw of instances of more than one task, so that compare tells passes
 * that ran a writer and its reader on one CPU from those that split them.
 */
#include "json_finite.h"
#include "mode_output.h"
#include "placement.h"

static const char *const placement_policies[] = {
	[PLACE_PACK] = "pack", [PLACE_SPREAD] = "spread", [PLACE_FREE] = "free",
};

static int placement_output_entry(json_t *e, const struct run_result *res, size_t i,
				  const struct stressor_summary *s)
{
	const struct placement_figures *fig = placement_of(res);
	const struct placement_stressor *f;
	json_t *o;

	(void)s;
	if (!fig || i >= fig->n || (f = &fig->s[i])->tasks < 2)
		return 0;	/* one task an instance: nothing placed */
	if (!(o = json_object()))
		return -1;
	json_object_set_new(o, "policy", json_string(placement_policies[fig->policy]));
	json_object_set_new(o, "tasks", json_integer(f->tasks));
	json_object_set_new(o, "samples", json_integer((json_int_t)f->samples));
	json_object_set_new(o, "one-cpu-pct", f->samples ?
			    json_real(100.0 * (double)f->one_cpu / (double)f->samples) : json_null());
	json_object_set_new(o, "migrations", json_integer((json_int_t)f->migrations));
	return json_object_set_new(e, "placement", o);
}

static const struct mode_output placement_output = {
	.mode = "placement",
	.entry = placement_output_entry,
};
MODE_OUTPUT_REGISTER(placement_output);
