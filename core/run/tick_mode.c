/*
 * tick_mode.c - the session's tick hooks (--progress, --status): each called
 * every its interval from the controller's wait loop, with the bogo-ops so far
 * and the instances by state, read from their counter slots and the
 * controller's child table: no syscall, nothing asked of an instance.
 */
#include "tick.h"

#include <errno.h>

#include <jansson.h>

#include "run_state.h"

static const struct run_mode tick_mode;

struct tick_hook {
	tick_fn *fn;
	void *arg;
	double interval;
	bool across_runs;
};

/* The mode's state over a session: its hooks, and when each is next due
 * (a hook that goes on over the runs keeps it from one run to the next;
 * 0: from the next run's fork). */
struct tick_session {
	struct tick_hook hooks[TICK_HOOKS];
	double next[TICK_HOOKS];
};

/* --status N, and whether it was given (its check notes it, for the
 * record); the line itself is output/status_line.c's, which reads the
 * row as given (run_mode_option_given) */
struct tick_opts {
	uint64_t status;
	bool status_on;
};

/* --status takes a value, and its default is for the bare word of a job
 * file: given, the lines are on. */
static int tick_mode_check(void *opts, const struct run_mode_given *g, char *err,
			   size_t errlen)
{
	(void)err;
	(void)errlen;
	((struct tick_opts *)opts)->status_on = g->rows & 1;
	return 0;
}

static void tick_mode_record(json_t *c, const void *opts)
{
	const struct tick_opts *o = opts;

	json_object_set_new(c, "status", o->status_on ?
			    json_integer((json_int_t)o->status) : json_null());
}

int tick_hook_add(struct run_session *s, tick_fn *fn, void *arg,
		  double interval, bool across_runs)
{
	struct tick_session *ts = run_session_mode(s, &tick_mode);

	for (size_t h = 0; ts && h < TICK_HOOKS; h++) {
		if (!ts->hooks[h].fn) {
			ts->hooks[h] = (struct tick_hook){ fn, arg, interval, across_runs };
			return 0;
		}
	}
	return ts ? -ENOSPC : -EINVAL;
}

static void tick_begin(struct run_state *st)
{
	struct tick_session *ss = run_session_state(st->plan, &tick_mode);

	for (size_t h = 0; ss && h < TICK_HOOKS; h++)
		if (!ss->hooks[h].across_runs || ss->next[h] <= 0)
			ss->next[h] = st->t0 + ss->hooks[h].interval;
}

static double tick_run(struct run_state *st, double left)
{
	struct tick_session *ss = run_session_state(st->plan, &tick_mode);
	struct run_counts t;
	bool counted = false;
	double now = sk_now();

	for (size_t h = 0; ss && h < TICK_HOOKS; h++) {
		const struct tick_hook *k = &ss->hooks[h];

		if (!k->fn || k->interval <= 0)
			continue;
		if (now >= ss->next[h]) {
			if (!counted) {
				tick_count(st, &t);
				t.now = now;
				t.elapsed = now - st->t0;
				counted = true;
			}
			k->fn(k->arg, &t);
			/* due one interval after the last was due: no drift */
			ss->next[h] += k->interval;
			if (ss->next[h] <= now)
				ss->next[h] = now + k->interval;
		}
		if (ss->next[h] - now < left)
			left = ss->next[h] - now;
	}
	return left;
}

/*
 * An instance runs until its slot says run() returned or its process is
 * reaped (a killed one never says so); its status is the slot's until the
 * reap, then what the reap recorded.
 */
void tick_count(const struct run_state *st, struct run_counts *t)
{
	t->ops = 0;
	t->running = t->exited = t->reaped = t->failed = t->alarmed = 0;
	for (size_t i = 0; i < st->n_children; i++) {
		const struct child *c = &st->children[i];

		for (uint32_t k = 0; k < c->n_inst; k++) {
			const struct instance_slot *s = &c->slot[k];
			int status;

			t->ops += s->ops;
			t->alarmed += c->alarmed;
			if (c->reaped) {
				t->reaped++;
				status = c->res[k].status;
			} else if (__atomic_load_n(&s->state, __ATOMIC_ACQUIRE) == SLOT_DONE) {
				status = (int)s->status;
			} else {
				t->running++;
				continue;
			}
			t->exited++;
			t->failed += status == SK_FAILED;
		}
	}
}

static bool tick_waiting(struct run_state *st, double *left)
{
	*left = tick_run(st, *left);
	return false;
}

/* The counts at the end, which --status carries on to its last line. */
static void tick_final(struct run_state *st)
{
	tick_count(st, &st->res->counts);
	st->res->counts.now = st->ph.reaped;
	st->res->counts.elapsed = st->res->wall;
}

/* Every run: the final counts are the run result's, whatever hooks it has. */
static const struct run_mode tick_mode = {
	.name = "tick",
	.rank = 40,
	.at = {
		[RUN_BEFORE_FORK] = tick_begin,
		[RUN_REAPED] = tick_final,
	},
	.waiting = tick_waiting,
	.session_size = sizeof(struct tick_session),
	.opts = (const struct run_mode_opt[]){
		/* the controller wakes more often, as at a short
		 * --sample-interval; the bogo-op is the same */
		{ .metavar = "N", .weight = WEIGHT_NOTE, .opt = {
			.name = "status", .type = OPT_COUNT,
			.offset = offsetof(struct tick_opts, status),
			.min = 1, .max = 3600, .def = 1,	/* stress-ng's range */
			.expect = "a whole number of seconds from 1 to 3600",
			.help = "every N seconds, a line with the instances running, exited, reaped, failed and sent SIGALRM (as stress-ng does)" } },
		{ .opt = OPT_TABLE_END },
	},
	.opts_size = sizeof(struct tick_opts),
	.help_after = "settings",
	.check = tick_mode_check,
	.record = tick_mode_record,
};
RUN_MODE_REGISTER(tick_mode);
