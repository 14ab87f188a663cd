/*
 * sampler_mode.c - the time series (--sample-interval, --steady-state,
 * --series-csv, --status-interval) as a run mode: the sampler begins once
 * counting starts (after any --warmup, whose mode ranks before it), samples
 * from the controller's waits, takes its last sample at the stop while
 * the instances still run, and folds in the tail after the reap, before
 * the warmup is taken off the results it reads (the way out runs in
 * reverse). Apart from sampler.c, which is the sampling itself.
 */
#include "sampler.h"

#include "run_state.h"

static bool sampler_mode_on(const struct run_plan *plan)
{
	return plan->sampler;
}

/* Counting starts: the sampler learns every instance's slot. */
static void sampler_mode_begin(struct run_state *st)
{
	struct sampler *sm = st->plan->sampler;

	if (sampler_begin(sm, st->res, sk_now()))
		return;
	for (size_t i = 0; i < st->n_children; i++)
		for (uint32_t k = 0; k < st->children[i].n_inst; k++)
			sampler_bind(sm, &st->children[i].res[k],
				     &st->children[i].slot[k],
				     st->children[i].pid, st->children[i].threads);
}

/* True once steady state is reached: the run stops as at its deadline. */
static bool sampler_mode_waiting(struct run_state *st, double *left)
{
	return sampler_poll(st->plan->sampler, sk_now(), left);
}

static void sampler_mode_stop(struct run_state *st)
{
	sampler_stop(st->plan->sampler, sk_now());
}

static void sampler_mode_end(struct run_state *st)
{
	sampler_end(st->plan->sampler);
}

static const struct run_mode sampler_mode = {
	.name = "sampler",
	.rank = 50,
	.on = sampler_mode_on,
	.at = {
		[RUN_MEASURING] = sampler_mode_begin,
		[RUN_STOPPING] = sampler_mode_stop,
		[RUN_REAPED] = sampler_mode_end,
	},
	.waiting = sampler_mode_waiting,
};
RUN_MODE_REGISTER(sampler_mode);
