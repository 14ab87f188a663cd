# test_passes.sh - each --repeat pass is a sample of what two invocations
# vary: a process of its own (pass_exec.c), so its instances come from
# another controller, the controller does not grow pass by pass, a stop
# leaves nothing behind, and the document reads as before.

# passes_ppid_plugin: $TMP/ppid.so, whose metric is its controller's pid.
passes_ppid_plugin() {
	cc -O2 -shared -fPIC -I"$SK_SRC/include" \
		"$SK_SRC/tests/integration/plugins/ppid.c" -o "$TMP/ppid.so" ||
		fail "cannot build ppid.so"
}

# The instances of each pass have a controller of their own, none of them
# the process the user started; each pass says its environment padding.
t_passes_own_process() {
	passes_ppid_plugin
	"$SK" --plugin "$TMP/ppid.so" --ppid 1 --repeat 3 --json r.json --temp-path "$TMP" \
		>log 2>&1 &
	pid=$!
	wait "$pid" || fail "exit $?: $(cat log)"
	py '
import json, sys
runs = json.load(open("r.json"))["runs"]
assert len(runs) == 3, runs
ppids = [m["value"] for r in runs for m in r["metrics"][0]["extra-metrics"]
         if m["description"] == "controller pid"]
assert len(ppids) == 3, ppids
assert len(set(ppids)) == 3, "passes share a controller: %s" % ppids
assert '"$pid"' not in ppids, "an instance of the coordinator: %s" % ppids
for r in runs:
    pad = r["env-padding-bytes"]
    assert isinstance(pad, int) and 0 <= pad < 4096, pad
'
	# each pass prints its own table, under its own pid, and so does the
	# warm-up pass before them, which the document does not keep
	grep -q 'warm-up pass: run and not recorded' log || fail "no warm-up pass: $(cat log)"
	[ "$(grep 'stressor  *bogo ops' log | grep -o '\[[0-9]*\]' | sort -u | wc -l)" = 4 ] ||
		fail "not a table a pass and the warm-up's, each its own process: $(cat log)"
	rm -f log r.json "$TMP/ppid.so"
	no_leftovers "$TMP"
}

# A controller that grows pass by pass forks ever larger instances: their
# max-rss rises at every pass. Fresh processes give no such trend: over 7
# passes after the first, a strictly rising max-rss is what one ordering
# in 5040 (ties aside) of exchangeable passes would give.
t_passes_rss_no_trend() {
	expect_exit 0 "$SK" --getppid1 1 --repeat 8 -t 0.05s --json r.json --temp-path "$TMP"
	py '
import json
runs = json.load(open("r.json"))["runs"]
rss = [r["metrics"][0]["instances"][0]["max-rss"] for r in runs]
assert len(rss) == 8, rss
assert any(b <= a for a, b in zip(rss[1:], rss[2:])), "max-rss rises pass by pass: %s" % rss
'
	rm -f r.json
}

# passes_stop SIGNAL GROUP: a --repeat 3 run stopped by SIGNAL in its first
# pass (sent to the coordinator, or with GROUP to its whole process group,
# as a terminal or timeout(1) does) ends as an interrupted run does: exit
# 0, one pass recorded and interrupted, no later pass, no instance killed
# for want of a grace (the pass got one stop, not two), no process and no
# file left.
passes_named() {
	[ "$(sk_procs '^stresskit(\.test)?$' | wc -l)" = 2 ]
}

passes_stop() {
	python3 -c 'import os, sys; os.setpgid(0, 0); os.execv(sys.argv[1], sys.argv[1:])' \
		"$SK" --pipe 1 -t 3s --repeat 3 --json r.json --temp-path "$TMP/T" >log 2>&1 &
	pid=$!
	# past the warm-up pass: a recorded pass is the one stopped (its 3 s
	# leave a loaded machine time to see it before it ends; the signal
	# ends it at once)
	wait_until 30 grep -q 'pass 1 of 3' log
	wait_until 30 sk_running 1 '^stresskit-pipe$'
	# the pass's process goes by the coordinator's name, not "exe", once
	# it has renamed itself after the exec
	wait_until 10 passes_named ||
		fail "not a coordinator and a pass named so: $(test_ps pid=,ppid=,comm=)"
	if [ -n "$2" ]; then
		python3 -c 'import os, signal, sys; os.killpg(int(sys.argv[1]), getattr(signal, "SIG" + sys.argv[2]))' \
			"$pid" "$1"
	else
		kill "-$1" "$pid"
	fi
	rc=0
	wait "$pid" || rc=$?
	[ "$rc" = 0 ] || fail "exit $rc after SIG$1: $(cat log)"
	grep -q 'pass 1 of 3' log || fail "no pass 1: $(cat log)"
	! grep -q 'pass 2 of 3' log || fail "a pass started after SIG$1: $(cat log)"
	grep -q 'run interrupted by a signal' log || fail "not said interrupted: $(cat log)"
	! grep -q 'did not stop' log || fail "the pass was hurried: $(cat log)"
	py '
import json
doc = json.load(open("r.json"))
assert len(doc["runs"]) == 1 and doc["runs"][0]["interrupted"] is True, doc["runs"]
assert doc["metrics"][0]["bogo-ops"] > 0
'
	no_leftovers "$TMP/T"
	rm -f log r.json
}

t_long_passes_sigterm() {
	mkdir "$TMP/T"
	passes_stop TERM
}

t_passes_sigint() {
	mkdir "$TMP/T"
	passes_stop INT
}

t_long_passes_sigint_group() {
	mkdir "$TMP/T"
	passes_stop INT group
}

# A coordinator killed outright takes its pass with it (PR_SET_PDEATHSIG);
# the directory it could not remove is the next run's to sweep.
t_passes_coordinator_killed() {
	mkdir "$TMP/T"
	"$SK" --pipe 1 -t 20s --repeat 3 --temp-path "$TMP/T" >log 2>&1 &
	pid=$!
	wait_until 30 sk_running 1 '^stresskit-pipe$'
	kill -KILL "$pid"
	wait "$pid" || true
	wait_until 20 no_sk_procs || fail "processes left: $(sk_procs)"
	expect_exit 0 "$SK" --clean-temp --temp-path "$TMP/T"
	[ -z "$(ls -A "$TMP/T")" ] || fail "left in the temp path: $(ls -A "$TMP/T")"
	rm -f log
}

# The document of re-executed passes is the one compare reads, in JSON
# and YAML: a run per pass, numbered in order.
t_passes_document() {
	expect_exit 0 "$SK" --pipe 1 --repeat 3 -t 0.1s --json a.json --yaml a.yaml --temp-path "$TMP"
	expect_match 'summary of 3 passes' "$OUT"
	expect_exit 0 "$SK" --pipe 1 --repeat 3 -t 0.1s --json b.json --temp-path "$TMP"
	py '
import json, yaml
for doc in (json.load(open("a.json")), yaml.safe_load(open("a.yaml")), json.load(open("b.json"))):
    assert [r["run"] for r in doc["runs"]] == [1, 2, 3], doc["runs"]
    assert all(r["status"] == 0 and r["metrics"][0]["bogo-ops"] > 0 for r in doc["runs"])
    assert doc["metrics"][0]["bogo-ops"] > 0
'
	expect_judged "$SK" compare --all -v a.json b.json
	row pipe.ops_per_sec >/dev/null
	rm -f a.json a.yaml b.json
	no_leftovers "$TMP"
}

# A pass that fails fails the run; the run goes on to the next pass.
t_passes_failure_folds() {
	verdict failer SK_FAILED
	expect_exit 2 "$SK" --plugin "$TMP/failer.so" --failer 1 --repeat 2 --json r.json --temp-path "$TMP"
	expect_match 'pass 2 of 2' "$OUT"
	py '
import json
runs = json.load(open("r.json"))["runs"]
assert [r["status"] for r in runs] == [2, 2], runs
'
	rm -f r.json "$TMP/failer.so"
}

# Options that gather every pass in this process keep the passes in it,
# and say so once.
t_passes_in_process() {
	expect_exit 0 "$SK" --pipe 1 --repeat 2 -t 0.1s --series-csv s.csv --temp-path "$TMP"
	[ "$(printf '%s\n' "$OUT" | grep -c 'passes run in this process.*--series-csv')" = 1 ] ||
		fail "no line saying so: $OUT"
	[ "$(printf '%s\n' "$OUT" | grep -o '\[[0-9]*\]' | sort -u | wc -l)" = 1 ] ||
		fail "not one process: $OUT"
	expect_exit 0 "$SK" --pipe 1 --repeat 2 -t 0.1s --temp-path "$TMP"
	expect_no_match 'passes run in this process' "$OUT"
	# a mode whose state spans the passes (one perf set) says why itself
	expect_exit 0 "$SK" --getppid1 1 --repeat 2 -t 0.1s --perf-profile --temp-path "$TMP"
	expect_match 'passes run in this process.*--perf-profile keeps one perf set over the passes' "$OUT"
	# one pass is one process, as always, and says nothing of passes
	expect_exit 0 "$SK" --pipe 1 -t 0.1s --temp-path "$TMP"
	[ "$(printf '%s\n' "$OUT" | grep -o '\[[0-9]*\]' | sort -u | wc -l)" = 1 ] ||
		fail "not one process: $OUT"
	expect_no_match 'pass ' "$OUT"
	rm -f s.csv
}

# A stop in the warm-up pass ends the run there, and keeps the warm-up's
# figures as its one run, interrupted: they are all the user will have.
t_passes_stop_in_warm_up() {
	mkdir "$TMP/T"
	"$SK" --pipe 1 -t 20s --repeat 3 --json r.json --temp-path "$TMP/T" >log 2>&1 &
	pid=$!
	wait_until 30 sk_running 1 '^stresskit-pipe$'
	kill -TERM "$pid"
	rc=0
	wait "$pid" || rc=$?
	[ "$rc" = 0 ] || fail "exit $rc after SIGTERM: $(cat log)"
	grep -q 'warm-up pass: run and not recorded' log || fail "no warm-up pass: $(cat log)"
	! grep -q 'pass 1 of 3' log || fail "a pass started after SIGTERM: $(cat log)"
	py '
import json
doc = json.load(open("r.json"))
assert len(doc["runs"]) == 1 and doc["runs"][0]["interrupted"] is True, doc["runs"]
'
	no_leftovers "$TMP/T"
	rm -f log r.json
}
