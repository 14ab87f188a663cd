/*
 * compare_help.c - the text of "stresskit compare --help": what compare
 * does, its methods and options. The measured tables the default rests
 * on are in docs/compare.md (make bench BENCH_ONLY=verdicts makes them).
 */
#include "compare_help.h"

#include "compare.h"
#include "compare_kpi.h"
#include "compare_method.h"
#include "compare_noise.h"
#include "compare_profile.h"
#include "stats.h"

void compare_usage(FILE *f)
{
	compare_synopsis(f);
	fprintf(f, "\n"
		   "Compares results files written by --json, as kernel bots do (a side may\n"
		   "be several files joined by commas, A1.json,A2.json: the runs of separate\n"
		   "invocations, whose spread holds the machine's drift between them): each\n"
		   "stressor.metric's mean over runs with \u00b1%%stddev (population, shown\n"
		   "above %.0f%%) and the %%change of the means from BASE. By default only the\n"
		   "rows the method flags are printed, in the robot's order: the KPIs\n"
		   "(NAME.ops_per_sec), the other metrics, NAME.perf-stat.*, then the\n"
		   "perf-profile section; a key some files lack is listed with the files\n"
		   "that hold it. --all (-a) prints every row: lkp's (NAME.ops,\n"
		   "NAME.ops_per_sec, the extra metrics and latency percentiles), NAME.cost.*\n"
		   "(CPU usecs and context switches per bogo-op), NAME.perf-stat.*, the rest\n"
		   "of stress-ng's table (NAME.max-rss), NAME.latency.SERIES.mean-usecs,\n"
		   "NAME.fairness.*, NAME.steady-state.* and times.*; -v (--verbose) closes\n"
		   "each row with the statistics behind its verdict and the smallest change\n"
		   "its samples could have flagged. --keys lkp names rows as the robot does\n"
		   "(stress-ng.NAME.ops_per_sec, perf-stat.NAME.EVENT, perf-profile.*,\n"
		   "stress-ng.time.user_time). A flagged row is an improvement or a\n"
		   "regression by the figure's direction (a cost, latency, RSS or spread\n"
		   "that grows is a regression; times and counts are \"changed\").\n"
		   "Methods (each needs %d runs a side, lkp %d on either side; --repeat 3):\n",
		   STATS_SHOW_STDDEV_PCT, STATS_MIN_RUNS, STATS_MIN_RUNS);
	/* each method's own paragraph, from its file (method_*.c) */
	for (size_t i = 0; i < compare_methods_count(); i++)
		fputs(compare_methods_at(i)->help, f);
	fprintf(f, "Every method but lkp flags only |%%change| >= %.0f%%. --alpha A is the\n"
		   "significance level (default %g, from 0.0001 to 0.5). With fewer runs than\n"
		   "the method needs, one line says so and what --repeat it needs; when the\n"
		   "runs are too few for a method's promise, a note gives the rate an A/A\n"
		   "comparison of that many runs is flagged at (simulated on normal runs).\n"
		   "Files run with --perf-profile get a perf-profile section last, as the\n"
		   "robot prints it: each key's percent of samples with \u00b1%%stddev, the\n"
		   "change in percentage points, largest change first, the top N of each\n"
		   "family (calltrace, children, self) of each stressor (--perf-profile-top\n"
		   "N, default %d); a key below the floor in a run counts 0 there. Its rows\n"
		   "are flagged \"changed\" by the same method (they count for\n"
		   "--fail-on-change). How often each method is right, by change size and\n"
		   "passes, on real runs of this machine: docs/compare.md.\n"
		   "\n"
		   "Files whose run options differ in what is run or measured are refused\n"
		   "unless --force: timeout, warmup, mode, instance-mode, verify, sandbox,\n"
		   "taskset, the run directory's filesystem, --latency and --latency-sample,\n"
		   "--steady-state (and under it --steady-state-window, --sample-interval),\n"
		   "--scale and --scale-format, each stressor's instances, ops, options and\n"
		   "bogo-op version, and the stresskit version unless both files record\n"
		   "every stressor's version. Options that change only what is reported\n"
		   "(--sample-interval, --status-interval, --status, --perf, --repeat,\n"
		   "--repeat-until, --confidence, --scale-steps, --temp-path) are printed\n"
		   "as a note under the table; output files and --metrics are not compared.\n\n"
		   "Verdicts: under the table, every KPI row gets one line, against each NEW:\n"
		   "  verdict: KEY changed|unchanged|inconclusive CHANGE%% [LOW%%, HIGH%%] ...\n"
		   "the (1 - A) interval of the change (Welch's, with the noise below). The\n"
		   "KPI rows are a stressor's NAME.ops_per_sec and its ops per CPU-second\n"
		   "(NAME.bogo-ops-per-second-usr-sys-time: usr+sys of its instances),\n"
		   "the work an op costs, which other programs' share of the CPUs does not\n"
		   "move; a note splits the ops/s change into CPU share x ops per CPU-second\n"
		   "when the shares moved or the rows disagree. changed: flagged by the\n"
		   "method; unchanged: the interval lies within \u00b1--equivalence PCT\n"
		   "(default %g%%; two one-sided tests); inconclusive: neither, with the\n"
		   "invocations a side that would decide at this noise. \"no row changed\"\n"
		   "is printed only when every KPI row is unchanged. The KPI rows share\n"
		   "%g of alpha in holm's family, the other rows the rest. The rows of\n"
		   "the run's own bookkeeping (NAME.max-rss, NAME.user-time,\n"
		   "NAME.system-time, NAME.wall-clock-time, times.*) are judged under --all\n"
		   "only. Noise: what one invocation's mean may drift beyond its passes'\n"
		   "spread: a side's own, when it joins %d or more files; else --noise\n"
		   "PROFILE's (stresskit calibrate measures it on this machine); else\n"
		   "--drift's (default %g%%). The \"noise:\" line says which was used.\n\n"
		   "exit codes: 0 no regression (every KPI row unchanged or improved),\n"
		   "1 bad arguments or files, or run options differ, %d a KPI row\n"
		   "regressed (with --fail-on-regression any row; with --fail-on-change\n"
		   "any flagged change), %d no regression but some KPI row inconclusive.\n"
		   "--bisect: git bisect run's codes instead, against BASE as the good\n"
		   "commit: 1 bad (a KPI row changed, either way, by --equivalence or\n"
		   "more), 125 skip (one inconclusive), 0 good (the rest), 128 abort (bad\n"
		   "input)\n",
		   STATS_MIN_CHANGE_PCT, COMPARE_DEFAULT_ALPHA,
		   PROFILE_TOP_DEFAULT, COMPARE_DEFAULT_EQUIVALENCE_PCT, COMPARE_KPI_ALPHA_SHARE,
		   COMPARE_NOISE_MIN_FILES, COMPARE_DEFAULT_DRIFT_PCT, COMPARE_EXIT_REGRESSION,
		   COMPARE_EXIT_INCONCLUSIVE);
}
