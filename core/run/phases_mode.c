/*
 * phases_mode.c - the per-phase times of a run, printed by --verbose, so a run
 * that grows past its timeout at high instance counts shows which phase
 * (fork, barrier, stop, reap) took the time instead of leaving it a guess.
 */
#include "phases.h"

#include "log.h"
#include "run_state.h"

/* The start as the instances' slots tell it, once the run is done: the
 * mode's own reading, beside the boundaries the scheduler noted. */
struct phases_starts {
	double last;		/* the last instance passed the barrier; 0: none */
	size_t started, requested;
};

static void phases_note_starts(struct phases_starts *s,
			       const struct instance_slot *slots, size_t n)
{
	*s = (struct phases_starts){ .requested = n };
	for (size_t i = 0; i < n; i++) {
		if (slots[i].state < SLOT_RUNNING)
			continue;
		s->started++;
		if (slots[i].start > s->last)
			s->last = slots[i].start;
	}
}

/* Seconds from a to b, 0 when either boundary was not reached. */
static double phases_span(double a, double b)
{
	return a > 0 && b >= a ? b - a : 0;
}

static void phases_check_start(const struct run_phases *ph,
			       const struct phases_starts *s, double timeout)
{
	double lag = phases_span(ph->released, s->last);

	/* a second at least: a loaded machine delays a few instances by
	 * tenths, which is no news; thousands of forks take seconds */
	if (timeout > 0 && lag > timeout / 2 && lag > 1.0)
		log_warn("instances took %.1fs to start (the last of %zu), over "
			 "half the %gs timeout: each rate covers only its own "
			 "instance's run; a longer --timeout measures more",
			 lag, s->started, timeout);
}

/*
 * fork, set-up, run, stop to last exit and reap follow one another, so
 * they add up to the run's wall time; set-up is the wait for every
 * instance to be ready at the barrier (ready.c), the run counts from its
 * opening, and the barrier release (the last instance past it) is the
 * run's first part, shown apart because it grows with the instance count.
 */
static void phases_report(const struct run_phases *ph, const struct phases_starts *s)
{
	log_debug("phases: fork %.3fs, set-up %.3fs, barrier release %.3fs "
		  "(%zu of %zu instances started), run %.3fs, stop to last exit "
		  "%.3fs, reap %.3fs", phases_span(ph->t0, ph->forked),
		  phases_span(ph->forked, ph->released),
		  phases_span(ph->released, s->last), s->started,
		  s->requested, phases_span(ph->released, ph->stopped),
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
	struct phases_starts s;
	size_t forked = 0;

	for (size_t i = 0; i < st->n_children; i++)
		forked += st->children[i].n_inst;
	phases_note_starts(&s, shared_slot(st->sh, 0), forked);
	phases_check_start(&st->ph, &s, st->plan->timeout);
	if (log_verbose()) {
		phases_debug_instances(st->res);
		phases_report(&st->ph, &s);
	}
}

/* Every run; the scheduler notes the boundaries, this reads them. */
static const struct run_mode phases_mode = {
	.name = "phases",
	.rank = 90,
	.at = { [RUN_DONE] = phases_done },
};
RUN_MODE_REGISTER(phases_mode);
