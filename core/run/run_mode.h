/*
 * run_mode.h - a run mode (warm-up, perf counters, the sampler, the tick
 * hooks, ...) as hooks on the phases of a run, so that the scheduler runs
 * only the phases and a new mode is one file: its hooks, its descriptor
 * and RUN_MODE_REGISTER(). The scheduler calls, at each phase, the hook
 * of every mode that is on for the plan.
 *
 * Order: the hooks of the way in (before_fork to measuring, and waiting)
 * run in the modes' order, those of the way out (stopping to done) in the
 * reverse order, so a mode that starts after another ends before it (the
 * sampler begins once the warm-up has ended and ends before the warm-up
 * is taken off the results it reads). A mode that needs another before
 * it names it (.after = "warmup"); the rest of the order is by rank,
 * lowest first, then by name: the modes are placed one at a time, each
 * time the lowest-ranked of those whose .after is placed.
 *
 * Whoever starts an instrument in a hook owns it and stops it in a later
 * one; nothing is handed back to the scheduler. What a mode keeps over
 * one run is its own state (state_size bytes, run_mode_state), not a
 * field of the run's structs; its figures go to its output slot
 * (run_mode_out) once made, as the sampler's series move there after
 * the reap. Only figures the instances write themselves as they run
 * (latency's shared area) are made in the slot before the fork.
 *
 * A mode is described the way a stressor is: its own typed option rows
 * (the option engine of base/opts.h, into the mode's own options struct),
 * the key its figures go under in a run of the results and their writer,
 * and how compare weighs each of its options. The command line, the plan,
 * the results and compare loop over the registered modes (run_modes_at)
 * and name none of them.
 */
#ifndef STRESSKIT_RUN_MODE_H
#define STRESSKIT_RUN_MODE_H

#include <stdbool.h>
#include <stddef.h>

#include <stresskit/stressor.h>
#include <stresskit-builtin.h>	/* SK_SECTION_ENTRY */

#include "option_weight.h"
#include "run.h"			/* RUN_MODES_MAX */

struct run_plan;
struct run_state;

enum run_phase {
	/* the way in */
	RUN_BEFORE_FORK,	/* t0 taken, shared mapping ready, nothing forked */
	RUN_FORKED,		/* every instance forked, none set up yet */
	RUN_RELEASED,		/* every instance ready: just before the barrier opens */
	RUN_OPENED,		/* the barrier is open; a mode may wait here before
				 * the counted window (the warm-up: st->measure_from) */
	RUN_MEASURING,		/* the warm-up is over: the counted window starts */
	/* the way out */
	RUN_STOPPING,		/* the timeout (or a signal): before the stop is sent */
	RUN_REAPED,		/* every instance reaped, res->wall set */
	RUN_DONE,		/* figures final: reports, before the status is judged */
	RUN_PHASES,
};

typedef void run_mode_hook(struct run_state *st);

struct json_t;


/* The rows of one mode whose value the command line typed are kept as
 * typed, for a check's error line; a mode has at most this many rows. */
#define RUN_MODE_ROWS 8

/* Which way one of a mode's figures is better, for compare's verdict. */
struct run_mode_figure {
	const char *key;	/* "OBJECT.KEY"; the KEY alone in a series object */
	int better;		/* 1: higher, -1: lower */
};

/* What the command line said of a mode's rows, for its check. */
struct run_mode_given {
	uint64_t rows;			/* bit i: row i was given */
	const char *typed[RUN_MODE_ROWS];	/* its value as typed; NULL: not given */
};

/* One option of a mode: an engine row (offset into the mode's options
 * struct), what --help shows for its value, and its compare weight. */
struct run_mode_opt {
	struct stressor_opt opt;
	const char *metavar;
	enum option_weight weight;
	const char *when;	/* WEIGHT_IF_*: the option the weight hangs on */
};

struct run_mode {
	const char *name;
	/* the mode it must follow on the way in (its name; NULL: none), and
	 * its place among the others (see above) */
	const char *after;
	int rank;
	/* On for this plan? NULL: always on. */
	bool (*on)(const struct run_plan *plan);
	/* Seconds the mode keeps the counted window shut after the barrier
	 * opens, so that a run of the plan lasts that much beyond its
	 * timeout (run_modes_held); 0 when the plan does not ask it to,
	 * NULL: never. */
	double (*held)(const struct run_plan *plan);
	run_mode_hook *at[RUN_PHASES];	/* indexed by enum run_phase; NULL: none */
	/*
	 * Called from the controller's waits (the barrier, the warm-up, the
	 * run): may lower *left, the seconds until the wait wakes, to be
	 * called again in time; true ends the run as at its deadline.
	 */
	bool (*waiting)(struct run_state *st, double *left);
	/*
	 * Called in each instance, in its process or thread after the fork,
	 * before its run(): hands the instance what the mode set up for it
	 * in the controller (slot: the instance's index among the run's
	 * slots). A helper the instance forks keeps the run's mapping only
	 * when the mode sets helpers_record: it may record into what the
	 * mode handed.
	 */
	void (*instance_begin)(const struct run_state *st, struct instance *in,
			       size_t slot);
	bool helpers_record;
	/* bytes of state for one run: zeroed before its first hook, freed
	 * after its last (run_mode_state); 0: none */
	size_t state_size;
	/* bytes of state kept over every run of a session (run_session_begin):
	 * zeroed, then given to session_begin with the session's base plan,
	 * and to session_end before it is freed (either NULL: none); what a
	 * mode sets up once and uses in each run (run_session_state) */
	size_t session_size;
	void (*session_begin)(void *state, const struct run_plan *base);
	void (*session_end)(void *state);
	/*
	 * Why a session whose base plan the mode is asked in (asked) keeps
	 * its state in one process over --repeat's passes, which then do not
	 * each run in a process of their own (pass_exec.c); NULL: they may.
	 */
	const char *one_process;
	bool (*asked)(const struct run_plan *base);

	/* --- what the layers above the run read (all optional) --- */
	/* its options, ended by a row without a name; opts_size bytes of
	 * options struct, defaults filled by the command line */
	const struct run_mode_opt *opts;
	size_t opts_size;
	/* --help lists its options after this option, a global one or another
	 * mode's (NULL: last) */
	const char *help_after;
	/* Once the whole line is read, what the rows cannot check alone: 0,
	 * or -EINVAL with one line in err (run_mode_typed quotes a value). */
	int (*check)(void *opts, const struct run_mode_given *given, char *err,
		     size_t errlen);
	/* the options as the results' configuration records them; NULL:
	 * each row under its name, as its type reads */
	void (*record)(struct json_t *config, const void *opts);
	/*
	 * Its figures: its hooks keep them in *run_mode_out(); after
	 * the run, write turns them into the object the results hold at
	 * results_key in each run (compare reads its numbers back as rows
	 * "KEY.NAME", in a section of their own), and out_free frees them.
	 */
	const char *results_key;
	/* its figures are the conditions the run ran in (what other programs
	 * took), not the workload's: compare lists them under --all and
	 * judges none, but reads them to know what the machine did */
	bool conditions;
	/* of those, the figure that is the share of the CPUs other programs
	 * took, in percent, by which compare weighs how far the sides'
	 * machines drifted apart; NULL: none */
	const char *others_pct;
	struct json_t *(*write)(const void *out);
	void (*out_free)(void *out);
	/*
	 * The objects its output adds to each stressor's entry of the
	 * results (NULL-ended; NULL: none), whose every number compare reads
	 * back as a row NAME.OBJECT.KEY; and the one whose members are
	 * series, each an object of figures (rows NAME.OBJECT.SERIES.KEY).
	 */
	const char *const *entry_objects;
	const char *series_object;
	/* which way its figures are better (ended by a NULL key); a figure
	 * not listed is neither */
	const struct run_mode_figure *figures;
	/* keys of its objects that hold no figure (its options echoed, the
	 * counts they fix; NULL-ended): compare reads none of them, in any
	 * object, of a results file of any version */
	const char *const *not_figures;
};

#define RUN_MODE_REGISTER(m)						\
	static const struct run_mode *const run_mode_ptr_##m		\
	SK_SECTION_ENTRY("sk_run_modes") = &(m)

/*
 * The n modes of by_rank (sorted by rank, then name; consumed) into at,
 * in their order: each time the first of by_rank whose .after is placed.
 * An .after that names no mode of the n is said once and ignored; a
 * cycle of .after places its first by rank, said once. Returns n.
 */
size_t run_modes_place(const struct run_mode **by_rank, size_t n,
		       const struct run_mode **at);
/* The registered modes in order (see above); i < run_modes_count(). */
size_t run_modes_count(void);
const struct run_mode *run_modes_at(size_t i);
/* Mode m's index among run_modes_at's. */
size_t run_mode_index(const struct run_mode *m);
/* Mode m's options struct in plan (filled by the command line), or NULL. */
const void *run_mode_opts(const struct run_plan *plan, const struct run_mode *m);
/*
 * The value of the mode row named name, whichever mode's it is (a pointer
 * into that mode's options struct in plan, of the row's type), when the
 * command line gave it; NULL: not given, or no mode has that row. How a
 * mode reads an option of another by the name the user knows, not
 * through the other's options struct.
 */
const void *run_mode_option_given(const struct run_plan *plan, const char *name);
/* Where mode m leaves its figures for the results (see .write); NULL
 * for a mode not registered. */
void **run_mode_out(struct run_result *res, const struct run_mode *m);
/* Moves the figures a mode made in its state (*figures, then NULL) to
 * its output slot, which then owns them (out_free). */
void run_mode_hand_out(struct run_state *st, const struct run_mode *m, void **figures);
/* Mode m's figures in res, for a reader after the run; NULL: none. */
const void *run_mode_figures(const struct run_result *res, const struct run_mode *m);
/* Frees every mode's figures in res. */
void run_modes_free_out(struct run_result *res);

/* Row i of mode m as an error line quotes it: 'TEXT' as typed, or
 * "DEFAULT (the default)" when not given. */
const char *run_mode_typed(const struct run_mode *m, const struct run_mode_given *g,
			   size_t i, char *buf, size_t len);

/* How long the counted window of a run of plan opens after its barrier:
 * the longest any registered mode holds it (.held); 0: at the barrier. */
double run_modes_held(const struct run_plan *plan);

/* The registered mode of that name, or NULL. */
const struct run_mode *run_mode_find(const char *name);

/* Every registered mode's session state (.session_size), over the runs
 * whose plan points at it (run_plan.session); NULL on no memory. */
struct run_session *run_session_begin(const struct run_plan *base);
void run_session_end(struct run_session *s);
/* Mode m's state in session s, or NULL: no session, or m keeps none. */
void *run_session_mode(const struct run_session *s, const struct run_mode *m);
/* The same in the session plan's run is one of (run_plan.session). */
void *run_session_state(const struct run_plan *plan, const struct run_mode *m);

/* Fills st->modes with the registered modes on for st->plan, by rank,
 * each with its zeroed state; none, with st->failed set, on no memory. */
void run_modes_select(struct run_state *st);
/* Mode m's state for this run (state_size bytes), or NULL: m is not on,
 * or keeps none. */
void *run_mode_state(const struct run_state *st, const struct run_mode *m);
/* Frees the selected modes' states (the run's teardown). */
void run_modes_release(struct run_state *st);
/* Calls hook p of every selected mode, in the order of p's direction. */
void run_modes_call(struct run_state *st, enum run_phase p);
/* Calls every waiting hook; true once one of them ends the run. */
bool run_modes_wait(struct run_state *st, double *left);
/* In an instance: calls every selected mode's instance_begin. */
void run_modes_instance(const struct run_state *st, struct instance *in, size_t slot);
/* Whether a selected mode's instance_begin hands something its
 * instances' helpers record into (helpers_record). */
bool run_modes_reach_instances(const struct run_state *st);

#endif
