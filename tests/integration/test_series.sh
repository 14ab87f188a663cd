# test_series.sh - the time series of a run (--sample-interval, --series-csv,
# --steady-state): the intervals add up exactly to the totals in the
# results document and the CSV, steady state stops a steady run early and
# does not stop one whose rate is forced to change, and bad input is one line.

t_series_sums_exact() {
	expect_exit 0 "$SK" --pipe 2 --pread1 1 -t 1 --sample-interval 100ms \
		--json r.json --yaml r.yaml --series-csv r.csv --temp-path "$TMP"
	py '
import csv, json, yaml
j = json.load(open("r.json"))
y = yaml.safe_load(open("r.yaml"))
rows = list(csv.DictReader(open("r.csv")))
for m, ym in zip(j["runs"][0]["metrics"], y["runs"][0]["metrics"]):
    s = m["series"]
    # a loaded machine may fork slowly and shorten the counted second
    assert len(s) >= 2, len(s)
    assert sum(p["bogo-ops"] for p in s) == m["bogo-ops"], (m["stressor"], m["bogo-ops"])
    for i in m["instances"]:
        assert len(i["series"]) == len(s)
        assert sum(p["bogo-ops"] for p in i["series"]) == i["bogo-ops"]
        assert all(p["cpu-time"] is None or p["cpu-time"] >= 0 for p in i["series"])
    # intervals follow each other with no gap
    for a, b in zip(s, s[1:]):
        assert abs(a["start"] + a["duration"] - b["start"]) < 1e-6
    assert m["sample-interval"] == 0.1
    assert ym["series"][0]["bogo-ops"] == s[0]["bogo-ops"]
    st = m["steady-state"]
    assert st["requested"] is False and st["criterion"] == "ops_slope"
    assert st["window"] == 10 and st["window-full"] is False and st["steady"] is None
    f = m["fairness"]
    assert f["instance-rate-min"] <= f["instance-rate-max"]
    assert f["intervals"] >= 5 and f["interval-rate-cv-pct"] >= 0
    mine = [r for r in rows if r["stressor"] == m["stressor"]]
    assert sum(int(r["bogo_ops"]) for r in mine if r["instance"] == "all") == m["bogo-ops"]
    for k, i in enumerate(m["instances"]):
        assert sum(int(r["bogo_ops"]) for r in mine if r["instance"] == str(k)) == i["bogo-ops"]
'
}

t_series_default_interval() {
	expect_exit 0 "$SK" --pipe 1 -t 2.5 --json r.json --temp-path "$TMP"
	py '
import json
m = json.load(open("r.json"))["runs"][0]["metrics"][0]
assert m["sample-interval"] == 1.0
s = m["series"]
# one a second, due on the second (a late one makes the next shorter),
# the last cut by the stop; a slow fork may eat into the 2.5 s
assert 2 <= len(s) <= 3, [p["duration"] for p in s]
assert all(abs(p["start"] - k) < 0.5 for k, p in enumerate(s)), [p["start"] for p in s]
assert sum(p["bogo-ops"] for p in m["series"]) == m["bogo-ops"]
'
}

t_series_warmup_and_ops_limit() {
	expect_exit 0 "$SK" --pipe 2 -t 0.6 --warmup 0.3 --sample-interval 0.1 --json w.json --temp-path "$TMP"
	expect_exit 0 "$SK" --pread2 2 --pread2-ops 20000 -t 0 --sample-interval 0.01 \
		--instance-mode thread --json o.json --temp-path "$TMP"
	py '
import json
for f in ("w.json", "o.json"):
    m = json.load(open(f))["runs"][0]["metrics"][0]
    assert sum(p["bogo-ops"] for p in m["series"]) == m["bogo-ops"], f
    for i in m["instances"]:
        assert sum(p["bogo-ops"] for p in i["series"]) == i["bogo-ops"], f
m = json.load(open("o.json"))["runs"][0]["metrics"][0]
assert m["bogo-ops"] == 20000
assert all(p["cpu-time"] is None for p in m["series"])   # thread mode: no CPU clock
'
}

t_series_metrics_lines() {
	expect_exit 0 "$SK" --pipe 2 -t 0.5 --sample-interval 0.1 -M --temp-path "$TMP"
	expect_match 'metrc: .* pipe +[0-9.]+ % CV of bogo ops/s across 2 instances' "$OUT"
	expect_match 'metrc: .* pipe +[0-9.]+ % CV of bogo ops/s across [0-9]+ intervals' "$OUT"
	expect_match 'slope of the last 10s window: shorter than the window \(ops_slope:1%\)' "$OUT"
	expect_exit 0 "$SK" --pipe 2 -t 0.3 --temp-path "$TMP"
	expect_no_match 'CV of|steady' "$OUT$ERR"
}

t_steady_state_stops_early() {
	# a pipe on its own is steady within 100% over 1s well before 30s
	expect_exit 0 "$SK" --pipe 1 -t 30 --sample-interval 0.1 --steady-state ops_range:100% \
		--steady-state-window 1 --json r.json --temp-path "$TMP"
	expect_match 'pipe: steady state \(ops_range:100%\) reached after' "$ERR$OUT"
	py '
import json
m = json.load(open("r.json"))["runs"][0]["metrics"][0]
st = m["steady-state"]
assert st["requested"] and st["attained"] and st["steady"] and st["window-full"]
assert st["criterion"] == "ops_range" and st["limit-pct"] == 100
assert st["range-pct"] <= 100 and st["window-intervals"] == 10
assert 1 <= st["attained-at"] < 30 and m["wall-clock-time"] < 30
assert sum(p["bogo-ops"] for p in m["series"]) == m["bogo-ops"]
'
}

# run_time_past FILE SECONDS: FILE's last --status-interval line is at
# SECONDS or later of the run's own clock.
run_time_past() {
	t=$(sed -n 's/.* status \([0-9.]*\)s: .*/\1/p' "$1" | tail -n 1)
	[ -n "$t" ] && awk -v t="$t" -v s="$2" 'BEGIN { exit !(t >= s) }'
}

t_steady_state_forced_change() {
	# The instance is stopped (SIGSTOP) once it has counted ops, before a
	# 3 s window can fill, and resumed at 3.5 s of the run's own clock (its
	# status lines go on while the instance is stopped), too late for a
	# window to fill before the 6 s timeout: every window holds a stalled
	# interval, so range > 100% and the run goes to its timeout. The resume
	# may come late on a loaded machine (the test polls); it has 2.5 s
	# before the timeout, after which a stopped instance would be killed.
	# Both moves follow the run's clock, not the test's: on a loaded machine
	# the run may start well after its instances are forked.
	"$SK" --pipe 1 -t 6 --sample-interval 0.1 --status-interval 0.05 --steady-state ops_range:100% \
		--steady-state-window 3 --json r.json --temp-path "$TMP" >out.txt 2>&1 &
	sk=$!
	wait_until 30 ran_ops out.txt pipe || { wait $sk; fail "no pipe ops: $(cat out.txt)"; }
	# the instance: the controller's child (read from /proc, not ps, which
	# takes a loaded machine most of a second)
	pids=$(cat /proc/$sk/task/*/children)
	[ -n "$pids" ] || fail "no instance of $sk"
	kill -STOP $pids
	wait_until 30 run_time_past out.txt 3.5 || true
	kill -CONT $pids
	wait $sk || fail "exit $? $(cat out.txt)"
	expect_match 'steady state \(ops_range:100%\) not reached' "$(cat out.txt)"
	py '
import json
m = json.load(open("r.json"))["runs"][0]["metrics"][0]
st = m["steady-state"]
assert st["requested"] and not st["attained"] and st["attained-at"] is None
assert m["wall-clock-time"] > 5.9, m["wall-clock-time"]
assert any(p["bogo-ops"] == 0 for p in m["series"])
assert sum(p["bogo-ops"] for p in m["series"]) == m["bogo-ops"]
'
}

# A run shorter than two sample intervals has no slope or range to judge:
# it says so, rather than a slope of 0 that reads as perfectly steady.
t_steady_state_too_short_to_judge() {
	expect_exit 0 "$SK" --pipe 1 -t 0.5 --steady-state ops_slope:1% -M --temp-path "$TMP"
	expect_match 'info: .* pipe: steady state \(ops_slope:1%\) not reached; the run was too short to judge \(2 intervals of --sample-interval needed, [01] ran\)' "$OUT"
	expect_no_match 'slope 0\.000' "$OUT"
	expect_exit 0 "$SK" --pipe 1 -t 0.5 -M --temp-path "$TMP"
	expect_no_match 'slope of the last' "$OUT"
	# two intervals and more are judged as before
	expect_exit 0 "$SK" --pipe 1 -t 0.5 --sample-interval 0.1 -M --temp-path "$TMP"
	expect_match 'pipe +[0-9.]+ %/s slope of the last 10s window: shorter than the window' "$OUT"
}

t_series_bad_input() {
	bad_input --pipe 1 -t 1 --sample-interval 0
	expect_match 'sample-interval' "$ERR"
	bad_input --pipe 1 -t 1 --sample-interval 5ms
	bad_input --pipe 1 -t 1 --steady-state ops_slope:abc
	expect_match 'steady-state' "$ERR"
	bad_input --pipe 1 -t 1 --steady-state iops:5%
	bad_input --pipe 1 -t 1 --steady-state-window 0
	bad_input --pipe 1 -t 1 --steady-state-window 1 --sample-interval 1
	# two options: both quoted as typed, as the single-option errors are
	[ "$ERR" = "stresskit: error: --steady-state-window '1' holds fewer than two --sample-interval '1' intervals" ] ||
		fail "unexpected: $ERR"
	bad_input --pipe 1 -t 1 --series-csv "$TMP/no/such/dir/s.csv"
	expect_match 'series-csv' "$ERR"
}

t_environment_and_cost() {
	expect_exit 0 "$SK" --pipe 2 -t 0.5 -M --json r.json --temp-path "$TMP"
	expect_match 'metrc: .* pipe +[0-9.]+ CPU usecs \(usr\+sys\) per bogo op' "$OUT"
	expect_match 'metrc: .* pipe +[0-9.]+ voluntary context switches per bogo op' "$OUT"
	expect_match 'metrc: .* pipe +[0-9.]+ involuntary context switches per bogo op' "$OUT"
	py '
import json
d = json.load(open("r.json"))
e = d["environment"]
for k in ("stresskit-version", "kernel-release", "kernel-version", "cpu-model", "microcode",
          "cpus-online", "cpus-possible", "smt-control", "smt-active", "cpufreq",
          "transparent-hugepage", "sched-autogroup", "clocksource", "vulnerabilities",
          "load-average-at-start", "memory", "virtualisation"):
    assert k in e, k
assert e["kernel-release"] and len(e["load-average-at-start"]) == 3
assert all(set(v) == {"name", "value"} for v in e["vulnerabilities"])
m = d["runs"][0]["metrics"][0]
c = m["cost-per-op"]
cpu = (m["user-time"] + m["system-time"]) * 1e6 / m["bogo-ops"]
assert abs(c["cpu-usec"] - cpu) <= 1e-6 * cpu, (c["cpu-usec"], cpu)
assert c["voluntary-context-switches"] > 0   # a pipe writer waits for its reader
assert c["cycles"] is None or c["cycles"] > 0
e["clocksource"] = "other-clock"
e["memory"]["available"] = "1 kB"
json.dump(d, open("s.json", "w"))
'
	expect_judged "$SK" compare --all r.json s.json
	expect_match 'pipe\.cost\.cpu-usec' "$OUT"
	expect_match 'note: s\.json: environment clocksource differs: "[^"]*" vs "other-clock"' "$OUT"
	# free memory, like the load, is the moment's, not the machine's
	expect_no_match 'memory' "$OUT"
	expect_judged "$SK" compare r.json r.json
	expect_no_match 'environment' "$OUT"
}

# The kernel command line is in the fingerprint, whole, in both formats;
# compare notes it, with both sides' lines, only when they differ.
t_environment_cmdline() {
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 100 --json r.json --yaml r.yaml --temp-path "$TMP"
	py '
import json
want = open("/proc/cmdline").read().rstrip("\n")
d = json.load(open("r.json"))
assert d["environment"]["kernel-cmdline"] == want, (d["environment"].get("kernel-cmdline"), want)
d["environment"]["kernel-cmdline"] = "isolcpus=1 nohz_full=1 mitigations=off"
json.dump(d, open("b.json", "w"))
open("want", "w").write("note: b.json: environment kernel-cmdline differs: %s vs %s\n" %
                        (json.dumps(want), json.dumps(d["environment"]["kernel-cmdline"])))
'
	grep -q '^  kernel-cmdline: ' r.yaml || fail "no kernel-cmdline in the YAML"
	expect_judged "$SK" compare r.json b.json
	printf '%s\n' "$OUT" | grep -qxF "$(cat want)" || fail "no line '$(cat want)' in: $OUT"
	expect_judged "$SK" compare r.json r.json
	expect_no_match 'kernel-cmdline' "$OUT"
}

# Each value is refused where the option stands, quoting the text typed
# (not the number it was read as), in the form every option shares.
t_series_bad_input_quotes_text() {
	bad_input --pipe 1 -t 1 --sample-interval 0.5e-2
	[ "$ERR" = "stresskit: error: invalid --sample-interval '0.5e-2': expected a time of at least 10ms, like 1, 0.1, 10ms (suffixes ms s m h d w y)" ] ||
		fail "unexpected: $ERR"
	bad_input --pipe 1 -t 1 --status-interval 0.0001m
	expect_match "^stresskit: error: invalid --status-interval '0\.0001m': expected a time of at least 10ms" "$ERR"
	bad_input --pipe 1 -t 1 --steady-state-window 0s
	[ "$ERR" = "stresskit: error: invalid --steady-state-window '0s': expected a time above 0, like 10, 30s, 1m" ] ||
		fail "unexpected: $ERR"
	# a bad spec is refused even when a good one follows it
	bad_input --pipe 1 -t 1 --steady-state ops_range:0% --steady-state ops_range:5%
	[ "$ERR" = "stresskit: error: invalid --steady-state 'ops_range:0%': expected ops_slope:X% or ops_range:X% with X above 0, like ops_slope:0.5%" ] ||
		fail "unexpected: $ERR"
}
