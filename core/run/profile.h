/*
 * profile.h - --perf-profile: the kernel test robot's perf-profile of each
 * stressor's instances over the measured window (after --warmup), by
 * perf record -g as LKP takes it, folded into its key families
 * (profile_parse.h) for the results document.
 *
 * One system-wide `perf record -a -g` per run, started disabled before
 * the instances set up, enabled when counting starts and disabled at the
 * stop through perf's control FIFOs; its samples are split by process
 * tree: each stressor's instances and every process they fork (their
 * helpers). The run owns that perf: the collect step waits for it, and
 * its files are in the run directory. A perf that fails says so in one
 * line and the run goes on without a profile.
 */
#ifndef STRESSKIT_PROFILE_H
#define STRESSKIT_PROFILE_H

#include <jansson.h>
#include <stddef.h>

#include "run.h"

/*
 * Samples a second per CPU an instance runs on (perf record -F): each one
 * is a timer interrupt and a call chain taken on that CPU, a cost that
 * grows with the rate; this one keeps make bench's perf_profile rows
 * within 3% of a run without the profile, and gives a 10 s run on 2 CPUs
 * 10,000 samples (a key at the 0.5% floor: 50).
 */
#define PROFILE_DEFAULT_FREQ 500
#define PROFILE_MAX_FREQ 100000

/* A session's profile: what the machine lets it sample (the mode's
 * session state), and one run's perf record and figures (the run's). */
struct profile;
struct profile_run;

/* Stressor i's "perf-profile" object of the run (res->n of them, each
 * possibly NULL; the result owns them), or NULL without a profile. */
json_t *const *profile_of(const struct run_result *res);

/*
 * Probes what a profile needs: perf in PATH, the permission to sample
 * every CPU with kernel call chains (root, or perf_event_paranoid 0 or
 * less; else the user's own processes in user space, profile_user_only),
 * kernel symbols
 * (/proc/kallsyms), and the event (cycles:pp where the PMU has it, else
 * cpu-clock). NULL: no memory. A set that cannot profile says why in
 * profile_unavailable().
 */
struct profile *profile_new(unsigned freq);
void profile_free(struct profile *p);
const char *profile_unavailable(const struct profile *p);
/* A profile of the run's own processes in user space only (a user the
 * kernel does not let sample every CPU): what a full one needs, in one
 * clause; NULL for a full profile. */
const char *profile_user_only(const struct profile *p);
/* "cycles:pp", "cpu-clock": the event asked of perf record. */
const char *profile_event(const struct profile *p);

/*
 * The run's hooks. attach, after every fork and before the instances set
 * up, starts the run's perf record with set's event and returns the run
 * (NULL: set is NULL or cannot profile, or no memory, said in one line);
 * the others take NULL and do nothing once a step failed. begin: counting
 * starts (after the warm-up); end: the measured window closes (before
 * the stop signal); collect: after the reap, before run_dir goes, folds
 * each stressor's samples.
 */
struct profile_run *profile_attach(const struct profile *set,
				   const struct run_result *res, const char *run_dir);
void profile_begin(struct profile_run *r);
void profile_end(struct profile_run *r);
void profile_collect(struct profile_run *r);

/*
 * After profile_collect: stressor i's "perf-profile" object (the caller
 * owns it), or NULL when it has none.
 */
json_t *profile_take(struct profile_run *r, size_t i);
/* Frees the run and what is left of its figures. */
void profile_run_free(struct profile_run *r);

#endif
