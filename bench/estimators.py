#!/usr/bin/env python3
"""estimators.py - the tuning corpus of the envelope: which window length
and quantile of a run's fine windows read the work of an op most surely.

usage: estimators.py DIR
DIR holds, per condition and workload, invocations COND/WORKLOAD/KIND-N.csv
(KIND a, b1, b3: A and the 1% and 3% changes), each a --series-csv of
--repeat P -t T --sample-interval 0.05 (bench/estimators.sh makes them).
For each candidate (window 50 ms to 200 ms merged from the 50 ms ones, and
the mean, median, 75th, 90th, 95th percentile and maximum of the windows'
rates in real time) it prints the spread between A invocations (the CV of
their figures, each the mean of its passes' but those 10% or more below
its best, as compare reads an envelope), the median difference of A/A
pairs and the change each
candidate reads for B1 and B3 (median over pairs, and the widest pair)."""
import csv, glob, os, statistics, sys
from collections import defaultdict

WINDOWS = (1, 2, 4)             # merged 50 ms windows: 50, 100, 200 ms
QUANTS = ("mean", 0.5, 0.75, 0.9, 0.95, "max")


def passes(path):
    """Each pass's list of (ops, seconds) fine windows, the stressor's sum."""
    runs = defaultdict(list)
    for r in csv.DictReader(open(path)):
        if r["instance"] == "all":
            runs[int(r["run"])].append((int(r["bogo_ops"]), float(r["duration"])))
    return [runs[k] for k in sorted(runs)]


def quantile(v, q):
    v = sorted(v)
    at = q * (len(v) - 1)
    lo = int(at)
    return v[lo] + (at - lo) * (v[lo + 1] - v[lo]) if lo + 1 < len(v) else v[-1]


def figure(wins, merge, q):
    """One pass's figure: windows merged by merge, the tail dropped, and the
    partial first and last 50 ms windows (under 80% of 50 ms) left out."""
    full = [w for w in wins if 0.04 <= w[1] <= 0.06]
    if q == "mean":
        return sum(o for o, _ in wins) / sum(t for _, t in wins)
    m = [full[i:i + merge] for i in range(0, len(full) - merge + 1, merge)]
    rates = [sum(o for o, _ in g) / sum(t for _, t in g) for g in m]
    if len(rates) < 3:
        return float("nan")
    return max(rates) if q == "max" else quantile(rates, q)


def invocation(path, merge, q):
    """An invocation's figure: the mean of its passes' but those in a slow
    stretch of the machine (10% or more below its best pass), as compare
    reads an envelope (estimator_fast_passes)."""
    v = [figure(p, merge, q) for p in passes(path)]
    best = max(v)
    return statistics.mean(x for x in v if x > 0.9 * best)


def main(top):
    for d in sorted(glob.glob(os.path.join(top, "*", "*"))):
        if not os.path.isdir(d):
            continue
        print("## %s\n" % os.path.relpath(d, top))
        print("| window | estimator | A spread (CV %) | A/A pairs: median abs diff % | B1 change % (range) | B3 change % (range) |")
        print("|---|---|---|---|---|---|")
        n_a = len(glob.glob(os.path.join(d, "a-*.csv")))
        for merge in WINDOWS:
            for q in QUANTS:
                if q == "mean" and merge != WINDOWS[0]:
                    continue
                a = [invocation(os.path.join(d, "a-%d.csv" % i), merge, q)
                     for i in range(1, n_a + 1)]
                a = [float(x) for x in a]
                cv = 100 * statistics.stdev(a) / statistics.mean(a)
                aa = statistics.median(abs(100 * (a[2 * i + 1] / a[2 * i] - 1))
                                       for i in range(len(a) // 2))
                cells = []
                for b in ("b1", "b3"):
                    bs = sorted(glob.glob(os.path.join(d, b + "-*.csv")))
                    ch = [100 * (invocation(p, merge, q) / a[2 * int(p.rsplit("-", 1)[1][:-4]) - 2] - 1)
                          for p in bs]
                    cells.append("%+.2f (%+.2f..%+.2f)" % (statistics.median(ch), min(ch), max(ch))
                                 if ch else "-")
                name = q if isinstance(q, str) else "p%d" % round(100 * q)
                print("| %s | %s | %.2f | %.2f | %s | %s |" % (
                    "all" if q == "mean" else "%d ms" % (50 * merge), name, cv, aa, *cells))
        print()


main(sys.argv[1])
