/*
 * estimator.h - a run's throughput estimated from its fine windows. The
 * sampler counts every stressor's bogo-ops (and its instances' CPU time)
 * over windows of fixed length; an estimator turns those counts into one
 * figure per run. The estimators are a table, as compare's methods are:
 *
 *   mean      the ops over the time: LKP's ops_per_sec, which every dip
 *             of a shared machine moves;
 *   envelope  an upper quantile of the windows' rates: interference only
 *             ever slows a run, in dips of 0.1-1 s, so the upper envelope
 *             of short windows is what the work of an op allows (Chen &
 *             Revels, HPEC 2016). It never hides a slowdown alone: the
 *             share of windows well below it is counted beside it.
 *
 * Invariant: an estimate reads only windows of the nominal length whose
 * edges were taken close to their counts (estimator_window_usable), so
 * two runs' quantiles are over windows of the same length whatever the
 * controller's wake-ups did.
 */
#ifndef STRESSKIT_ESTIMATOR_H
#define STRESSKIT_ESTIMATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One stressor's windows over one run. cpu[i] is NAN where unknown. */
struct estimator_windows {
	const uint64_t *ops;	/* n: the stressor's bogo-ops in window i */
	const double *len;	/* n: seconds */
	const double *cpu;	/* n: its instances' CPU seconds, or NULL */
	const double *skew;	/* n: uncertainty of window i's edges, seconds */
	size_t n;
	double nominal;		/* the window length asked for, seconds */
};

/* Which rate of a window an estimate is over. */
enum estimator_basis {
	ESTIMATOR_REAL_TIME,	/* ops per second of real time */
	ESTIMATOR_CPU_TIME,	/* ops per CPU-second of its instances */
};

struct estimator {
	const char *name;	/* "mean", "envelope" */
	const char *what;	/* what it estimates, one line */
	const char *help;	/* its help line */
	/* the figure of w on basis; NAN when w cannot give one */
	double (*figure)(const struct estimator_windows *w, enum estimator_basis b);
};

/*
 * The envelope: this quantile of the usable windows' rates, 50 ms each.
 * Chosen on the tuning corpus (bench/estimators.sh: getppidk, sendfile,
 * pread2; docs/compare.md): the higher the quantile, the closer A/A
 * invocations agreed (their median difference 0.9% at the 95th
 * percentile, 2.6% at the 90th, 6% for the mean, sendfile on a shared
 * machine), and windows of 100 or 200 ms did no better than 50 ms. The
 * fastest window did as well, but a raw maximum grows with the number of
 * windows, which two sides need not share; the 95th percentile moves
 * little with it, and a run of 1 s has one window above it.
 */
#define ESTIMATOR_ENVELOPE_QUANTILE 0.95
/* The fewest usable windows an envelope is read from. */
#define ESTIMATOR_MIN_WINDOWS 5
/*
 * A window is usable when its length is within this share of the
 * nominal one and its edges' uncertainty within ESTIMATOR_MAX_SKEW of
 * its length: a controller woken late makes a longer window (fine), but
 * one preempted between reading the clock and the counters makes a
 * window whose count holds more time than its length says.
 */
#define ESTIMATOR_LEN_TOLERANCE 0.2
#define ESTIMATOR_MAX_SKEW 0.002
/* A window below the envelope by this share or more is a slow window. */
#define ESTIMATOR_SLOW_PCT 10.0

size_t estimators_count(void);
const struct estimator *estimators_at(size_t i);
const struct estimator *estimator_find(const char *name);

/* Whether window i counts in an estimate on basis b. */
bool estimator_window_usable(const struct estimator_windows *w, size_t i,
			     enum estimator_basis b);
/* The usable windows of w on basis b. */
size_t estimator_usable(const struct estimator_windows *w, enum estimator_basis b);
/*
 * The share, in percent, of w's usable windows whose rate on basis b is
 * ESTIMATOR_SLOW_PCT or more below envelope; NAN when none is usable.
 */
double estimator_slow_pct(const struct estimator_windows *w, enum estimator_basis b,
			  double envelope);
/*
 * A pass whose envelope is this share or more below its side's best is in
 * a slow stretch of the machine. The host's slower states last seconds
 * and slow every window of a pass alike, by 2-25% (getppid, a bare loop
 * as much as stresskit's); the envelopes of passes out of them agree
 * within 0.1-0.5% (the tuning corpus, quiet), so 3% keeps those and
 * leaves out the dips that 10% let through (a pass 9.8% below its side's
 * best made an A/A interval of +/-13%).
 */
#define ESTIMATOR_FAST_PCT 3.0
/*
 * The passes of one side whose envelope is not in a slow stretch of the
 * machine: those less than ESTIMATOR_FAST_PCT below the side's best.
 * Copies the kept values of v[0..n-1] to out, in order; returns how many.
 */
size_t estimator_fast_passes(const double *v, size_t n, double *out);
/* The q-quantile of v[0..n-1] (linear between order statistics); sorts v. */
double estimator_quantile(double *v, size_t n, double q);

#endif
