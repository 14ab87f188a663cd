/*
 * run_mode.c - the table of run modes. RUN_MODE_REGISTER() puts a pointer
 * in the sk_run_modes section, as STRESSOR_REGISTER() does for stressors
 * (section_table.h).
 */
#include "run_mode.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "run_state.h"
#include "section_table.h"

SECTION_TABLE_DECLARE(const struct run_mode *, sk_run_modes);

/* By rank, then name: the link order of the objects decides nothing. */
static bool run_mode_before(const void *pa, const void *pb)
{
	const struct run_mode *a = pa, *b = pb;

	return a->rank != b->rank ? a->rank < b->rank : strcmp(a->name, b->name) < 0;
}

/* The section's modes in order, sorted once (the section itself is read-only). */
static struct {
	const struct run_mode *at[RUN_MODES_MAX];
	size_t n;
	bool sorted;
} run_mode_table;

/* Whether m may be placed once the first n of at are: its .after is
 * among them, or names no mode of the n + left (said once, then ignored). */
static bool run_mode_ready(const struct run_mode *m, const struct run_mode *const *at,
			   size_t n, const struct run_mode *const *left, size_t n_left)
{
	if (!m->after)
		return true;
	for (size_t i = 0; i < n; i++)
		if (!strcmp(at[i]->name, m->after))
			return true;
	for (size_t i = 0; i < n_left; i++)
		if (left[i] != m && !strcmp(left[i]->name, m->after))
			return false;
	log_fail("run mode %s: .after names no mode: %s", m->name, m->after);
	return true;
}

size_t run_modes_place(const struct run_mode **by_rank, size_t n,
		       const struct run_mode **at)
{
	size_t placed = 0;

	while (placed < n) {
		size_t left = n - placed, k = 0;

		while (k < left && !run_mode_ready(by_rank[k], at, placed, by_rank, left))
			k++;
		if (k == left) {
			log_fail("run mode %s: .after makes a cycle", by_rank[0]->name);
			k = 0;
		}
		at[placed++] = by_rank[k];
		memmove(&by_rank[k], &by_rank[k + 1], (left - k - 1) * sizeof(*by_rank));
	}
	return placed;
}

static void run_mode_table_sort(void)
{
	const struct run_mode *by_rank[RUN_MODES_MAX];
	size_t n = SECTION_TABLE_SORT(sk_run_modes, by_rank, RUN_MODES_MAX, run_mode_before);

	run_mode_table.sorted = true;
	run_mode_table.n = run_modes_place(by_rank, n, run_mode_table.at);
	/* the modes added past the limit: the section's last */
	for (size_t i = RUN_MODES_MAX; i < SECTION_TABLE_COUNT(sk_run_modes); i++)
		log_fail("run mode %s: more than %d modes registered",
			 SECTION_TABLE_AT(sk_run_modes, i)->name, RUN_MODES_MAX);
}

size_t run_modes_count(void)
{
	if (!run_mode_table.sorted)
		run_mode_table_sort();
	return run_mode_table.n;
}

const struct run_mode *run_modes_at(size_t i)
{
	return i < run_modes_count() ? run_mode_table.at[i] : NULL;
}

size_t run_mode_index(const struct run_mode *m)
{
	for (size_t i = 0; i < run_modes_count(); i++)
		if (run_mode_table.at[i] == m)
			return i;
	return RUN_MODES_MAX;	/* not registered: no options, no figures */
}

const char *run_mode_typed(const struct run_mode *m, const struct run_mode_given *g,
			   size_t i, char *buf, size_t len)
{
	if (i < RUN_MODE_ROWS && g->typed[i])
		snprintf(buf, len, "'%s'", g->typed[i]);
	else
		snprintf(buf, len, "%s (the default)", m->opts[i].opt.def_str ?
			 m->opts[i].opt.def_str : "");
	return buf;
}

const struct run_mode *run_mode_find(const char *name)
{
	for (size_t i = 0; i < run_modes_count(); i++)
		if (!strcmp(run_mode_table.at[i]->name, name))
			return run_mode_table.at[i];
	return NULL;
}

const void *run_mode_opts(const struct run_plan *plan, const struct run_mode *m)
{
	size_t i = run_mode_index(m);

	return i < RUN_MODES_MAX ? plan->mode_opts[i] : NULL;
}

const void *run_mode_option_given(const struct run_plan *plan, const char *name)
{
	for (size_t i = 0; i < run_modes_count(); i++) {
		const struct run_mode *m = run_mode_table.at[i];

		for (size_t r = 0; m->opts && m->opts[r].opt.name; r++) {
			if (strcmp(m->opts[r].opt.name, name))
				continue;
			if (!plan->mode_opts[i] || !(plan->mode_given[i] & (UINT64_C(1) << r)))
				return NULL;
			return (const char *)plan->mode_opts[i] + m->opts[r].opt.offset;
		}
	}
	return NULL;
}

/* The holds are waited out side by side (each at RUN_OPENED, until its
 * own end), so the window opens at the latest, not at their sum. */
double run_modes_held(const struct run_plan *plan)
{
	double held = 0;

	for (size_t i = 0; i < run_modes_count(); i++) {
		const struct run_mode *m = run_mode_table.at[i];
		double s = m->held ? m->held(plan) : 0;

		if (s > held)
			held = s;
	}
	return held;
}

void **run_mode_out(struct run_result *res, const struct run_mode *m)
{
	size_t i = run_mode_index(m);

	return i < RUN_MODES_MAX ? &res->mode_out[i] : NULL;
}

void run_mode_hand_out(struct run_state *st, const struct run_mode *m, void **figures)
{
	void **out = run_mode_out(st->res, m);

	if (out)
		*out = *figures;
	else if (m->out_free)
		m->out_free(*figures);
	*figures = NULL;
}

const void *run_mode_figures(const struct run_result *res, const struct run_mode *m)
{
	size_t i = run_mode_index(m);

	return i < RUN_MODES_MAX ? res->mode_out[i] : NULL;
}

void run_modes_free_out(struct run_result *res)
{
	for (size_t i = 0; i < run_modes_count(); i++) {
		const struct run_mode *m = run_mode_table.at[i];

		if (res->mode_out[i] && m->out_free)
			m->out_free(res->mode_out[i]);
		res->mode_out[i] = NULL;
	}
}

struct run_session {
	void *state[RUN_MODES_MAX];	/* by run_mode_index */
};

struct run_session *run_session_begin(const struct run_plan *base)
{
	struct run_session *s = calloc(1, sizeof(*s));

	for (size_t i = 0; s && i < run_modes_count(); i++) {
		const struct run_mode *m = run_mode_table.at[i];

		if (!m->session_size)
			continue;
		if (!(s->state[i] = calloc(1, m->session_size))) {
			run_session_end(s);
			return NULL;
		}
		if (m->session_begin)
			m->session_begin(s->state[i], base);
	}
	return s;
}

void run_session_end(struct run_session *s)
{
	for (size_t i = 0; s && i < run_modes_count(); i++) {
		const struct run_mode *m = run_mode_table.at[i];

		if (s->state[i] && m->session_end)
			m->session_end(s->state[i]);
		free(s->state[i]);
	}
	free(s);
}

void *run_session_mode(const struct run_session *s, const struct run_mode *m)
{
	size_t i = run_mode_index(m);

	return s && i < RUN_MODES_MAX ? s->state[i] : NULL;
}

void *run_session_state(const struct run_plan *plan, const struct run_mode *m)
{
	return run_session_mode(plan->session, m);
}

void run_modes_select(struct run_state *st)
{
	st->n_modes = 0;
	for (size_t i = 0; i < run_modes_count(); i++) {
		const struct run_mode *m = run_mode_table.at[i];

		if (m->on && !m->on(st->plan))
			continue;
		if (m->state_size && !(st->mode_state[i] = calloc(1, m->state_size))) {
			log_fail("run mode %s: no memory for its state", m->name);
			run_modes_release(st);
			st->failed = SK_NO_RESOURCE;
			return;
		}
		st->modes[st->n_modes++] = m;
	}
}

void *run_mode_state(const struct run_state *st, const struct run_mode *m)
{
	size_t i = run_mode_index(m);

	return i < RUN_MODES_MAX ? st->mode_state[i] : NULL;
}

void run_modes_release(struct run_state *st)
{
	for (size_t i = 0; i < RUN_MODES_MAX; i++) {
		free(st->mode_state[i]);
		st->mode_state[i] = NULL;
	}
	st->n_modes = 0;
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

void run_modes_instance(const struct run_state *st, struct instance *in, size_t slot)
{
	for (size_t i = 0; i < st->n_modes; i++)
		if (st->modes[i]->instance_begin)
			st->modes[i]->instance_begin(st, in, slot);
}

bool run_modes_reach_instances(const struct run_state *st)
{
	for (size_t i = 0; i < st->n_modes; i++)
		if (st->modes[i]->helpers_record)
			return true;
	return false;
}

bool run_modes_wait(struct run_state *st, double *left)
{
	for (size_t i = 0; i < st->n_modes; i++)
		if (st->modes[i]->waiting && st->modes[i]->waiting(st, left))
			return true;
	return false;
}
