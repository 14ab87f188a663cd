/*
 * run_mode.c - the table of run modes. RUN_MODE_REGISTER() puts a pointer
 * in the sk_run_modes section, as STRESSOR_REGISTER() does for stressors;
 * the linker provides the __start_/__stop_ symbols around it, weak so a
 * build with no mode still links.
 */
#include "run_mode.h"

#include <string.h>

#include "log.h"
#include "run_state.h"

extern const struct run_mode *const __start_sk_run_modes[] __attribute__((weak));
extern const struct run_mode *const __stop_sk_run_modes[] __attribute__((weak));

/* By rank, then name: the link order of the objects decides nothing. */
static bool run_mode_before(const struct run_mode *a, const struct run_mode *b)
{
	return a->rank != b->rank ? a->rank < b->rank : strcmp(a->name, b->name) < 0;
}

void run_modes_select(struct run_state *st)
{
	size_t n = __start_sk_run_modes ?
		   (size_t)(__stop_sk_run_modes - __start_sk_run_modes) : 0;

	st->n_modes = 0;
	for (size_t i = 0; i < n; i++) {
		const struct run_mode *m = __start_sk_run_modes[i];
		size_t k = st->n_modes;

		if (m->on && !m->on(st->plan))
			continue;
		if (k == RUN_MODES_MAX) {	/* a mode added past the limit */
			log_fail("run mode %s: more than %d modes on", m->name,
				 RUN_MODES_MAX);
			continue;
		}
		/* insertion: a handful of modes */
		for (; k > 0 && run_mode_before(m, st->modes[k - 1]); k--)
			st->modes[k] = st->modes[k - 1];
		st->modes[k] = m;
		st->n_modes++;
	}
}

void run_modes_call(struct run_state *st, enum run_phase p)
{
	bool way_out = p >= RUN_STOPPING;

	for (size_t i = 0; i < st->n_modes; i++) {
		const struct run_mode *m = st->modes[way_out ? st->n_modes - 1 - i : i];

		if (m->at[p])
			m->at[p](st);
	}
}

bool run_modes_wait(struct run_state *st, double *left)
{
	for (size_t i = 0; i < st->n_modes; i++)
		if (st->modes[i]->waiting && st->modes[i]->waiting(st, left))
			return true;
	return false;
}
