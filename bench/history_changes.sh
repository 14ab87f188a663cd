#!/bin/sh
# history_changes.sh - how well stresskit history changes finds a step of
# known size at a known place, and how often it finds one where there is
# none, on series built from real runs of this machine (make bench
# BENCH_ONLY=history_changes; docs/history.md has the table).
#
# The runs: the bench plugin bench/plugins/getppidk.c, one instance,
# -t $HC_T --repeat 3 --json, at K = 100 getppid() calls per op and at
# K = 101, 103, 105 and 111 (1%, 3%, 5% and 10% more work per op; ops/s
# about -1.0%, -2.9%, -4.8% and -9.9%), interleaved by rounds (two K=100
# runs, then one of each K) so a drifting machine meets every K alike. A K != 100
# document has its getppidk-calls rewritten to 100: the step is what a
# kernel commit does to the same job, so it must land in the same series.
#
# The series: HC_TRIALS per step size, HC_POINTS runs each, the step at a
# place drawn from the middle half; the runs before it drawn from the K=100
# runs, after it from the step's, each in the order they ran. Flat series:
# HC_POINTS runs of K=100 alone. Each series is added to a database of its
# own and judged by history changes on its KPI lines: the envelope of
# ops/s (the line its verdict reads), ops/s, and ops per CPU-second. A step is found when a change point of the right sign lies
# within HC_NEAR runs of its place (how far, the placement error); the
# others are false change points. DIR/series.txt lists every series'
# step and change points.
# Runs already in HC_DIR are kept, so HC_DIR=... reprints from them.
#
# Environment: HC_DIR (default $BENCHDIR/history_changes), HC_ROUNDS
# (default 40), HC_T (default 0.5: ten 50 ms windows a pass), HC_POINTS (default 50), HC_TRIALS
# (default 12), HC_NEAR (default 5), HC_SEED (default 51).
set -eu
. "$(dirname "$0")/lib.sh"
DIR=${HC_DIR:-$BENCHDIR/history_changes}
ROUNDS=${HC_ROUNDS:-40}
T=${HC_T:-0.5}
POINTS=${HC_POINTS:-50}
TRIALS=${HC_TRIALS:-12}
NEAR=${HC_NEAR:-5}
SEED=${HC_SEED:-51}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$DIR/runs"

PLUGIN=$BENCHDIR/plugins/getppidk.so
if [ ! -f "$PLUGIN" ]; then
	PLUGIN=$DIR/getppidk.so
	cc -O2 -g -D_GNU_SOURCE -shared -fPIC -I"$ROOT/include" \
		"$ROOT/bench/plugins/getppidk.c" -o "$PLUGIN"
fi

# one K ROUND SLOT: a run of K getppid() calls per op, kept as
# runs/K-ROUND-SLOT.json (skipped when there)
one() {
	f=$DIR/runs/$1-$(printf %03d "$2")-$3.json
	[ -s "$f" ] && return 0
	"$SK" --plugin "$PLUGIN" --getppidk 1 --getppidk-calls "$1" -t "$T" --repeat 3 \
		--json "$f.tmp" >/dev/null 2>&1 || { rm -f "$f.tmp"; return 0; }
	mv "$f.tmp" "$f"
}

r=1
while [ "$r" -le "$ROUNDS" ]; do
	one 100 "$r" a
	one 101 "$r" a
	one 103 "$r" a
	one 100 "$r" b
	one 105 "$r" a
	one 111 "$r" a
	r=$((r + 1))
done

python3 - "$SK" "$DIR" "$POINTS" "$TRIALS" "$NEAR" "$SEED" <<'PY'
import glob, json, os, random, re, subprocess, sys
sk, d, points, trials, near, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
rng = random.Random(seed)
pool = {}
for f in sorted(glob.glob(os.path.join(d, "runs", "*.json"))):
    k = int(os.path.basename(f).split("-")[0])
    pool.setdefault(k, []).append(f)
# the K != 100 documents as the same job: a commit's step, not another job
same = os.path.join(d, "same")
os.makedirs(same, exist_ok=True)
for k, files in pool.items():
    out = []
    for f in files:
        g = os.path.join(same, os.path.basename(f))
        if not os.path.exists(g):
            doc = json.load(open(f))
            for s in doc["configuration"]["stressors"]:
                s["options"]["getppidk-calls"] = "100"
            json.dump(doc, open(g, "w"))
        out.append(g)
    pool[k] = out

KEYS = ["getppidk.envelope.bogo-ops-per-second-real-time", "getppidk.ops_per_sec",
        "getppidk.bogo-ops-per-second-usr-sys-time"]
FIELDS = {KEYS[0]: "envelope", KEYS[1]: "bogo-ops-per-second-real-time",
          KEYS[2]: "bogo-ops-per-second-usr-sys-time"}

def pass_figure(m, key):
    if FIELDS[key] == "envelope":
        return (m.get("envelope") or {}).get("bogo-ops-per-second-real-time")
    return m[FIELDS[key]]

def run_means(files, key):
    out = []
    for f in files:
        rs = [pass_figure(r["metrics"][0], key) for r in json.load(open(f))["runs"]]
        rs = [x for x in rs if x is not None]
        if rs:
            out.append(sum(rs) / len(rs))
    return out

# the noise the steps are found in: the spread of the K=100 runs' means
for key in KEYS:
    m = run_means(pool[100], key)
    mu = sum(m) / len(m)
    sd = (sum((x - mu) ** 2 for x in m) / (len(m) - 1)) ** 0.5
    ch = {k: 100 * (sum(run_means(pool[k], key)) / len(pool[k]) / mu - 1) for k in (101, 103, 105, 111)}
    print("%s: K=100 runs' means spread %.1f%% (sd/mean); K=101, 103, 105, 111 moved it %s" %
          (key.split(".", 1)[1], 100 * sd / mu, ", ".join("%+.1f%%" % ch[k] for k in sorted(ch))))
line_re = re.compile(r"^  index (\d+) \(run \d+\): .* ([+-][0-9.]+)% \[")

def judge(files, name):
    db = os.path.join(d, "db", name + ".db")
    os.makedirs(os.path.dirname(db), exist_ok=True)
    if os.path.exists(db):
        os.unlink(db)
    subprocess.run([sk, "history", "add", db] + files, check=True, stdout=subprocess.DEVNULL)
    found = {}
    for key in KEYS:
        # exit 2: the line's last change point is a regression, not an error
        p = subprocess.run([sk, "history", "changes", db, "--metric", key],
                           capture_output=True, text=True)
        if p.returncode not in (0, 2):
            sys.exit("history_changes: history changes %s: %s" % (db, p.stderr.strip()))
        out = p.stdout
        found[key] = [(int(m.group(1)), float(m.group(2))) for m in map(line_re.match, out.splitlines()) if m]
    return found

def draw(files, n):
    idx = sorted(rng.sample(range(len(files)), n))
    return [files[i] for i in idx]

print("pool: %d runs; K=%s" % (sum(len(v) for v in pool.values()),
      ", K=".join("%d: %d" % (k, len(v)) for k, v in sorted(pool.items()))))
res = {}
log = open(os.path.join(d, "series.txt"), "w")
log.write("# series, the step's place (-1: none), then each KPI line's change points (index:change%)\n")
for k, label in ((101, "1%"), (103, "3%"), (105, "5%"), (111, "10%")):
    for t in range(trials):
        at = rng.randint(points // 4, points - points // 4)
        files = draw(pool[100], at) + draw(pool[k], points - at)
        found = judge(files, "step%d-%d" % (k, t))
        log.write("step%d-%d %d %s\n" % (k, t, at, " | ".join(
            " ".join("%d:%+.1f" % c for c in found[key]) or "-" for key in KEYS)))
        for key in KEYS:
            r = res.setdefault((label, key), {"n": 0, "hit": 0, "err": [], "false": 0, "points": 0})
            r["n"] += 1
            r["points"] += points
            hits = [i for i, c in found[key] if abs(i - at) <= near and c < 0]
            if hits:
                r["hit"] += 1
                r["err"].append(min(abs(i - at) for i in hits))
            r["false"] += len(found[key]) - (1 if hits else 0)
for t in range(trials):
    found = judge(draw(pool[100], points), "flat-%d" % t)
    log.write("flat-%d -1 %s\n" % (t, " | ".join(
        " ".join("%d:%+.1f" % c for c in found[key]) or "-" for key in KEYS)))
    for key in KEYS:
        r = res.setdefault(("flat", key), {"n": 0, "hit": 0, "err": [], "false": 0, "points": 0})
        r["n"] += 1
        r["points"] += points
        r["false"] += len(found[key])

print("| step (work per op) | KPI line | series | found (within %d runs) | at the exact place | placement error, runs: mean (max) | false change points per 100 points |" % near)
print("|---|---|---|---|---|---|---|")
for (label, key), r in res.items():
    err = "%.1f (%d)" % (sum(r["err"]) / len(r["err"]), max(r["err"])) if r["err"] else "-"
    found = "%d of %d (%.0f%%)" % (r["hit"], r["n"], 100.0 * r["hit"] / r["n"]) if label != "flat" else "-"
    exact = "%d" % sum(1 for e in r["err"] if e == 0) if label != "flat" else "-"
    print("| %s | %s | %d x %d | %s | %s | %s | %.2f |" % (label, key.split(".", 1)[1], r["n"], points,
          found, exact, err, 100.0 * r["false"] / r["points"]))
PY
