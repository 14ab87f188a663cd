/*
 * sampler.h - the time series of a run. The controller reads every
 * instance's shared counter (and, for processes, its CPU clock) every
 * --sample-interval from its wait loop: the instance loop does nothing
 * more. Interval ops are differences of the counter, and the tail after
 * the last sample is folded into the last interval, so a stressor's
 * intervals add up exactly to its run total. Each sample also checks
 * --steady-state over the last --steady-state-window and can end the run.
 */
#ifndef STRESSKIT_SAMPLER_H
#define STRESSKIT_SAMPLER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "run.h"
#include "steady.h"

#define SAMPLER_DEFAULT_INTERVAL "1s"
#define SAMPLER_MIN_INTERVAL_MS 10
#define SAMPLER_DEFAULT_WINDOW "10s"
/*
 * The fine windows every run is also counted in, whatever
 * --sample-interval says: what the estimators read (estimator.h).
 */
#define SAMPLER_FINE_MS 50
/*
 * Above this many instances in a run, the fine windows count no CPU
 * time: a CPU clock read per instance a window would cost the
 * controller more than the windows are worth (the ops are one load each).
 */
#define SAMPLER_FINE_CPU_MAX 64
/* what a bad value of each time option is expected to be (the option
 * rows' .expect, beside their ranges) */
#define SAMPLER_INTERVAL_EXPECT "a time of at least 10ms, like 1, 0.1, 10ms (suffixes ms s m h d w y)"
#define SAMPLER_WINDOW_EXPECT "a time above 0, like 10, 30s, 1m"
#define SAMPLER_STATUS_EXPECT "a time of at least 10ms, like 1, 5s, 1m (suffixes ms s m h d w y)"

/* The sampling options of the command line. */
struct sampler_opts {
	double interval, window;	/* seconds, parsed by the option engine */
	double status;			/* --status-interval seconds; 0: none */
	struct steady_spec steady;	/* --steady-state; STEADY_NONE: not asked for */
	const char *csv_path;		/* --series-csv FILE */
};

/*
 * What the option rows cannot say alone (each value was parsed and
 * range-checked with its row): a window of two intervals or more. The
 * command line's check words the error, quoting both values as typed.
 */
bool sampler_window_fits(const struct sampler_opts *o);

/* The plan's run's sampling options (the sampler mode's rows). */
const struct sampler_opts *sampler_mode_opts(const struct run_plan *plan);

/* One stressor's series: interval i of instance k is ops[i * n_inst + k]. */
struct sampler_series {
	uint32_t n_inst;
	uint64_t *ops;		/* n_int * n_inst */
	double *cpu;		/* n_int * n_inst seconds; NAN: not known */
	double *rate;		/* n_int: the stressor's ops/s per interval */
	/* steady state over the last window (or the steady one) */
	bool window_full;	/* enough intervals for one window */
	bool steady;		/* the window met the criterion */
	double slope_pct, range_pct, window_mean, window_start;
	size_t window_n;	/* intervals in the window */
	/* the fine windows: ops and CPU seconds (NAN: not counted) of
	 * window i, whose lengths are sampler_fine()'s */
	uint64_t *fine_ops;
	double *fine_cpu;
};

struct sampler;

struct sampler *sampler_new(const struct sampler_opts *o);
void sampler_free(struct sampler *s);

/* --- what its run mode calls, in order (sampler_mode.c) --- */

/* Counting starts (after any --warmup): a new series for res's stressors. */
int sampler_begin(struct sampler *s, const struct run_result *res, double now);
/*
 * Instance r (inside res) counts in slot; pid's CPU clock is read unless
 * thread mode. Its baseline is r->before.ops, the count before the measured window.
 */
void sampler_bind(struct sampler *s, const struct instance_result *r,
		  const struct instance_slot *slot, pid_t pid, bool thread);
/*
 * From the wait loop: takes a sample when one is due and lowers *left to
 * the time until the next. Returns true once, when steady state was
 * reached and the run should stop.
 */
bool sampler_poll(struct sampler *s, double now, double *left);
/* The stop: the last sample, while the instances still run. */
void sampler_stop(struct sampler *s, double now);
/* After the reap: folds what counted after the stop into the last interval. */
void sampler_end(struct sampler *s);

/* --- what the results read, until the run's result is freed --- */

/* The run's sampler, which its mode left in res; NULL: the run had none. */
const struct sampler *sampler_of(const struct run_result *res);

const struct sampler_opts *sampler_opts(const struct sampler *s);
size_t sampler_intervals(const struct sampler *s);
/* Interval i's start (seconds since counting began) and length. */
void sampler_interval(const struct sampler *s, size_t i, double *start,
		      double *len);
/* Stressor i of the run's result, or NULL. */
const struct sampler_series *sampler_series(const struct sampler *s, size_t i);
/*
 * The fine windows, SAMPLER_FINE_MS each as asked: their count, and each
 * one's length and the uncertainty of its edges (the time the controller
 * took reading the counters at each end), seconds; NULL arrays when none.
 */
size_t sampler_fine(const struct sampler *s, const double **len, const double **skew);
/* Whether and when (seconds since counting began) the run became steady. */
bool sampler_steady_reached(const struct sampler *s, double *at);
/* Whether an interval is long enough to count in CV and steady checks. */
bool sampler_interval_full(const struct sampler *s, size_t i);

#endif
