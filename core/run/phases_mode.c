/*
 * phases_mode.c - the per-phase times of a run, printed by --verbose, so a run
 * that grows past its timeout at high instance counts shows which phase
 * (fork, barrier, stop, reap) took the time instead of leaving it a guess.
 */
#include "phases.h"

#include "log.h"
#include "run_state.h"

static void phases_note_starts(struct run_phases *ph,
			       const struct instance_slot *slots, size_t n)
{
	ph->started = 0;
	ph->requested = n;
	for (size_t i = 0; i < n; i++) {
		if (slots[i].state < SLOT_RUNNING)
			continue;
		ph->started++;
		if (slots[i].start > ph->last_start)
			ph->last_start = slots[i].start;
	}
}

/* Seconds from a to b, 0 when either boundary was not reached. */
static double phases_span(double a, double b)
{
	return a > 0 && b >= a ? b - a : 0;
}

static void phases_check_start(const struct run_phases *ph, double timeout)
{
	double lag = phases_span(ph->released, ph->last_start);

	/* a second at least: a loaded machine delays a few instances by
	 * tenths, which is no news; thousands of forks take seconds */
	if (timeout > 0 && lag > timeout / 2 && lag > 1.0)
		log_warn("instances took %.1fs to start (the last of %zu), over "
			 "half the %gs timeout: each rate covers only its own "
			 "instance's run; a longer --timeout measures more",
			 lag, ph->started, timeout);
}

/*
 * fork, set-up, run, stop to last exit and reap follow one another, so
 * they add up to the run's wall time; set-up is the wait for every
 * instance to be ready at the barrier (ready.c), the run counts from its
 * opening, and the barrier release (the last instance past it) is the
 * run's first part, shown apart because it grows with the instance count.
 */
static void phases_report(const struct run_phases *ph)
{
	log_debug("phases: fork %.3fs, set-up %.3fs, barrier release %.3fs "
		  "(%zu of %zu instances started), run %.3fs, stop to last exit "
		  "%.3fs, reap %.3fs", phases_span(ph->t0, ph->forked),
		  phases_span(ph->forked, ph->released),
		  phases_span(ph->released, ph->last_start), ph->started,
		  ph->requested, phases_span(ph->released, ph->stopped),
		  phases_span(ph->stopped, ph->last_exit),
		  phases_span(ph->last_exit, ph->reaped));
}

static void phases_debug_instances(const struct run_result *res)
{
	for (size_t i = 0; i < res->n; i++)
		for (uint32_t k = 0; k < res->s[i].n; k++) {
			const struct instance_result *r = &res->s[i].inst[k];

			log_debug("%s: instance %u (pid %d): %llu bogo-ops in %.3fs, "
				  "exit status %d", res->s[i].entry->stressor->name, k,
				  (int)r->pid, (unsigned long long)r->ops,
				  r->duration, r->status);
		}
}

/* The forked instances' slots are the first ones, one per instance. */
static void phases_done(struct run_state *st)
{
	size_t forked = 0;

	for (size_t i = 0; i < st->n_children; i++)
		forked += st->children[i].n_inst;
	phases_note_starts(&st->ph, shared_slot(st->sh, 0), forked);
	phases_check_start(&st->ph, st->plan->timeout);
	if (log_verbose()) {
		phases_debug_instances(st->res);
		phases_report(&st->ph);
	}
}

/* Every run; the scheduler notes the boundaries, this reads them. */
static const struct run_mode phases_mode = {
	.name = "phases",
	.rank = 90,
	.at = { [RUN_DONE] = phases_done },
};
RUN_MODE_REGISTER(phases_mode);
