# test_phases.sh - --verbose says where each run's time went: one phases
# line per run (fork, set-up, barrier release, run, stop to last exit,
# reap), with
# numbers that add up to the run's wall time. Behaviour only: no phase is
# held to a speed.

# phases_check OUT JSON TIMEOUT: every run has its line, and its figures
# fit that run's run-time in the JSON (fork, set-up, run, stop and reap back to
# back; the barrier release over before the last exit; a timed run reaching its
# timeout, counted from the barrier, before the stop).
phases_check() {
	# a --repeat's warm-up pass is not a run of the document: its line goes
	if printf '%s\n' "$1" | grep -q 'warm-up pass: run and not recorded'; then
		printf '%s\n' "$1" | sed -n '/pass 1 of/,$p' | sed -n 's/.* phases: //p'
	else
		printf '%s\n' "$1" | sed -n 's/.* phases: //p'
	fi >"$TMP.phases"
	python3 -c '
import json, re, sys
lines = open(sys.argv[1]).read().splitlines()
runs = json.load(open(sys.argv[2]))["runs"]
timeout = float(sys.argv[3])
assert len(lines) == len(runs), (lines, len(runs))
pat = re.compile(r"fork (\d+\.\d{3})s, set-up (\d+\.\d{3})s, "
                 r"barrier release (\d+\.\d{3})s "
                 r"\((\d+) of (\d+) instances started\), run (\d+\.\d{3})s, "
                 r"stop to last exit (\d+\.\d{3})s, reap (\d+\.\d{3})s$")
for line, run in zip(lines, runs):
    m = pat.fullmatch(line)
    assert m, line
    fork, setup, barrier, started, asked, run_s, stop, reap = (
        float(m[1]), float(m[2]), float(m[3]), int(m[4]), int(m[5]),
        float(m[6]), float(m[7]), float(m[8]))
    wall = run["times"]["run-time"]
    total = fork + setup + run_s + stop + reap
    assert started == asked == 2, line
    # the last instance past the barrier started before it exited
    assert barrier <= run_s + stop + 0.002, line
    # five figures each rounded to 1 ms, and the report after the reap
    assert abs(total - wall) <= 0.006, (line, wall)
    # the timeout counts from the start barrier, after the forks
    if timeout:
        assert run_s >= timeout - 0.002, (line, timeout)
' "$TMP.phases" "$2" "$3" || fail "phases do not add up:
$(cat "$TMP.phases")"
	rm -f "$TMP.phases"
}

t_phases_every_run() {
	expect_exit 0 "$SK" --pipe 2 -t 0.3 --repeat 2 -v --json "$TMP.r.json" --temp-path "$TMP"
	phases_check "$OUT" "$TMP.r.json" 0.3
	rm -f "$TMP.r.json"
	# without --verbose, no phases
	expect_exit 0 "$SK" --pipe 2 -t 0.2 --temp-path "$TMP"
	expect_no_match 'phases:' "$OUT$ERR"
	no_leftovers "$TMP"
}

t_phases_ops_run() {
	# a run that ends by its ops, before any stop: still its line
	expect_exit 0 "$SK" --pipe 2 --pipe-ops 2000 -t 0 -v --json "$TMP.o.json" --temp-path "$TMP"
	phases_check "$OUT" "$TMP.o.json" 0
	rm -f "$TMP.o.json"
	no_leftovers "$TMP"
}

t_phases_late_start() {
	# an instance that starts long after the barrier (as at thousands of
	# instances on 2 CPUs) is named in one warning; its run is shorter
	expect_exit 0 env STRESSKIT_TEST_LATE_START=1 "$SK" --pipe 2 -t 1 --temp-path "$TMP"
	expect_match 'warn: .*instances took 1\.[5-9]s to start \(the last of 2\), over half the 1s timeout' "$OUT"
	[ "$(printf '%s\n' "$OUT" | grep -c 'to start')" = 1 ] || fail "one warning expected"
	# on time: none
	expect_exit 0 "$SK" --pipe 2 -t 0.3 --temp-path "$TMP"
	expect_no_match 'to start' "$OUT$ERR"
	no_leftovers "$TMP"
}
