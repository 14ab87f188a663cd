/*
 * compare_method.h - how compare judges one row. A method is one file,
 * core/compare/method_NAME.c, registered as a stressor is: holm+range
 * (the default), holm (Welch's t-test with Holm's correction across the
 * rows), lkp (the kernel test robot's rule), ci (mmtests' non-overlapping
 * confidence intervals), welch (Welch's t-test alone) and bootstrap (a
 * percentile bootstrap of the difference of means). Whatever the method,
 * every row gets the smallest change its samples could have flagged, and
 * every KPI row the interval of its change and a word (changed,
 * unchanged, inconclusive): compare_word.c.
 */
#ifndef STRESSKIT_COMPARE_METHOD_H
#define STRESSKIT_COMPARE_METHOD_H

#include <stddef.h>

#include <stdbool.h>
#include <stdint.h>
#include <stresskit-builtin.h>

#include "lkp_rule.h"
#include "stats.h"
#include "student.h"

struct compare_method;

/*
 * holm+range: holm's promise about the whole table (an A/A comparison
 * flags any row with probability at most alpha), and the large changes
 * of a KPI that holm misses at 3 passes under load (a t-test on 3 noisy
 * values needs a huge t); the per-row methods flag some row of a table of
 * ~27 almost surely at 3 runs a side (docs/compare.md's table)
 */
#define COMPARE_DEFAULT_METHOD "holm+range"
/*
 * holm+range's second rule: a KPI row whose ranges are apart and whose
 * medians are this far apart. Simulated on 3 lognormal passes a side of
 * sigma 0.5 (a 4x spread), an A/A row meets it 0.7% of the time (at 2x,
 * 4%) and a 10x change 99%; at sigma 0.3, 0.0% and 100%.
 */
#define COMPARE_RANGE_RATIO 3.0
/*
 * holm+range's drift: the spread, in percent of a side's mean, of one
 * invocation's mean about the machine's, which its passes do not show
 * (they run back to back, in the same state of the machine). Added to
 * the variance of each side's mean, divided by the invocations the side
 * joins. Since each pass is a process of its own the passes hold most of
 * what differs between invocations; what is left on a quiet machine is
 * small and smooth, or a jump of 10-30% in a few invocations of 40 (the
 * host's, seen beside nothing), which no allowance short of killing
 * every verdict holds: stresskit calibrate measures a job's (--noise).
 * Tuned on docs/compare.md's corpus: 0.5 flagged no more A/A pairs than
 * 1 and missed far fewer 3% changes (sendfile quiet, 4 passes: 13 of 20
 * flagged against 2).
 */
#define COMPARE_DEFAULT_DRIFT_PCT 0.5
/*
 * And when the other programs on the machine took shares of its CPUs
 * that differ between the sides (a build that started between BASE and
 * NEW), holm+range adds that difference, as a fraction of the rows'
 * means, to the drift: a rate may move as much as the CPUs it lost. A
 * difference this large (in points) is said in a note.
 */
#define COMPARE_OTHERS_NOTE_PCT 5.0
/*
 * holm+range judges a row of events counted per bogo-op (context
 * switches, cycles) only when a pass counts this many on either side:
 * lkp-tests' perf-metrics-threshold.yaml's for context switches and page
 * faults. A pass's few preemptions follow what else the machine runs.
 */
#define COMPARE_MIN_EVENTS 1000.0
/* The floor of the times a --timeout sets (compare_method.c). */
#define COMPARE_TIMED_FLOOR_PCT 5.0
/* the --repeat recommended for the default, from bench/compare_aa.sh's runs */
#define COMPARE_RECOMMENDED_RUNS 5
#define COMPARE_DEFAULT_ALPHA 0.05
/* enough that the 2.5% and 97.5% points move by well under 0.1% between seeds */
#define COMPARE_BOOTSTRAP_RESAMPLES 10000
/* fixed: the same two files give the same interval on every run and machine */
#define COMPARE_BOOTSTRAP_SEED 0x5eed5eed2014ULL

/*
 * A KPI row's verdict, besides the method's flag: changed (flagged),
 * unchanged (the interval of the change within +/- the equivalence
 * margin: two one-sided tests), or inconclusive (neither: the samples
 * cannot tell, and say how many more would). Silence is never a verdict.
 */
enum compare_word {
	COMPARE_WORD_NONE,	/* not a KPI row, or not judged */
	COMPARE_CHANGED,
	COMPARE_UNCHANGED,
	COMPARE_INCONCLUSIVE,
};

/*
 * The equivalence margin: a KPI row whose 95% interval of the change lies
 * within +/- this is "unchanged". Between the 1% floor of a change worth
 * acting on and the 3% change a comparison must never call unchanged
 * (docs/compare.md's corpus); --equivalence sets it.
 */
#define COMPARE_DEFAULT_EQUIVALENCE_PCT 2.0
/*
 * The share of alpha holm's family gives the KPI rows when there are
 * others (weighted Holm: the family's promise is kept whatever the
 * weights): the rows a verdict is read from are judged at 0.8 alpha
 * among themselves instead of alpha over ~27 rows.
 */
#define COMPARE_KPI_ALPHA_SHARE 0.8
/* The invocations a side inconclusive's estimate stops at. */
#define COMPARE_NEED_MAX 1000

/* How compare judges: the method and its parameters. */
struct compare_params {
	const struct compare_method *method;
	double alpha;
	double distance;	/* lkp: lkp compare's -D; 0 for its default test */
	double drift_pct;	/* holm+range: invocations' drift, % of a mean (--drift) */
	double equivalence_pct;	/* a KPI row is unchanged within +/- this (--equivalence) */
};

/* One side of a row: its values, its document's runs, whether the values
 * were integers (lkp's rule tells them apart), and the key as lkp names
 * it (what lkp's floors and holm+range's KPIs go by). */
struct compare_sample {
	const double *v;
	size_t n, runs;
	bool integer;
	size_t files;	/* the invocations the runs came from; 0: no drift term */
	double per_pass;	/* a count per bogo-op: a pass's bogo-ops; else 0 */
	double others_pct;	/* the CPU share other programs took (others.*); NAN: unknown */
	/* the spread of one invocation's mean about the machine's, % of the
	 * mean, when measured (--noise, or the side's own documents): it
	 * replaces the drift; else the drift's */
	bool between_known;
	double between_pct;
	/* with between_known, its degrees of freedom: the invocations it was
	 * measured on less one (at least 1); INFINITY when a profile does
	 * not say how many (taken as exact, as the drift is) */
	double between_df;
};

/* What a method found of one row; NAN where it has nothing to say. */
struct compare_verdict {
	enum stats_verdict verdict;
	double change_pct;	/* of the means, against BASE's */
	double p;		/* welch, holm: the two-sided p-value */
	double p_holm;		/* holm: p adjusted for the rows of its comparison */
	double df, se_pct;	/* welch, holm: Welch's df, the difference's standard error in % of BASE's mean */
	double lo_pct, hi_pct;	/* bootstrap: the interval of the change; ci: each side's half-width */
	double min_pct;		/* the smallest |change| these samples could flag */
	struct stats base, new;	/* each side's median and range */
	struct lkp_result lkp;	/* lkp: what lkp-tests judged (trimmed; its "mean" the median) */
	bool range;		/* holm+range: flagged by the ranges, whatever holm says */
	bool kpi;		/* a KPI row: ops/s, or ops per CPU-second (compare_kpi) */
	/*
	 * Every method's row also has the (1 - alpha) interval of its change,
	 * Welch's with the drift, and the variance one invocation of each
	 * side (together) adds to the difference (in % of BASE's mean, squared), with
	 * the passes an invocation ran: what compare_word_settle() decides
	 * "unchanged" and "inconclusive" from.
	 */
	double ci_lo_pct, ci_hi_pct;
	double inv_var_pct2;
	double kept_var_pct2;	/* what more invocations do not shrink (others' share) */
	double passes_a, passes_b;	/* a side's passes an invocation */
	enum compare_word word;	/* KPI rows: changed, unchanged or inconclusive */
	double need;		/* inconclusive: invocations a side that would decide; NAN */
};

/* The key's end of a stressor's ops per CPU-second, its efficiency KPI. */
#define COMPARE_EFFICIENCY_SUFFIX ".bogo-ops-per-second-usr-sys-time"

/*
 * The key's end of a stressor's envelope of ops/s (envelope_output.c):
 * the KPI row a verdict on the work of an op reads, as its windows'
 * upper quantile no slow stretch of the machine moves.
 */
#define COMPARE_ENVELOPE_SUFFIX ".envelope.bogo-ops-per-second-real-time"
/* The key's end of the share of a stressor's windows below its envelope. */
#define COMPARE_SLOW_SUFFIX ".envelope.slow-windows-pct"
/*
 * The envelope's drift between invocations, % of its mean, which its
 * passes do not show: the verdicts bench's tuning corpus (docs/compare.md)
 * has the envelopes of invocations seconds to a minute apart within
 * 0.1-0.3% of each other quiet, against 1-5% for the mean's.
 */
#define COMPARE_ENVELOPE_DRIFT_PCT 0.25
/* The smallest |%change| an envelope row is flagged at: a 1% change is
 * one to find, so the floor sits below it. */
#define COMPARE_ENVELOPE_FLOOR_PCT 0.5

/*
 * The fewest passes out of slow stretches an envelope row is judged on a
 * side: its variance between invocations is the known drift's, which two
 * passes' spread only adds to, so a side that lost one of three passes
 * to a slow stretch is still judged. A side left with one is not: that
 * pass is the best of a side the machine disturbed, not a draw from the
 * other side's spread, and borrowing that spread flagged identical runs
 * beside builds and hogs.
 */
#define COMPARE_ENVELOPE_MIN_PASSES 2

/* The smallest |%change| a row, named as lkp names it, is flagged at:
 * STATS_MIN_CHANGE_PCT, an envelope's COMPARE_ENVELOPE_FLOOR_PCT, a
 * time a --timeout sets COMPARE_TIMED_FLOOR_PCT. */
double compare_floor_pct(const char *lkp_key);

/* Whether a row, named as lkp names it, is a stressor's envelope of ops/s. */
bool compare_envelope(const char *lkp_key);

/* The fewest passes a side a row is judged on: STATS_MIN_RUNS, or
 * COMPARE_ENVELOPE_MIN_PASSES for an envelope row. */
size_t compare_row_min_passes(const char *lkp_key);

/* Whether a row, named as lkp names it, is a KPI: lkp's (ops/s), the ops
 * per CPU-second of a stressor's instances (its efficiency), or the
 * envelope of its ops/s. */
bool compare_kpi(const char *lkp_key);

/*
 * After compare_method_family(): a KPI row's word (COMPARE_CHANGED when
 * flagged; COMPARE_UNCHANGED when its interval lies within +/-
 * p->equivalence_pct; else COMPARE_INCONCLUSIVE, with the invocations a
 * side that would decide at this noise in need); NONE for other rows.
 */
void compare_word_settle(const struct compare_params *p, struct compare_verdict *v);

/* "changed", "unchanged", "inconclusive"; "" for NONE. */
const char *compare_word_name(enum compare_word w);

/*
 * A method of judging a row is one file (core/compare/method_*.c) with
 * its descriptor, registered by COMPARE_METHOD_REGISTER as a stressor is:
 * its name, what it takes, its rule in one sentence, its test and its -v
 * detail. compare and its --help name none of them.
 */
#define COMPARE_M_FAMILY 0x1	/* Holm's correction across a comparison's rows */
#define COMPARE_M_DRIFT 0x2	/* takes --drift: the drift joins its test */
#define COMPARE_M_LKP 0x4	/* lkp-tests' own: whole rows (a stat a side lacks as
				 * zeros), its own floors, runs on either side, --distance */
#define COMPARE_M_SLOW 0x8	/* its test is slow: the A/A rate's simulation takes fewer */

/* What a method's test is given: one row's two sides. */
struct compare_test {
	const struct compare_params *p;
	double alpha;			/* the level to test at */
	const char *lkp_key;		/* the row as lkp names it */
	const double *a, *b;
	size_t na, nb;
	/* the sides, from a real comparison; NULL in the A/A simulation */
	const struct compare_sample *sa, *sb;
	struct student_added known;	/* the drift's variance (COMPARE_M_DRIFT) */
};

struct compare_method {
	const char *name;	/* --method NAME */
	int rank;		/* its place in lists: the default first */
	unsigned flags;		/* COMPARE_M_* */
	const char *help;	/* its paragraph of compare --help, indented */
	/* one sentence: when it flags a row */
	void (*rule)(const struct compare_params *p, char *buf, size_t len);
	/*
	 * Its call on a row, before the floor: v->verdict STATS_CHANGED or
	 * STATS_SAME (or STATS_TOO_FEW), its own figures and v->min_pct; v
	 * holds each side's stats and the change already.
	 */
	void (*test)(const struct compare_test *t, struct compare_verdict *v);
	/* -v's detail of a judged row, given its "min change ..." */
	void (*detail)(const struct compare_verdict *v, const char *min, char *buf, size_t len);
};

#define COMPARE_METHOD_REGISTER(m)						\
	static const struct compare_method *const compare_method_ptr_##m		\
	SK_SECTION_ENTRY("sk_compare_methods") = &(m)

/* The registered methods by rank; i < compare_methods_count(). */
size_t compare_methods_count(void);
const struct compare_method *compare_methods_at(size_t i);

/* The method named s, or NULL. */
const struct compare_method *compare_method_parse(const char *s);
/* "holm+range, holm, lkp, ci, welch or bootstrap", for a message. */
void compare_method_list(char *buf, size_t len);
const char *compare_method_name(const struct compare_method *m);

/* One sentence: when the method flags a row, with p's level and drift. */
void compare_method_rule(const struct compare_params *p, char *buf, size_t len);

/* For the methods' files: the shared parts of their tests. */
/* |x| in percent of |base|; NAN when the base is 0. */
double compare_pct(double x, double base);
/* Welch's test of t's sides at t->alpha; with allowances, holm+range's:
 * the drift t->known added, and counted events' variance floored. */
void compare_method_welch(const struct compare_test *t, bool allowances,
			  struct compare_verdict *v);
/* The smallest change Welch's test flags at level alpha: t(1 - alpha/2, df) se. */
double compare_welch_min(const struct compare_verdict *v, double alpha);
/* splitmix64: the same sequence on every machine, for the bootstrap and the A/A rates */
uint64_t compare_rand(uint64_t *state);

/*
 * Judges BASE's values a against NEW's b, the row key as lkp names it:
 * STATS_TOO_FEW with fewer than compare_method_min_runs, STATS_CHANGED
 * when the method finds a change (of at least STATS_MIN_CHANGE_PCT; lkp
 * has its own floors), else STATS_SAME.
 */
void compare_method_judge(const struct compare_params *p, const char *lkp_key,
			  const struct compare_sample *a, const struct compare_sample *b,
			  struct compare_verdict *out);

/*
 * The runs a method needs: on each side (*either false), or on either
 * side (*either true: lkp-tests judges a stat when one side has 3).
 */
size_t compare_method_min_runs(const struct compare_method *m, bool *either);

/*
 * Settles the verdicts of one comparison's rows v[0..n-1] together: for
 * holm, Holm's step-down over the rows judged (verdict not STATS_TOO_FEW),
 * so that a row is flagged when its adjusted p is below alpha; nothing
 * for the per-row methods. Call once all the rows are judged.
 */
void compare_method_family(const struct compare_method *m, double alpha,
			   struct compare_verdict *v, size_t n);

/*
 * The rate at which the method falsely flags an A/A comparison of na
 * against nb runs, simulated on normal runs (a fixed seed: the same on
 * every machine), without the 1% floor, which depends on the noise: for
 * holm, that any of `rows` independent rows is flagged; for the per-row
 * methods, that one row is. *err is the simulation's standard error.
 * NAN past 40 runs in all (nothing to warn of) or below STATS_MIN_RUNS.
 */
double compare_method_aa_rate(const struct compare_method *m, double alpha, size_t na,
			      size_t nb, size_t rows, double *err);

/*
 * The row's detail: "p=0.0031, min change 1.2%" and the like; "" when too
 * few. lkp's names what it judged, each side's median and [min, max], as
 * the row's columns are means.
 */
void compare_method_detail(const struct compare_method *m, const struct compare_verdict *v,
			   char *buf, size_t len);

#endif
