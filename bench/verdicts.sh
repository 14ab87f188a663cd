#!/bin/sh
# verdicts.sh - how often compare's verdict is right, on a labelled corpus
# of real runs of this machine, over several workloads (make bench
# BENCH_ONLY=verdicts).
#
# Each workload is run as A and as two Bs whose work per op differs from
# A's by a known amount, about 3% and 10% of ops/s (the change is measured
# here, from the corpus itself, and printed):
#   getppidk  the bench plugin bench/plugins/getppidk.c, a CPU-bound
#             syscall op of K getppid() calls: K=100 against 103 and 111,
#             -2.9% and -9.9% of the kernel work by construction;
#   pipe      --pipe 1, a blocking pipe pair: --pipe-data-size 1024
#             against 1152 and 2048 bytes per write();
#   sendfile  --sendfile 1 to /dev/null, an op of the file's pages:
#             --sendfile-size 4096K against 3976K and 3724K (less work);
#   pread2    --pread2 2 --instance-mode thread: --pread2-size 4K (will-it-
#             scale's) against 2560 bytes (less copying) and 4608 (a second
#             page to look up and copy);
#   redis     --redis 1 on loopback: --redis-data-size 1024 (the default)
#             against 1280 and 2048 bytes per SET value;
#   splice    --splice 1 (held out: chosen before any tuning, and printed
#             in a section of its own): --splice-bytes 64K against 60K
#             and 48K (less work).
# Conditions (VERDICT_CONDITIONS): quiet; beside two CPU hogs; beside
# builds that start and stop, as another engineer's on a shared machine.
# Per workload and condition: 2 * PAIRS invocations of A and PAIRS of each
# B, interleaved (A, B3, B10, A) so a drifting load meets all alike, each
# --repeat $VERDICT_PASSES -t $VERDICT_T --json. Pair p is A(2p-1) against
# A(2p) (A/A) and against B3(p) and B10(p), each judged by one compare
# (the default verdict, with VERDICT_COMPARE_ARGS added). Runs already in
# VERDICT_DIR are kept, so VERDICT_DIR=... reprints the tables from them;
# a directory made with other settings is refused.
#
# Each pair is judged at each count of VERDICT_JUDGE (default "3 PASSES"):
# the first N passes of each document, as --repeat N would have made them
# (each pass is a process of its own, so the first N of 5 are a --repeat N);
# and each twice: with compare's default noise (--drift), and with the
# job's noise as stresskit calibrate measured it on this machine before
# the job's corpus (6 invocations of PASSES passes; compare --noise).
#
# Environment: VERDICT_DIR (default $BENCHDIR/verdicts), VERDICT_PAIRS
# (default 20), VERDICT_T (seconds per pass, default 0.2), VERDICT_PASSES
# (--repeat of each invocation, default 5), VERDICT_WORKLOADS (default
# "getppidk pipe sendfile pread2 redis splice"), VERDICT_CONDITIONS
# (default "quiet hogs builds"), VERDICT_COMPARE_ARGS (extra compare
# options, e.g. "--drift 3"), VERDICT_CAL_GAP (calibrate's --gap; default
# its own, 10 s: 15 minutes of gaps over the 18 jobs).
set -eu
. "$(dirname "$0")/lib.sh"
DIR=${VERDICT_DIR:-$BENCHDIR/verdicts}
PAIRS=${VERDICT_PAIRS:-20}
T=${VERDICT_T:-0.2}
PASSES=${VERDICT_PASSES:-5}
JUDGE=${VERDICT_JUDGE:-"3 $PASSES"}
WORKLOADS=${VERDICT_WORKLOADS:-"getppidk pipe sendfile pread2 redis splice"}
CONDITIONS=${VERDICT_CONDITIONS:-"quiet hogs builds"}
COMPARE_ARGS=${VERDICT_COMPARE_ARGS:-}
# calibrate's own default gap unless VERDICT_CAL_GAP is set
CAL_GAP=${VERDICT_CAL_GAP:+--gap $VERDICT_CAL_GAP}
HELD_OUT=splice
ROOT=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$DIR"

# The bench plugin, as make bench builds it (bench/Makefile); built here
# the same way when this script is run on its own.
PLUGIN=$BENCHDIR/plugins/getppidk.so
if [ ! -f "$PLUGIN" ]; then
	PLUGIN=$DIR/getppidk.so
	cc -O2 -g -D_GNU_SOURCE -shared -fPIC -I"$ROOT/include" \
		"$ROOT/bench/plugins/getppidk.c" -o "$PLUGIN"
fi

# workload NAME: sets W_ARGS (the invocation but the knob), W_KNOB, and
# W_A, W_B3, W_B10 (the knob's value for A and the two changes).
workload() {
	case "$1" in
	getppidk)
		W_ARGS="--plugin $PLUGIN --getppidk 1" W_KNOB=--getppidk-calls
		W_A=100 W_B3=103 W_B10=111 ;;
	pipe)
		W_ARGS="--pipe 1" W_KNOB=--pipe-data-size
		W_A=1024 W_B3=1152 W_B10=2048 ;;
	sendfile)
		W_ARGS="--sendfile 1" W_KNOB=--sendfile-size
		W_A=4096K W_B3=3976K W_B10=3724K ;;
	pread2)
		W_ARGS="--pread2 2 --instance-mode thread" W_KNOB=--pread2-size
		W_A=4K W_B3=2560 W_B10=4608 ;;
	redis)
		W_ARGS="--redis 1" W_KNOB=--redis-data-size
		W_A=1024 W_B3=1280 W_B10=2048 ;;
	splice)
		W_ARGS="--splice 1" W_KNOB=--splice-bytes
		W_A=64K W_B3=60K W_B10=48K ;;
	*)
		echo "verdicts: no workload $1 (getppidk pipe sendfile pread2 redis splice)" >&2
		exit 1 ;;
	esac
}

made=
one_run() {	# FILE KNOB_VALUE
	[ -s "$1" ] && return 0
	made=1
	# shellcheck disable=SC2086
	"$SK" $W_ARGS "$W_KNOB" "$2" -t "$T" --repeat "$PASSES" --json "$1.tmp" \
		>/dev/null 2>"$1.err" || {
		echo "verdicts: run $1 failed: $(tail -n 1 "$1.err")" >&2
		rm -f "$1.tmp" "$1.err"
		exit 1
	}
	rm -f "$1.err"
	mv "$1.tmp" "$1"
}

# settings DIR: the settings a workload's runs were made with, written the
# first time; runs made otherwise are not mixed with them.
settings() {
	s="$W_ARGS $W_KNOB $W_A/$W_B3/$W_B10 -t $T --repeat $PASSES"
	s=$(printf '%s\n' "$s" | sed "s|$PLUGIN|getppidk.so|")
	if [ -s "$1/settings" ] && [ "$(cat "$1/settings")" != "$s" ]; then
		echo "verdicts: $1 holds runs of $(cat "$1/settings"), not $s; use another VERDICT_DIR" >&2
		exit 1
	fi
	printf '%s\n' "$s" >"$1/settings"
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
	[ -n "$hogs_pid" ] && wait 2>/dev/null
	hogs_pid=
	# the builds' compilers are gone before their directory goes: timeout
	# runs each make in a process group of its own, which the kill above
	# does not reach (the rm failed on a make still writing)
	i=0
	while pkill -f -- "$DIR/build-load" 2>/dev/null && [ "$i" -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

# made COND: whether every run of COND is already in VERDICT_DIR (a
# reprint): then no load is started for it.
made() {
	for w in $WORKLOADS; do
		[ -s "$DIR/$1/$w/a-$((2 * PAIRS)).json" ] && [ -s "$DIR/$1/$w/noise.json" ] ||
			return 1
	done
}
trap hogs_stop EXIT INT TERM

for w in $WORKLOADS; do
	workload "$w"	# every name checked before any run
done
start=$(date +%s)
for cond in $CONDITIONS; do
	made "$cond" || {
		[ "$cond" = hogs ] && hogs_start
		[ "$cond" = builds ] && builds_start
	}
	for w in $WORKLOADS; do
		workload "$w"
		d=$DIR/$cond/$w
		mkdir -p "$d"
		settings "$d"
		made=
		# this job's noise on this machine, measured by stresskit calibrate
		# before its corpus: the pairs are judged with and without it
		if [ ! -s "$d/noise.json" ]; then
			# shellcheck disable=SC2086
			"$SK" calibrate --invocations 6 --passes "$PASSES" $CAL_GAP -o "$d/noise.json" -- \
				$W_ARGS "$W_KNOB" "$W_A" -t "$T" >"$d/noise.txt" 2>"$d/noise.err" || {
				echo "verdicts: calibrate $d failed: $(tail -n 1 "$d/noise.err")" >&2
				exit 1
			}
			rm -f "$d/noise.err"
		fi
		p=1
		while [ "$p" -le "$PAIRS" ]; do
			one_run "$d/a-$((2 * p - 1)).json" "$W_A"
			one_run "$d/b3-$p.json" "$W_B3"
			one_run "$d/b10-$p.json" "$W_B10"
			one_run "$d/a-$((2 * p)).json" "$W_A"
			p=$((p + 1))
		done
		# the load the runs met: kept when they were made before (a reprint)
		[ -s "$d/load" ] && [ -z "$made" ] ||
			uptime | sed 's/.*load average/load average/' >"$d/load"
	done
	hogs_stop
	rm -rf "$DIR/build-load"
done
echo "Runs made in $(($(date +%s) - start)) s (0 when all were kept)."
echo

# The per-workload lines the judging prints its headings from.
specs=
for w in $WORKLOADS; do
	workload "$w"
	specs="$specs$w|$(printf '%s' "$W_ARGS" | sed "s|$PLUGIN|getppidk.so|")|$W_KNOB|$W_A|$W_B3|$W_B10
"
done

python3 - "$SK" "$DIR" "$PAIRS" "$CONDITIONS" "$HELD_OUT" \
	"$T" "$PASSES" "$COMPARE_ARGS" "$specs" "$JUDGE" <<'PY'
"""Judges every pair of the corpus with one compare each and prints, per
workload, a table of how often the verdict was right under each condition."""
import functools, json, os, re, statistics, subprocess, sys, tempfile

sk, top, pairs = sys.argv[1], sys.argv[2], int(sys.argv[3])
conds, held_out = sys.argv[4].split(), sys.argv[5]
t, passes, extra = sys.argv[6], sys.argv[7], sys.argv[8].split()
specs = sys.argv[9]
judge_at = [int(x) for x in sys.argv[10].split()]
tmp = tempfile.mkdtemp()
CHANGES = ("b3", "3%"), ("b10", "10%")
EFF = "bogo-ops-per-second-usr-sys-time"
VERDICT = re.compile(r"^verdict: (\S+) (changed|unchanged|inconclusive) "
                     r"(\S+)% \[(\S+)%, (\S+)%\]")
FLAGGED = ("  regression", "  improvement", "  changed")

workloads = []
for line in specs.splitlines():
    name, args, knob, a, b3, b10 = line.split("|")
    workloads.append(dict(name=name, args=args, knob=knob, a=a, b3=b3, b10=b10))


@functools.lru_cache(maxsize=None)
def passes_of(path, key):
    """Each pass's figure (ops/s or ops per CPU-second) of a --json document,
    read once: F and the von Neumann ratio read every A document at each
    count of passes and noise a cell is judged at."""
    return tuple(r["metrics"][0][key] for r in json.load(open(path))["runs"])


def first(path, n, name):
    """The document at path with its first n passes only, as --repeat n."""
    doc = json.load(open(path))
    doc["runs"] = doc["runs"][:n]
    out = os.path.join(tmp, name)
    json.dump(doc, open(out, "w"))
    return out


def judge(base, new, n, noise=None):
    """One compare of two documents' first n passes (with --noise when
    given): (any table row flagged, {KEY: WORD})."""
    p = subprocess.run([sk, "compare", "--force"] + extra +
                       (["--noise", noise] if noise else []) +
                       [first(base, n, "a.json"), first(new, n, "b.json")],
                       capture_output=True, text=True)
    if p.returncode == 1:
        sys.exit("verdicts: compare %s %s: bad input: %s" % (base, new, p.stderr.strip()))
    lines = p.stdout.splitlines()
    flagged = any(l.startswith(" ") and l.endswith(FLAGGED) for l in lines)
    words = {m.group(1): m.group(2) for m in map(VERDICT.match, lines) if m}
    return flagged, words


def change(d, b, key):
    """B's change against A, in %: the median over pairs of the ratio of
    their documents' medians, and the smallest and largest pair's."""
    rs = [statistics.median(passes_of(os.path.join(d, "%s-%d.json" % (b, p)), key)) /
          statistics.median(passes_of(os.path.join(d, "a-%d.json" % (2 * p - 1)), key)) - 1
          for p in range(1, pairs + 1)]
    return "%+.1f%% (%+.0f%% to %+.0f%%)" % (100 * statistics.median(rs),
                                             100 * min(rs), 100 * max(rs))


def a_passes(d, key):
    """Each A document's passes, in the order the documents were made."""
    return [passes_of(os.path.join(d, "a-%d.json" % i), key) for i in range(1, 2 * pairs + 1)]


def f_ratio(d, key):
    """The mean variance of the passes within an A document over n times
    the variance of the A documents' means (n passes a document). About 1
    when a document's passes hold all the noise; below 1 when documents
    differ by more than their passes show (drift between invocations)."""
    docs = a_passes(d, key)
    n = min(len(v) for v in docs)
    within = statistics.mean(statistics.variance(v) for v in docs)
    between = statistics.variance([statistics.mean(v) for v in docs])
    return within / (n * between) if between > 0 else float("inf")


def von_neumann(d, key):
    """The von Neumann ratio of the A documents' means in the order they
    were made: the mean squared successive difference over twice the
    variance. About 1 when neighbours are no more alike than any two;
    near 0 when the machine holds a state for several invocations."""
    m = [statistics.mean(v) for v in a_passes(d, key)]
    v = statistics.variance(m)
    ms = sum((m[i + 1] - m[i]) ** 2 for i in range(len(m) - 1)) / (len(m) - 1)
    return ms / (2 * v) if v > 0 else float("nan")


def count(results, test):
    return "%d of %d" % (sum(1 for r in results if test(r)), len(results))


def table(w):
    ops, eff = w["name"] + ".ops_per_sec", w["name"] + "." + EFF
    print("| condition | passes | noise | A/A: any row flagged | A/A: a KPI changed | "
          "A/A a minute apart: a KPI changed | " + " | ".join(
        "%s: changed | %s: unchanged | %s: inconclusive" % (l, l, l) for _, l in CHANGES) +
        " | F | von Neumann |")
    print("|---|---|---|---|---|---|" + "---|---|---|" * len(CHANGES) + "---|---|")
    notes = []
    for cond, n, nz in [(c, n, nz) for c in conds for n in judge_at for nz in (False, True)]:
        d = os.path.join(top, cond, w["name"])
        if not os.path.exists(os.path.join(d, "a-%d.json" % (2 * pairs))):
            continue
        noise = os.path.join(d, "noise.json") if nz else None
        if nz and not os.path.exists(noise):
            continue
        a = lambda i: os.path.join(d, "a-%d.json" % i)
        aa = [judge(a(2 * p - 1), a(2 * p), n, noise) for p in range(1, pairs + 1)]
        # A/A pairs half the corpus apart (about a minute): the runs a
        # user compares are not seconds apart, and the machine's states
        # last seconds to minutes (von Neumann ratio below)
        far = [judge(a(p), a(p + pairs), n, noise) for p in range(1, pairs + 1)]
        cells = [count(aa, lambda r: r[0]),
                 count(aa, lambda r: "changed" in r[1].values()),
                 count(far, lambda r: "changed" in r[1].values())]
        seen = any(r[1] for r in aa)
        for b, _ in CHANGES:
            ab = [judge(a(2 * p - 1), os.path.join(d, "%s-%d.json" % (b, p)), n, noise)
                  for p in range(1, pairs + 1)]
            seen = seen or any(r[1] for r in ab)
            # pairs whose ops/s row, and whose efficiency row, got the word
            both = lambda word: "%d, %d of %d" % (
                sum(1 for r in ab if r[1].get(ops) == word),
                sum(1 for r in ab if r[1].get(eff) == word), len(ab))
            cells += [both("changed"), both("unchanged"), both("inconclusive")]
        cells.append("%.2f, %.2f" % (f_ratio(d, "bogo-ops-per-second-real-time"),
                                     f_ratio(d, EFF)))
        cells.append("%.2f, %.2f" % (von_neumann(d, "bogo-ops-per-second-real-time"),
                                     von_neumann(d, EFF)))
        load = open(os.path.join(d, "load")).read().strip() if os.path.exists(
            os.path.join(d, "load")) else "load ?"
        print("| %s | %d | %s | %s |" % (cond, n, "calibrate" if nz else "--drift",
                                         " | ".join(cells)))
        if n != judge_at[-1] or nz:
            continue
        notes.append("- %s (%s): measured change of B against A, ops/s: %s; "
                     "ops per CPU-second: %s." % (cond, load, "; ".join(
                         "%s %s" % (l, change(d, b, "bogo-ops-per-second-real-time"))
                         for b, l in CHANGES), "; ".join(
                         "%s %s" % (l, change(d, b, EFF)) for b, l in CHANGES)))
        if not seen:
            notes.append("  (%s: compare printed no verdict lines, so the KPI columns "
                         "count nothing)" % cond)
    print()
    print("\n".join(notes))
    print()


print("Each invocation: -t %s --repeat %s --json; %d pairs per workload and condition; "
      "compare --force%s BASE NEW, once per pair.\n" % (
          t, passes, pairs, "".join(" " + x for x in extra)))
print("Columns: A/A pairs with any table row flagged, and with a KPI verdict line `changed`; "
      "for each change, the pairs whose verdict on the ops/s row and on the efficiency row "
      "(ops per CPU-second), in that order, was `changed`, `unchanged` (wrong: the work per "
      "op did change) and `inconclusive`. F (ops/s, efficiency): the mean variance of an A "
      "document's passes over n times the variance of the A documents' means (n passes "
      "each): about 1 when a document's passes hold all the noise, below 1 when invocations "
      "differ by more than their passes show. A/A a minute apart: A(p) against "
      "A(p + pairs), half the corpus apart. von Neumann (ops/s, efficiency): the A "
      "documents' means in the order made, mean squared successive difference over "
      "twice their variance: about 1 when neighbours are no more alike than any two, "
      "near 0 when the machine holds a state over several invocations.\n")
for held in (False, True):
    chosen = [w for w in workloads if (w["name"] == held_out) == held]
    if held and chosen:
        print("## Held-out workload (chosen before any tuning): %s\n" % held_out)
    for w in chosen:
        print("### %s: %s, %s %s; B %s (3%%) and %s (10%%)\n" % (
            w["name"], w["args"], w["knob"], w["a"], w["b3"], w["b10"]))
        table(w)
PY
