# test_stop.sh - the run's end at high instance counts: every instance
# starts, stops within the scaling grace and is counted; only one deaf to
# the stop is killed and named. Behaviour only: wall-clock targets live in
# make bench (bench/scale_instances.sh).

# The many-instances test: 256 in make test, 2048 in make test-long (4096
# processes: about 10 s here, 20 s sanitized); SK_STOP_N sets make test's.
# Run at nice 19 either way.
t_stop_many_instances() {
	stop_many "${SK_STOP_N:-256}"
}

t_long_alone_stop_many_instances() {
	stop_many 2048
}

stop_many() {
	n=$1
	expect_exit 0 nice -n 19 "$SK" --pipe "$n" -t 1 --json "$TMP.json" --temp-path "$TMP"
	expect_no_match 'did not stop' "$ERR"
	expect_no_match 'killed' "$ERR"
	expect_no_match 'instances started' "$ERR"
	expect_match "dispatching hogs: $n pipe$" "$OUT"
	python3 -c '
import json, sys
n = int(sys.argv[1])
m = json.load(open(sys.argv[2]))["metrics"][0]
assert m["stressor"] == "pipe", m["stressor"]
assert m["instances-forked"] == n, m["instances-forked"]
assert len(m["instances"]) == n, len(m["instances"])
assert sum(i["bogo-ops"] for i in m["instances"]) == m["bogo-ops"]
 ' "$n" "$TMP.json" || fail "JSON does not count $n instances"
	rm -f "$TMP.json"
	no_leftovers "$TMP"
}

t_stop_deaf_among_many() {
	# instance 5 of 64 blocks every signal: it alone is killed and named,
	# however long the others take to stop on a loaded machine
	expect_exit 5 env STRESSKIT_TEST_IGNORE_STOP=5 "$SK" --pipe 64 -t 0.5 --temp-path "$TMP"
	expect_match '^stresskit: fail: +\[[0-9]+\] pipe: instance 5 did not stop within [0-9]+\.[0-9]s of the stop signal, killed$' "$ERR"
	[ "$(printf '%s\n' "$ERR" | grep -c 'did not stop')" = 1 ] || fail "not only instance 5 killed: $ERR"
	[ "$(metrics_field pipe 5 "$OUT")" -gt 0 ] || fail "ops dropped: $OUT"
	no_leftovers "$TMP"
}

t_stop_waits_on_helper() {
	# every pipe reader sleeps 2.5 s after its EOF, past a grace window:
	# its instance, waiting on it, is stopping, not deaf, and no one is
	# killed (a rule counting only what finished would kill both at 1 s)
	expect_exit 0 env STRESSKIT_TEST_SLOW_HELPER=1 "$SK" --pipe 2 -t 0.3 --temp-path "$TMP"
	expect_no_match 'did not stop|killed' "$ERR$OUT"
	[ "$(metrics_field pipe 5 "$OUT")" -gt 0 ] || fail "no ops: $OUT"
	no_leftovers "$TMP"
}

t_stop_gate_slow_winding() {
	# 40 instances, each waiting 2.5 s on its reader after the stop: past
	# the stop gate's width (8 per CPU) some wait their turn at the gate
	# for windows in which others finish; none is killed and every op
	# counts (each instance that ran before the stop counted ops, and the
	# total is theirs: on a loaded machine one may get no turn in 0.3 s)
	expect_exit 0 env STRESSKIT_TEST_SLOW_HELPER=1 "$SK" --pipe 40 -t 0.3 --json "$TMP.json" --temp-path "$TMP"
	expect_no_match 'did not stop|killed' "$ERR$OUT"
	python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))["metrics"][0]
assert len(m["instances"]) == 40, len(m["instances"])
assert all(i["bogo-ops"] > 0 for i in m["instances"] if i["run-time"] > 0), m["instances"]
assert sum(i["bogo-ops"] for i in m["instances"]) == m["bogo-ops"] > 0, m["bogo-ops"]
 ' "$TMP.json" || fail "not every instance counted: $OUT"
	rm -f "$TMP.json"
	no_leftovers "$TMP"
}

t_stop_run_time_ends_at_stop() {
	# each reader sleeps 2.5 s after its EOF: the instance's run time
	# (and its rate) ends at the stop signal, not once its reader is gone
	expect_exit 0 env STRESSKIT_TEST_SLOW_HELPER=1 "$SK" --pipe 2 -t 0.3 --json "$TMP.json" --temp-path "$TMP"
	python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))["metrics"][0]
for i in m["instances"]:
    assert 0 <= i["run-time"] < 2.8, i
 ' "$TMP.json" || fail "run time counts the wind-down: $(cat "$TMP.json")"
	rm -f "$TMP.json"
	no_leftovers "$TMP"
}

t_long_stop_deaf_spinning() {
	# instance 1 blocks every signal and spins: it runs, but past its CPU
	# budget after the stop it is deaf, not slow, and is killed before the
	# grace's cap of 30 windows
	expect_exit 5 env STRESSKIT_TEST_SPIN_STOP=1 "$SK" --pipe 2 -t 0.3 --temp-path "$TMP"
	expect_match '^stresskit: fail: +\[[0-9]+\] pipe: instance 1 did not stop within [0-9]+\.[0-9]s of the stop signal, killed$' "$ERR"
	s=$(printf '%s\n' "$ERR" | sed -n 's/.*did not stop within \([0-9.]*\)s.*/\1/p')
	python3 -c 'import sys; assert float(sys.argv[1]) < 30, sys.argv[1]' "$s" ||
		fail "killed only at the grace's cap: $ERR"
	[ "$(metrics_field pipe 5 "$OUT")" -gt 0 ] || fail "no ops: $OUT"
	no_leftovers "$TMP"
}

# sched_policy PID: the scheduling policy number of a process (stat field
# 41: 0 normal, 1 SCHED_FIFO), read after the command name's parenthesis.
sched_policy() {
	sed 's/.*) //' "/proc/$1/stat" | awk '{ print $39 }'
}

# rt_seen: the controller $pid is SCHED_FIFO and its instances and their
# readers (the instances' children) are four; sets kids, controller.
rt_seen() {
	inst=$(pgrep -P "$pid" 2>/dev/null | tr '\n' ' ')
	kids="$inst"
	for i in $inst; do
		kids="$kids $(pgrep -P "$i" 2>/dev/null | tr '\n' ' ')"
	done
	controller=$(sched_policy "$pid" 2>/dev/null)
	[ "$(echo $kids | wc -w)" -ge 4 ] && [ "$controller" = 1 ]
}

# nice_of PID: the nice value of a process (stat field 19).
nice_of() {
	sed 's/.*) //' "/proc/$1/stat" | awk '{ print $17 }'
}

# rt_kids_read READER [PREFIX...]: a long --pipe 2 run started under
# PREFIX (a nice, or nothing), stopped once its controller is real-time
# and its instances and their readers are seen (the raise comes when the
# run starts, which on a loaded machine may be seconds after the fork);
# sets read to READER PID of each of them, space-separated. Fails unless
# the controller was SCHED_FIFO and four were seen.
rt_kids_read() {
	reader=$1
	shift
	"$@" "$SK" --pipe 2 -t 60 --status-interval 0.05 --temp-path "$TMP" >"$TMP.out" 2>&1 &
	pid=$!
	kids=
	controller=
	wait_until 30 ran_ops "$TMP.out" pipe || true
	wait_until 30 rt_seen || true
	read=
	for k in $kids; do
		read="$read $("$reader" "$k" 2>/dev/null)"
	done
	kill -INT "$pid"
	wait "$pid" || fail "run failed: $(cat "$TMP.out")"
	[ "$controller" = 1 ] || fail "controller policy $controller, not SCHED_FIFO"
	[ "$(echo $kids | wc -w)" -ge 4 ] || fail "instances and readers not seen: $kids"
	rm -f "$TMP.out"
}

t_stop_instances_keep_nice() {
	# reset-on-fork, which keeps the instances off the controller's
	# real-time policy, also resets a negative nice to 0: the instances
	# and their helpers must run at the nice the user gave
	if ! chrt -f 1 true 2>/dev/null || [ "$(nice -n -5 nice 2>/dev/null)" != -5 ]; then
		echo "skip: real-time priority or a negative nice not permitted here"
		return 0
	fi
	rt_kids_read nice_of nice -n -5
	[ -n "$read" ] || fail "no instance's nice read"
	for n in $read; do
		[ "$n" = -5 ] || fail "an instance or helper at nice $n, not -5:$read"
	done
	no_leftovers "$TMP"
}

t_stop_controller_realtime() {
	# the controller runs at real-time priority for the run, so it keeps
	# the timeout behind thousands of runnable instances; its instances
	# and their helpers stay under the normal policy (reset on fork)
	if ! chrt -f 1 true 2>/dev/null; then
		echo "skip: real-time priority not permitted here"
		return 0
	fi
	rt_kids_read sched_policy
	[ -n "$read" ] || fail "an instance not under the normal policy: $read"
	for p in $read; do
		[ "$p" = 0 ] || fail "an instance not under the normal policy:$read"
	done
	no_leftovers "$TMP"
}
