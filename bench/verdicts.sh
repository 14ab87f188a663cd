#!/bin/sh
# verdicts.sh - how often each compare method is right, on a labelled
# corpus of real runs of this machine (make bench BENCH_ONLY=verdicts).
#
# The corpus: --sendfile 1 to /dev/null, whose bogo-op (one sendfile()
# of the whole file) costs in proportion to the file's pages, so
# --sendfile-size sets a known change of ops/s: 4096K is A; 4056K,
# 3976K, 3724K and 320K are B at about +1%, +3%, +10% and 10x (the
# changes are measured here, from the corpus itself, and printed). Under
# each condition (quiet; beside two CPU hogs; beside builds that start and
# stop, as another engineer's on a shared machine), 2 * PAIRS runs of A and
# PAIRS of each B, --repeat 5 -t $VERDICT_T, interleaved (A, each B, A)
# so a drifting load meets all alike. Pair p is A(2p-1) against A(2p)
# (A/A) and against each B(p) (A/B); --repeat 3 is the first 3 passes of
# each run, 10 passes two runs joined. For each method and pass count the
# table gives the A/A pairs with any row and with the ops/s row flagged,
# and the A/B pairs with the ops/s row flagged per change; then the
# fewest passes (3, 5 or 10) at which each change is flagged in 95% of
# pairs; and sides of 3 (5) separate runs, the first pass of each, as
# compare A1.json,A2.json,A3.json reads them ("3 runs x 1"). Runs already
# in VERDICT_DIR are kept (VERDICT_DIR=... reprints
# the table from them).
#
# Environment: VERDICT_DIR (default $BENCHDIR/verdicts), VERDICT_PAIRS
# (default 20), VERDICT_T (seconds per pass, default 0.5),
# VERDICT_CONDITIONS (default "quiet hogs builds"), VERDICT_METHODS (a method,
# or METHOD:DRIFT for holm+range with --drift DRIFT).
set -eu
. "$(dirname "$0")/lib.sh"
DIR=${VERDICT_DIR:-$BENCHDIR/verdicts}
PAIRS=${VERDICT_PAIRS:-20}
T=${VERDICT_T:-0.5}
CONDITIONS=${VERDICT_CONDITIONS:-"quiet hogs builds"}
METHODS=${VERDICT_METHODS:-"holm+range holm+range:0 holm lkp ci welch bootstrap"}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SIZES="4056K 3976K 3724K 320K"
LABELS="1% 3% 10% 10x"
mkdir -p "$DIR"

made=
one_run() {	# FILE SIZE
	[ -s "$1" ] && return 0
	made=1
	"$SK" --sendfile 1 --sendfile-size "$2" -t "$T" --repeat 5 --json "$1.tmp" \
		>/dev/null 2>"$1.err" || {
		echo "verdicts: run $1 failed: $(tail -n 1 "$1.err")" >&2
		rm -f "$1.tmp" "$1.err"
		exit 1
	}
	rm -f "$1.err"
	mv "$1.tmp" "$1"
}

hogs_pid=
hogs_start() {
	for _ in 1 2; do
		sh -c 'while :; do :; done' &
		hogs_pid="$hogs_pid $!"
	done
}
# builds: another engineer's builds on the machine, which start and stop:
# stresskit built from scratch at -j2 (make -j$(nproc) here), each build
# cut after 2 to 9 s, then 0 to 3 s idle. Its compilers take a share of
# the CPUs from the instance that drifts from one invocation to the next:
# the condition under which one invocation's passes understate the spread
# between invocations. In a session of its own, killed as a group.
builds_start() {
	setsid sh -c 'rnd() { echo $(( $(od -An -N1 -tu1 /dev/urandom) % $1 )); }
		while :; do
			timeout "$(( $(rnd 8) + 2 ))" make -s -B -j2 -C "$1" BUILD="$2" >/dev/null 2>&1
			sleep "$(rnd 4)"
		done' builds "$ROOT" "$DIR/build-load" &
	hogs_pid="$hogs_pid -$!"
}
hogs_stop() {
	[ -n "$hogs_pid" ] && kill -- $hogs_pid 2>/dev/null
	hogs_pid=
}
trap hogs_stop EXIT INT TERM

for cond in $CONDITIONS; do
	d=$DIR/$cond
	mkdir -p "$d"
	made=
	[ "$cond" = hogs ] && hogs_start
	[ "$cond" = builds ] && builds_start
	p=1
	while [ "$p" -le "$PAIRS" ]; do
		one_run "$d/a-$((2 * p - 1)).json" 4096K
		for s in $SIZES; do
			one_run "$d/b$s-$p.json" "$s"
		done
		one_run "$d/a-$((2 * p)).json" 4096K
		p=$((p + 1))
	done
	# the load the runs met: kept when they were made before (a reprint)
	[ -s "$d/load" ] && [ -z "$made" ] ||
		uptime | sed 's/.*load average/load average/' >"$d/load"
	hogs_stop
	rm -rf "$DIR/build-load"
done

python3 - "$SK" "$DIR" "$PAIRS" "$CONDITIONS" "$METHODS" "$SIZES" "$LABELS" <<'PY'
import json, os, statistics, subprocess, sys, tempfile
sk, top, pairs = sys.argv[1], sys.argv[2], int(sys.argv[3])
conds, methods = sys.argv[4].split(), sys.argv[5].split()
sizes, labels = sys.argv[6].split(), sys.argv[7].split()
tmp = tempfile.mkdtemp()
OPS = "sendfile.ops_per_sec"

def runs(path):
    return json.load(open(path))["runs"]

def ops(r):
    return r["metrics"][0]["bogo-ops-per-second-real-time"]

def side(paths, n):
    """The first n passes of the runs joined, as one results file."""
    doc = json.load(open(paths[0]))
    doc["runs"] = [r for p in paths for r in runs(p)][:n]
    return doc

def method_args(method):
    """compare's options for a table's method: NAME, or NAME:DRIFT (--drift)."""
    name, _, drift = method.partition(":")
    return ["--method", name] + (["--drift", drift] if drift else [])

def method_label(method):
    name, _, drift = method.partition(":")
    return name + (", --drift " + drift if drift else "")

def flagged(base, new, method):
    """(any row flagged, the ops/s row flagged) by compare --method."""
    fa, fb = os.path.join(tmp, "a.json"), os.path.join(tmp, "b.json")
    json.dump(base, open(fa, "w"))
    json.dump(new, open(fb, "w"))
    out = subprocess.run([sk, "compare", "--force"] + method_args(method) + [fa, fb],
                         capture_output=True, text=True).stdout.splitlines()
    rows = [l for l in out if l.startswith(" ") and
            ("  improvement" in l or "  regression" in l or "  changed" in l)]
    return bool(rows), any(("  %s  " % OPS) in l for l in rows)

def sides(d, n):
    """(A/A pairs, A/B pairs per size) of n-pass sides."""
    a = lambda i: os.path.join(d, "a-%d.json" % i)
    b = lambda s, i: os.path.join(d, "b%s-%d.json" % (s, i))
    if n <= 5:
        aa = [(side([a(2 * p - 1)], n), side([a(2 * p)], n)) for p in range(1, pairs + 1)]
        ab = {s: [(side([a(2 * p - 1)], n), side([b(s, p)], n)) for p in range(1, pairs + 1)]
              for s in sizes}
    else:
        q = range(1, pairs // 2 + 1)
        aa = [(side([a(4 * i - 3), a(4 * i - 1)], n), side([a(4 * i - 2), a(4 * i)], n)) for i in q]
        ab = {s: [(side([a(4 * i - 3), a(4 * i - 1)], n), side([b(s, 2 * i - 1), b(s, 2 * i)], n))
                  for i in q] for s in sizes}
    return aa, ab

def joined(d, k):
    """(A/A pairs, A/B pairs per size) of sides of k runs, a pass of each:
    what compare A1.json,A2.json,... reads."""
    a = lambda i: os.path.join(d, "a-%d.json" % i)
    b = lambda s, i: os.path.join(d, "b%s-%d.json" % (s, i))
    q = range(min(2 * pairs // (2 * k), pairs // k))
    aa = [(side_first([a(2 * k * p + i + 1) for i in range(k)]),
           side_first([a(2 * k * p + k + i + 1) for i in range(k)])) for p in q]
    ab = {s: [(side_first([a(2 * k * p + i + 1) for i in range(k)]),
               side_first([b(s, k * p + i + 1) for i in range(k)])) for p in q] for s in sizes}
    return aa, ab

def side_first(paths):
    doc = json.load(open(paths[0]))
    doc["runs"] = [runs(p)[0] for p in paths]
    return doc

def judged(aa, ab, m):
    """A table row's cells for method m, and the A/B pairs flagged per size."""
    fa = [flagged(x, y, m) for x, y in aa]
    hits = {s: sum(flagged(x, y, m)[1] for x, y in ab[s]) for s in sizes}
    cells = ["%d of %d" % (sum(f[0] for f in fa), len(fa)),
             "%d of %d" % (sum(f[1] for f in fa), len(fa))]
    cells += ["%d of %d" % (hits[s], len(ab[s])) for s in sizes]
    return cells, hits

print("Corpus: --sendfile 1 -t %s --repeat 5 to /dev/null, A --sendfile-size 4096K;" % os.environ.get("VERDICT_T", "0.5"))
print("B: --sendfile-size %s.\n" % ", ".join(sizes))
need = {}
for cond in conds:
    d = os.path.join(top, cond)
    load = open(os.path.join(d, "load")).read().strip() if os.path.exists(os.path.join(d, "load")) else "?"
    print("### %s (%s; %d pairs)\n" % (cond, load, pairs))
    # the change each B makes: median over pairs of B's median ops/s over A's
    change = []
    for s, lab in zip(sizes, labels):
        rs = [statistics.median(ops(r) for r in runs(os.path.join(d, "b%s-%d.json" % (s, p)))) /
              statistics.median(ops(r) for r in runs(os.path.join(d, "a-%d.json" % (2 * p - 1))))
              for p in range(1, pairs + 1)]
        change.append("%s: %+.1f%% (pairs %+.0f%% to %+.0f%%)" % (
            lab, 100 * (statistics.median(rs) - 1), 100 * (min(rs) - 1), 100 * (max(rs) - 1)))
    a_ops = [[ops(r) for r in runs(os.path.join(d, "a-%d.json" % i))]
             for i in range(1, 2 * pairs + 1)]
    cv = [statistics.pstdev(v) / statistics.mean(v) for v in a_ops]
    # the drift between invocations that their passes do not show: the
    # spread of the A runs' means, and of a pair's two A means
    means = [statistics.mean(v) for v in a_ops]
    gaps = sorted(abs(means[2 * p + 1] / means[2 * p] - 1) for p in range(pairs))
    print("Measured ops/s change of B against A (median of 5 passes): " + "; ".join(change) +
          ". A's passes within a run: CV median %.1f%%, max %.1f%%. Between A runs: "
          "CV of their means %.1f%%; an A/A pair's means apart by %.1f%% (median), "
          "%.1f%% (90th percentile), %.1f%% (max).\n" %
          (100 * statistics.median(cv), 100 * max(cv),
           100 * statistics.stdev(means) / statistics.mean(means),
           100 * statistics.median(gaps), 100 * gaps[int(0.9 * (len(gaps) - 1))], 100 * gaps[-1]))
    print("| method | passes a side | A/A: any row | A/A: ops/s | " +
          " | ".join("%s: ops/s" % l for l in labels) + " |")
    print("|---|---|---|---|" + "---|" * len(labels))
    for n in (3, 5, 10):
        aa, ab = sides(d, n)
        for m in methods:
            cells, hits = judged(aa, ab, m)
            for s, lab in zip(sizes, labels):
                if (cond, m, lab) not in need and hits[s] >= 0.95 * len(ab[s]):
                    need[(cond, m, lab)] = n
            print("| %s | %d | %s |" % (method_label(m), n, " | ".join(cells)))
    # sides of separate runs, the first pass of each (compare A1,A2,A3 B1,B2,B3)
    for kk in (3, 5):
        aa, ab = joined(d, kk)
        for m in methods:
            cells, _ = judged(aa, ab, m)
            print("| %s | %d runs x 1 | %s |" % (method_label(m), kk, " | ".join(cells)))
    print()
# --repeat auto's target: the passes each A run's own spread needs for a
# 95% half-width of T% (Student t, at most 30)
import math
def t975(df):
    """Student's t 97.5% point: the t density integrated (Simpson), bisected."""
    c = math.gamma((df + 1) / 2) / (math.sqrt(df * math.pi) * math.gamma(df / 2))
    f = lambda x: c * (1 + x * x / df) ** (-(df + 1) / 2)
    def cdf(x, k=2000):
        h = x / k
        return 0.5 + h / 3 * sum((1 if i in (0, k) else 4 if i % 2 else 2) * f(i * h)
                                 for i in range(k + 1))
    lo, hi = 0.0, 20.0
    for _ in range(50):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if cdf(mid) < 0.975 else (lo, mid)
    return lo
T975 = {df: t975(df) for df in range(2, 30)}
def passes_for(cv, target):
    for n in range(3, 31):
        if T975[n - 1] * cv / n ** 0.5 <= target:
            return n
    return 31
print("Passes --repeat auto would run, from each A run's pass CV (median, and the 90th percentile; 31: not within 30):\n")
print("| condition | A's pass CV, median | --confidence-target 1% | 2% | 5% |")
print("|---|---|---|---|---|")
for cond in conds:
    d = os.path.join(top, cond)
    cvs = []
    for i in range(1, 2 * pairs + 1):
        v = [ops(r) for r in runs(os.path.join(d, "a-%d.json" % i))]
        cvs.append(statistics.stdev(v) / statistics.mean(v) * 100)
    cvs.sort()
    cells = []
    for target in (1, 2, 5):
        ns = sorted(passes_for(c, target) for c in cvs)
        cells.append("%d (%d)" % (statistics.median(ns), ns[int(0.9 * (len(ns) - 1))]))
    print("| %s | %.1f%% | %s |" % (cond, statistics.median(cvs), " | ".join(cells)))
print()
print("Passes a side for the ops/s row to be flagged in 95% of pairs:\n")
print("| condition | method | " + " | ".join(labels) + " |")
print("|---|---|" + "---|" * len(labels))
for cond in conds:
    for m in methods:
        print("| %s | %s | %s |" % (cond, method_label(m), " | ".join(
            str(need.get((cond, m, l), "more than 10")) for l in labels)))
PY
