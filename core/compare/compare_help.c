/*
 * compare_help.c - the text of "stresskit compare --help": what compare
 * does, its methods and options, and the measured A/A table the default
 * method and the recommended --repeat rest on.
 */
#include "compare_help.h"

#include "compare_method.h"
#include "compare_profile.h"
#include "stats.h"

/*
 * bench/compare_aa.sh's table, from one set of real runs on a shared
 * 2-CPU machine: what the choice of default and of --repeat rests on.
 */
#define COMPARE_AA_TABLE \
	"  method     runs a side  A/A pairs flagged   true-change pairs flagged\n" \
	"                          ops/s    any row    ops/s    MB/s\n" \
	"  holm        3          0/20     0/20       1/10     2/10\n" \
	"  holm        5          1/20     1/20       2/10     8/10\n" \
	"  holm       10          1/20     9/20       6/10     10/10\n" \
	"  lkp         3          4/20     19/20      8/10     10/10\n" \
	"  lkp         5          2/20     11/20      5/10     10/10\n" \
	"  lkp        10          1/20     5/20       3/10     9/10\n" \
	"  ci          3          0/20     1/20       4/10     8/10\n" \
	"  ci          5          1/20     6/20       4/10     10/10\n" \
	"  ci         10          2/20     10/20      7/10     10/10\n" \
	"  welch       3          1/20     8/20       6/10     8/10\n" \
	"  welch       5          2/20     13/20      7/10     10/10\n" \
	"  welch      10          3/20     16/20      8/10     10/10\n" \
	"  bootstrap   3          3/20     15/20      8/10     10/10\n" \
	"  bootstrap   5          2/20     14/20      6/10     10/10\n" \
	"  bootstrap  10          3/20     16/20      7/10     10/10\n"

void compare_usage(FILE *f)
{
	fprintf(f, "usage: stresskit compare [--method holm|lkp|ci|welch|bootstrap] [--alpha A]\n"
		   "                         [--fail-on-regression] [--fail-on-change] [--force]\n"
		   "                         [--perf-profile-top N] BASE.json NEW.json [NEW2.json ...]\n\n"
		   "Compares results files written by --json, as kernel bots do: each\n"
		   "stressor.metric's mean over runs with \u00b1%%stddev (population, shown\n"
		   "above %.0f%%) and the %%change of the means from BASE. Every figure both\n"
		   "files hold has a row: lkp's (NAME.ops, NAME.ops_per_sec, the extra metrics\n"
		   "and latency percentiles), NAME.cost.* (CPU usecs and context switches per\n"
		   "bogo-op), NAME.perf-stat.*, the rest of stress-ng's table (NAME.max-rss),\n"
		   "NAME.latency.SERIES.mean-usecs, NAME.fairness.*, NAME.steady-state.* and\n"
		   "times.*. A row is flagged improvement or regression by the figure's\n"
		   "direction (a cost, latency, RSS or spread that grows is a regression;\n"
		   "times and counts are flagged changed) when |%%change| >= %.0f%% and the\n"
		   "method finds the change real; every method needs %d runs a side\n"
		   "(--repeat %d); the default is meant for %d (--repeat %d), as measured below:\n"
		   "  holm       Welch's t-test on each row, with Holm's correction across the\n"
		   "             rows (default): an A/A comparison flags any row with\n"
		   "             probability at most A, however many rows it has\n"
		   "  lkp        each side's median outside the other side's range (the\n"
		   "             columns are means, the detail gives each side's median\n"
		   "             and [min, max], which are what it judged)\n"
		   "  ci         the (1 - A) Student-t confidence intervals do not overlap\n"
		   "  welch      Welch's t-test gives p < A\n"
		   "  bootstrap  the (1 - A) expanded percentile bootstrap interval of the\n"
		   "             difference of means excludes 0 (%d resamples, fixed seed;\n"
		   "             widened for few runs as Hesterberg's, to the t interval's)\n"
		   "--alpha A is the significance level (default %g, from 0.0001 to 0.5).\n"
		   "The NAME.perf-stat.* rows follow the others. Files run with --perf-profile\n"
		   "get a perf-profile section last, as the robot prints it: each key's\n"
		   "percent of samples with \u00b1%%stddev, the change in percentage points,\n"
		   "largest change first, the top N of each family (calltrace, children,\n"
		   "self) of each stressor (--perf-profile-top N, default %d); a key below\n"
		   "the floor in a run counts 0 there. Its rows are flagged \"changed\" by\n"
		   "the same method (they count for --fail-on-change).\n"
		   "Each row ends with the smallest change its samples could have flagged.\n"
		   "lkp, ci, welch and bootstrap judge each row alone: on a table of ~27\n"
		   "rows they flag identical runs often. When the runs are too few for a\n"
		   "method's promise (A of any row for holm, of each row for the others),\n"
		   "a note under the method line gives the rate an A/A comparison of that\n"
		   "many runs is flagged at (simulated on normal runs). Real runs (bench/\n"
		   "compare_aa.sh: --pipe 1 -t 1s, 20 A/A pairs, and 10 pairs of 4096- vs\n"
		   "512-byte writes, on a shared, loaded 2-CPU machine) were flagged as\n"
		   "below; the passes of one run share its moment's load, so at 10 a side\n"
		   "the differences between runs show as real (see the README):\n"
		   COMPARE_AA_TABLE
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
		   "exit codes: 0 done, 1 bad arguments or files, or run options differ,\n"
		   "%d a regression with --fail-on-regression, or any flagged change\n"
		   "with --fail-on-change\n",
		   STATS_SHOW_STDDEV_PCT, STATS_MIN_CHANGE_PCT, STATS_MIN_RUNS,
		   STATS_MIN_RUNS, COMPARE_RECOMMENDED_RUNS, COMPARE_RECOMMENDED_RUNS,
		   COMPARE_BOOTSTRAP_RESAMPLES, COMPARE_DEFAULT_ALPHA,
		   PROFILE_TOP_DEFAULT, COMPARE_EXIT_REGRESSION);
}
