# test_envelope.sh - each run's envelope from its 50 ms windows in the
# results; compare's verdict read from it, the mean judged beside it, the
# slow windows and the slow passes said; --repeat auto stopping on it; and
# --placement: where an instance's tasks run, recorded, and passes placed
# otherwise never pooled.

# envdoc FILE MEAN ENV SLOW [PLACED]: a results file of one pipe pass per
# comma-separated triple of values (ops/s, envelope, slow-windows %); each
# list as long as the others; PLACED, one-cpu % of each pass, optional.
envdoc() {
	python3 - "$@" <<'PY'
import json, sys
name, mean, env, slow = sys.argv[1:5]
placed = sys.argv[5].split(",") if len(sys.argv) > 5 else None
runs = []
for k, (m, e, s) in enumerate(zip(mean.split(","), env.split(","), slow.split(","))):
    entry = {"stressor": "pipe", "bogo-ops": int(float(m)),
             "bogo-ops-per-second-real-time": float(m), "extra-metrics": [],
             "envelope": {"window-seconds": 0.05, "quantile": 0.95, "windows": 19,
                          "bogo-ops-per-second-real-time": float(e),
                          "bogo-ops-per-second-usr-sys-time": float(e),
                          "slow-windows-pct": float(s)}}
    if placed:
        entry["placement"] = {"policy": "free", "tasks": 2, "samples": 20,
                              "one-cpu-pct": float(placed[k]), "migrations": 0}
    runs.append({"run": k + 1, "metrics": [entry]})
json.dump({"runs": runs}, open(name, "w"))
PY
}

t_envelope_in_results() {
	expect_exit 0 "$SK" --getppid1 1 -t 0.6s --repeat 2 --json r.json
	python3 - r.json <<'PY' || fail "envelope: $(cat r.json)"
import json, math, sys
for r in json.load(open(sys.argv[1]))["runs"]:
    e = r["metrics"][0]["envelope"]
    assert e["window-seconds"] == 0.05 and e["quantile"] == 0.95, e
    assert e["windows"] >= 5, e
    assert e["bogo-ops-per-second-real-time"] > 0, e
    assert 0 <= e["slow-windows-pct"] <= 100, e
PY
}

# A run of too few windows has no envelope: null figures, no row.
t_envelope_too_short() {
	expect_exit 0 "$SK" --getppid1 1 -t 0.1s --json r.json
	python3 -c 'import json,sys; e=json.load(open(sys.argv[1]))["runs"][0]["metrics"][0]["envelope"]; assert e["bogo-ops-per-second-real-time"] is None, e' r.json ||
		fail "an envelope from a 0.1 s run"
}

# The envelope decides: tight and 3% down while the mean is all over the
# place, it is the first verdict line and the exit is a regression's.
t_envelope_verdict_decides() {
	envdoc a.json 100,60,90,75 200,200.4,199.6,200.2 5,30,10,20
	envdoc b.json 70,98,80,95 194,194.4,193.6,194.2 5,30,10,20
	expect_exit 2 "$SK" compare a.json b.json
	first=$(printf '%s\n' "$OUT" | grep '^verdict:' | head -n 1)
	expect_match '^verdict: pipe\.envelope\.bogo-ops-per-second-real-time changed -3\.0% .* regression$' "$first"
	expect_match '^verdict: pipe\.ops_per_sec inconclusive ' "$OUT"
	# the mean undecided does not make the comparison inconclusive: exit 0
	envdoc c.json 70,98,80,95 200,200.4,199.6,200.2 5,30,10,20
	expect_exit 0 "$SK" compare a.json c.json
	expect_match '^verdict: pipe\.envelope\.bogo-ops-per-second-real-time unchanged ' "$OUT"
	expect_match '^verdict: pipe\.ops_per_sec inconclusive ' "$OUT"
}

# Stalls: the same envelope, the mean 10% down, a quarter of the windows
# slow: the mean's change and the slow windows are said, never hidden.
t_envelope_stall_note() {
	envdoc a.json 100,100.5,99.5,100.2 200,200.4,199.6,200.2 2,3,2,3
	envdoc b.json 90,90.5,89.5,90.2 200.1,200.5,199.7,200.3 25,26,24,25
	expect_exit 2 "$SK" compare a.json b.json
	expect_match '^verdict: pipe\.envelope\.bogo-ops-per-second-real-time unchanged ' "$OUT"
	expect_match '^verdict: pipe\.ops_per_sec changed -10\.0% .* regression$' "$OUT"
	expect_match '^note: pipe: slow windows 2% -> 25% \(10% or more below the envelope\): the mean -10\.0% \(changed\), the envelope \+0\.0% \(unchanged\)$' "$OUT"
	# alike sides: no such note
	expect_exit 0 "$SK" compare a.json a.json
	expect_no_match 'slow windows' "$OUT"
}

# A pass in a slow stretch of the machine (its envelope 3% or more below
# its side's best) is left out of the envelope, and said; two passes
# left a side are judged.
t_envelope_slow_passes() {
	envdoc a.json 100,100,100,100 200,200.4,193,200.2 2,3,2,3
	envdoc b.json 100,100,100,100 200,200.4,199.6,200.2 2,3,2,3
	expect_exit 0 "$SK" compare a.json b.json
	expect_match '^note: pipe: the envelope is read from 3 of 4 passes of a\.json, 4 of 4 passes of b\.json: the others. envelopes were 3% or more below' "$OUT"
	expect_match '^verdict: pipe\.envelope\.bogo-ops-per-second-real-time unchanged ' "$OUT"
	envdoc d.json 100,100,100 200,200.2,150 2,3,2
	expect_exit 0 "$SK" compare d.json b.json
	expect_match '^verdict: pipe\.envelope\.bogo-ops-per-second-real-time unchanged ' "$OUT"
	envdoc c.json 100,100,100 200,150,150 2,3,2
	expect_exit 8 "$SK" compare c.json b.json
	expect_match '^verdict: pipe\.envelope\.bogo-ops-per-second-real-time inconclusive: 1 and 4 runs, 2 a side needed$' "$OUT"
}

# --repeat auto judges the envelope, over the passes out of the slow
# stretches (how many, said), and stops on it: at the third pass on a
# quiet machine, later where passes are left out.
t_envelope_repeat_auto() {
	expect_exit 0 "$SK" --getppid1 1 -t 0.3s --repeat auto --confidence-target 100
	expect_match 'after 3 passes, ops/s 95% confidence half-width: getppid1 envelope( ±[0-9.]+% \([0-9] passes\)|: [0-9] of 3 passes)' "$OUT"
	expect_match '--repeat auto, --confidence-target 100%: (reached|not reached) after [0-9]+ passes' "$OUT"
}

# --placement: pack puts a pipe's writer and reader on one CPU, spread on
# two; the results say where they ran. A single-task stressor has none.
t_placement_recorded() {
	expect_exit 0 "$SK" --pipe 1 -t 0.4s --placement pack --json p.json
	python3 -c 'import json,sys; p=json.load(open(sys.argv[1]))["runs"][0]["metrics"][0]["placement"]; assert p["policy"]=="pack" and p["tasks"]==2 and p["one-cpu-pct"]==100, p' p.json ||
		fail "pack: $(cat p.json)"
	if [ "$(nproc)" -ge 2 ]; then
		expect_exit 0 "$SK" --pipe 1 -t 0.4s --placement spread --json s.json
		# (a sample may see the reader before it moved off its writer's CPU)
		python3 -c 'import json,sys; p=json.load(open(sys.argv[1]))["runs"][0]["metrics"][0]["placement"]; assert p["policy"]=="spread" and p["one-cpu-pct"]<50, p' s.json ||
			fail "spread: $(cat s.json)"
	fi
	expect_exit 0 "$SK" --getppid1 1 -t 0.2s --json g.json
	python3 -c 'import json,sys; assert "placement" not in json.load(open(sys.argv[1]))["runs"][0]["metrics"][0]' g.json ||
		fail "a single task placed"
	expect_exit 1 "$SK" --pipe 1 --placement here
	one_line "$ERR"
	expect_match "placement" "$ERR"
}

# Called as stress-ng, nothing is placed unless asked: stress-ng's way.
t_placement_dropin_free() {
	ln -s "$SK" stress-ng
	expect_exit 0 ./stress-ng --pipe 1 -t 0.3s --json d.json
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["runs"][0]["metrics"][0]["placement"]["policy"]=="free", d["runs"][0]["metrics"][0]' d.json ||
		fail "the drop-in placed its tasks"
}

# Passes whose tasks ran on one CPU and passes that split them are two
# workloads: compare does not pool them, and says how each side ran.
t_placement_not_pooled() {
	envdoc a.json 100,100.5,99.5 200,200.4,199.6 2,3,2 100,100,100
	envdoc b.json 300,300.5,299.5 600,600.4,599.6 2,3,2 100,0,0
	expect_exit 8 "$SK" compare a.json b.json
	expect_match '^note: pipe: placements differ: 3 of 3 passes ran an instance.s tasks on one CPU in a\.json; 1 of 3 passes ran an instance.s tasks on one CPU in b\.json' "$OUT"
	expect_match '^verdict: pipe\.envelope\.bogo-ops-per-second-real-time inconclusive: its passes ran their tasks on one CPU and on several' "$OUT"
	envdoc c.json 100,100.5,99.5 200,200.4,199.6 2,3,2 100,100,100
	expect_exit 0 "$SK" compare a.json c.json
	expect_no_match 'placements differ' "$OUT"
}

# calibrate gives each estimator's KPI row its floor: the envelope's too.
t_envelope_calibrate_row() {
	expect_exit 0 "$SK" calibrate --invocations 2 --passes 4 --gap 0 -o n.json -- \
		--getppid1 1 -t 0.3s
	expect_match '^getppid1\.envelope\.bogo-ops-per-second-real-time +[0-9]+ ' "$OUT"
	expect_match '^getppid1\.ops_per_sec +[0-9]+ ' "$OUT"
	expect_no_match '^getppid1\.envelope\.bogo-ops-per-second-usr-sys-time' "$OUT"
	python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["rows"]; assert "getppid1.envelope.bogo-ops-per-second-real-time" in r, list(r)' n.json ||
		fail "no envelope row in the profile"
}

# A herd (more than 8 helpers an instance) is not placed: packed, 2
# pipeherd instances of 100 processes each could not stop within their
# grace and were killed (an unsuccessful run).
t_placement_herd_free() {
	expect_exit 0 "$SK" --pipeherd 2 --pipeherd-procs 100 -t 0.5s --json h.json
	python3 -c 'import json,sys; p=json.load(open(sys.argv[1]))["runs"][0]["metrics"][0]["placement"]; assert p["policy"]=="pack" and p["tasks"]>8, p' h.json ||
		fail "herd: $(cat h.json)"
}
