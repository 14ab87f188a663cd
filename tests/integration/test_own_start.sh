# test_own_start.sh - STRESSOR_OWN_START: run() sets up before the start
# barrier and calls instance_ready(); the set-up is not timed, and the
# barrier opens once every instance is ready. Through pipe (its reader is
# forked in set-up) and the ready test plugin, which calls
# instance_ready() once, twice, never, or fails before it.

# ready_plugin: builds tests/integration/plugins/ready.c into $TMP/plug;
# the runs then use $RUN, which must be left empty.
ready_plugin() {
	mkdir -p "$TMP/plug" "$TMP/run"
	cc -O2 -shared -fPIC -I"$SK_SRC/include" "$SK_SRC/tests/integration/plugins/ready.c" \
		-o "$TMP/plug/ready.so" || fail "cannot build the ready plugin"
	READY=$TMP/plug/ready.so
	RUN=$TMP/run
}

# instance_figures JSON: "ops run-time" of each instance of the first run.
instance_figures() {
	python3 -c '
import json, sys
for i in json.load(open(sys.argv[1]))["runs"][0]["metrics"][0]["instances"]:
    print(i["bogo-ops"], i["run-time"])
' "$1"
}

# setup_untimed JSON LIMIT: every instance counted and ran under LIMIT seconds.
setup_untimed() {
	instance_figures "$1" >"$TMP.fig"
	[ -s "$TMP.fig" ] || fail "no instances in $1"
	awk -v lim="$2" '$1 == 0 || $2 >= lim { bad = 1 } END { exit bad }' "$TMP.fig" ||
		fail "an instance counted nothing or timed its set-up (ops, run-time):
$(cat "$TMP.fig")"
	rm -f "$TMP.fig"
}

t_own_start_pipe_reader_before_release() {
	# each reader's fork takes 1 s (the hook): the barrier waits for
	# them, and no instance's run includes it
	expect_exit 0 env STRESSKIT_TEST_SLOW_HELPER_START=1 "$SK" --pipe 3 -t 0.25 -v \
		--json "$TMP/r.json" --temp-path "$TMP"
	expect_match 'phases: fork [0-9.]+s, set-up [1-9]\.[0-9]{3}s, .*\(3 of 3 instances started\)' "$OUT"
	expect_no_match 'to start' "$OUT$ERR"
	# timed, the second would make each run 1.25 s at least
	setup_untimed "$TMP/r.json" 1.25
	rm -f "$TMP/r.json"
	no_leftovers "$TMP"
}

t_own_start_pipe_modes() {
	# exact ops and --verify with the reader forked before the start
	expect_exit 0 "$SK" --pipe 3 --pipe-ops 3001 --verify --temp-path "$TMP"
	[ "$(metrics_field pipe 5 "$OUT")" = 3001 ] || fail "ops not exactly 3001: $OUT"
	# more instances than ops: those with none are not waited for
	expect_exit 0 "$SK" --pipe 5 --pipe-ops 3 -t 30 --temp-path "$TMP"
	[ "$(metrics_field pipe 5 "$OUT")" = 3 ] || fail "ops not exactly 3"
	# with --perf the reader, forked after the counters open, is counted
	# (a quiet skip where perf_event_open is refused)
	expect_exit 0 "$SK" --pipe 2 -t 0.3 --perf --temp-path "$TMP"
	no_leftovers "$TMP"
}

t_own_start_pipe_sandbox() {
	# the set-up (pipe2, fcntl, the fork) runs under the filter
	"$SK" --pipe 1 --sandbox --dry-run >/dev/null 2>&1 || { echo "skip: no --sandbox here"; return 0; }
	expect_exit 0 "$SK" --pipe 2 -t 0.3 --sandbox --verify --temp-path "$TMP"
	expect_no_match 'blocked syscall' "$ERR"
	no_leftovers "$TMP"
}

t_own_start_plugin_once() {
	ready_plugin
	# 1.5 s of set-up, untimed, as processes and as threads
	for mode in process thread; do
		expect_exit 0 "$SK" --plugin "$READY" --ready 3 --ready-setup 1.5 -t 0.25 \
			--instance-mode "$mode" -v --json "$TMP/plug/r.json" --temp-path "$RUN"
		expect_match 'set-up [1-9]\.[0-9]{3}s, .*\(3 of 3 instances started\)' "$OUT"
		setup_untimed "$TMP/plug/r.json" 1.5
		rm -f "$TMP/plug/r.json"
	done
	# ops exact in both modes
	for mode in process thread; do
		expect_exit 0 "$SK" --plugin "$READY" --ready 3 --ready-ops 999 \
			--instance-mode "$mode" --temp-path "$RUN"
		[ "$(metrics_field ready 5 "$OUT")" = 999 ] || fail "$mode: ops not exactly 999"
	done
	no_leftovers "$RUN"
}

t_own_start_plugin_twice() {
	ready_plugin
	# the second call (after the loop) starts nothing again: the start
	# the instance noted at the first stays where it was
	for mode in process thread; do
		expect_exit 0 "$SK" --plugin "$READY" --ready 2 --ready-mode twice -t 0.3 \
			--instance-mode "$mode" --json "$TMP/plug/r.json" --temp-path "$RUN"
		moved=$(python3 -c '
import json, sys
print(" ".join(str(i["metrics"]["start-moved-by-the-second-call"])
               for i in json.load(open(sys.argv[1]))["runs"][0]["metrics"][0]["instances"]))
' "$TMP/plug/r.json")
		[ "$moved" = "0.0 0.0" ] || fail "$mode: a second instance_ready() moved the start: $moved"
		rm -f "$TMP/plug/r.json"
	done
	no_leftovers "$RUN"
}

t_own_start_plugin_never() {
	ready_plugin
	# run() returns without calling it: the barrier does not wait for it
	# (no 10 s stall), and the ops it counted, exact, are untrustworthy
	for mode in process thread; do
		expect_exit 7 "$SK" --plugin "$READY" --ready 2 --ready-mode never --ready-ops 1000 \
			-t 30 --instance-mode "$mode" --temp-path "$RUN"
		[ "$(metrics_field ready 5 "$OUT")" = 1000 ] || fail "$mode: ops not exactly 1000"
		expect_match 'ready: instance [01]: run\(\) counted 500 bogo-ops without calling instance_ready\(\)' "$ERR"
		expect_no_match 'not ready after' "$OUT$ERR"
	done
	no_leftovers "$RUN"
}

t_own_start_plugin_fail() {
	ready_plugin
	# a set-up that fails returns without calling it: the other
	# stressor's instances start without waiting for it
	expect_exit 3 "$SK" --plugin "$READY" --ready 2 --ready-mode fail --pipe 1 -t 0.3 \
		--temp-path "$RUN"
	expect_no_match 'not ready after' "$OUT$ERR"
	[ "$(metrics_field pipe 5 "$OUT")" -gt 0 ] || fail "pipe did not run beside it: $OUT"
	no_leftovers "$RUN"
}
