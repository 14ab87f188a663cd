# test_ng_ipc.sh - stress-ng's ipc, sched and network stressors (msg,
# pipeherd, vm-splice, kill, switch, sem, futex, timer, sockmany,
# pthread): each
# runs its op to an ops limit under --sandbox and --verify, its options
# are checked before anything starts, its classes hold it; and the
# drop-in skips a stressor stress-ng has and stresskit lacks.

# The stressors and an ops limit each: small, so the test is short; each
# still reaches its loop's periodic calls where they come in the first
# few hundred ops (msg's msgctl every 256 sends).
NG_IPC_RUN="--msg 1 --msg-ops 600 --pipeherd 1 --pipeherd-procs 8 --pipeherd-ops 400
	--vm-splice 1 --vm-splice-ops 200 --kill 1 --kill-ops 20 --switch 1 --switch-ops 400
	--sem 1 --sem-ops 400 --futex 1 --futex-ops 50 --timer 1 --timer-ops 2000
	--sockmany 1 --sockmany-ops 200 --pthread 1 --pthread-max 64 --pthread-ops 300"

# ng_ipc_ops_reached OUTPUT NAME OPS: the row of NAME counts OPS or more.
ng_ipc_ops_reached() {
	got=$(metrics_field "$2" 5 "$1")
	[ -n "$got" ] && [ "$got" -ge "$3" ] || fail "$2: $got ops, expected $3 or more: $1"
}

t_ng_ipc_each_runs_sandboxed() {
	# shellcheck disable=SC2086
	expect_exit 0 "$SK" --sandbox --verify $NG_IPC_RUN -t 60 --metrics-brief --temp-path "$TMP"
	expect_no_match 'blocked syscall' "$ERR"
	for s in msg:600 pipeherd:400 vm-splice:200 kill:20 switch:400 sem:400 futex:50 \
		timer:2000 sockmany:200 pthread:300; do
		ng_ipc_ops_reached "$OUT" "${s%:*}" "${s#*:}"
	done
	no_leftovers "$TMP"
}

# switch's other methods, and the options that change an op's calls
t_ng_ipc_methods_and_options_run() {
	expect_exit 0 "$SK" --sandbox --verify --temp-path "$TMP" -t 60 --metrics-brief \
		--switch 1 --switch-method mq --switch-ops 300 \
		--msg 1 --msg-types 5 --msg-bytes 100 --msg-ops 300 \
		--sem 2 --sem-shared --sem-procs 3 --sem-ops 300 \
		--pipeherd 1 --pipeherd-procs 8 --pipeherd-yield --pipeherd-ops 200
	expect_no_match 'blocked syscall' "$ERR"
	ng_ipc_ops_reached "$OUT" switch 300
	ng_ipc_ops_reached "$OUT" sem 300
	expect_match 'switch +[0-9.]+ nanosecs per context switch \(mq method\)' "$OUT"
	expect_exit 0 "$SK" --sandbox --verify --temp-path "$TMP" -t 60 --metrics-brief \
		--switch 1 --switch-method sem-sysv --switch-ops 300 \
		--timer 1 --timer-freq 20000 --timer-rand --timer-ops 500
	ng_ipc_ops_reached "$OUT" timer 500
	expect_match 'nanosecs per context switch \(sem-sysv method\)' "$OUT"
	no_leftovers "$TMP"
}

# pipeherd_helpers_running INSTANCE: some helper of INSTANCE is alive and
# not a zombie (a helper that returned waits, a zombie, for its reap).
pipeherd_helpers_running() {
	for ph in $(cat /proc/"$1"/task/*/children 2>/dev/null); do
		grep -q '^State:[[:space:]]*Z' /proc/"$ph"/status 2>/dev/null || return 0
	done
	return 1
}

# pipeherd_helpers_gone INSTANCE: INSTANCE has helpers, and every one of
# them has ended (a zombie, as its instance is stopped).
pipeherd_helpers_gone() {
	[ -n "$(cat /proc/"$1"/task/*/children 2>/dev/null)" ] && ! pipeherd_helpers_running "$1"
}

# A herd stops at the run's stop, not when its instance tells it: an
# instance that gets no CPU then (here: stopped with SIGSTOP before the
# stop; on a busy CPU: its hundred helpers' turns) must not leave the
# herd passing the token meanwhile. The instance is resumed once its
# helpers have ended, or at the deadline, and the run ends well.
t_ng_ipc_pipeherd_herd_stops_with_the_run() {
	"$SK" --pipeherd 1 --pipeherd-procs 16 -t 2 --status-interval 0.05 \
		--temp-path "$TMP" >out.txt 2>&1 &
	sk=$!
	wait_until 30 ran_ops out.txt pipeherd || { wait $sk; fail "no pipeherd ops: $(cat out.txt)"; }
	# the instance: the controller's one child (the list ends in a space)
	inst=$(cat /proc/$sk/task/*/children)
	inst=${inst% }
	[ -n "$inst" ] || fail "no instance of $sk"
	kill -STOP "$inst"
	before=ran
	pipeherd_helpers_running "$inst" || before=ended
	after=ended
	wait_until 30 pipeherd_helpers_gone "$inst" || after=ran
	kill -CONT "$inst"
	wait $sk || fail "exit $? $(cat out.txt)"
	[ $before = ran ] || fail "the herd ended before the run's stop"
	[ $after = ended ] || fail "the herd went on after the run's stop"
	expect_match 'successful run completed' "$(cat out.txt)"
}

t_ng_ipc_bad_values_refused() {
	bad_input --msg 1 --msg-bytes 3
	expect_match "msg-bytes" "$ERR"
	bad_input --msg 1 --msg-types 101
	bad_input --pipeherd 1 --pipeherd-procs 7
	bad_input --vm-splice 1 --vm-splice-bytes 1K
	bad_input --switch 1 --switch-method bogus
	expect_match "mq" "$ERR"
	bad_input --switch 1 --switch-freq 1000000001
	bad_input --sem 1 --sem-procs 65
	bad_input --timer 1 --timer-freq 0
	bad_input --sockmany 1 --sockmany-max-size 16385
	bad_input --sockmany 1 --sockmany-port 65536
	bad_input --pthread 1 --pthread-max 30001
	bad_input --pthread 1 --pthread-max 0
	# an option of stress-ng's that is not taken is named
	bad_input --sockmany 1 --sockmany-if lo
	expect_match -- "--sockmany-if" "$ERR"
}

t_ng_ipc_classes() {
	expect_exit 0 "$SK" --class 'ipc?'
	for s in msg pipeherd sem futex; do
		expect_match "^class 'ipc' stressors:.* $s( |$)" "$OUT"
	done
	expect_exit 0 "$SK" --class 'sched?'
	for s in msg kill switch sem futex pthread; do
		expect_match " $s( |$)" "$OUT"
	done
	expect_exit 0 "$SK" --class 'network?'
	expect_match " sockmany( |$)" "$OUT"
	expect_exit 0 "$SK" --class 'pipe?'
	expect_match " pipeherd .*vm-splice" "$OUT"
	expect_exit 0 "$SK" --class 'signal?'
	expect_match " timer( |$)" "$OUT"
	# the class runs its members, one after another
	expect_exit 0 "$SK" --class ipc --sequential 1 -t 0.2 --metrics-brief --temp-path "$TMP"
	for s in futex msg pipeherd sem; do
		[ -n "$(metrics_field $s 5 "$OUT")" ] || fail "no $s row: $OUT"
	done
	no_leftovers "$TMP"
}

t_ng_dropin_skips_what_it_lacks() {
	ln -s "$SK" "$TMP/stress-ng"
	# LKP's line for a stressor stresskit lacks: one line, no row, exit 0
	expect_exit 0 "$TMP/stress-ng" --timeout 1 --times --verify --metrics --no-rand-seed \
		--epoll 2
	one_line "$OUT"
	expect_match '^stress-ng: info: +\[[0-9]+\] skipped: 2: epoll \(2\)$' "$OUT"
	[ -z "$ERR" ] || fail "stderr: $ERR"
	# beside one it has: that one runs, the other is named
	expect_exit 0 "$TMP/stress-ng" --tee 1 --tee-ops 5 --pipe 1 --pipe-ops 20 --metrics-brief
	expect_match 'skipped: 1: tee \(1\)$' "$OUT"
	[ -n "$(metrics_field pipe 5 "$OUT")" ] || fail "no pipe row: $OUT"
	expect_no_match 'metrc: .* tee ' "$OUT"
	# stress-ng's plugin stressor (LKP's test: plugin) is a count, not a file
	expect_exit 0 "$TMP/stress-ng" --timeout 1 --times --verify --metrics --no-rand-seed \
		--plugin 1
	expect_match '^stress-ng: info: +\[[0-9]+\] skipped: 1: plugin \(1\)$' "$OUT"
	# a bad count is still refused; a name stress-ng lacks exits 1
	expect_exit 1 "$TMP/stress-ng" --epoll x
	one_line "$ERR"
	expect_exit 1 "$TMP/stress-ng" --no-such-stressor 1
	one_line "$ERR"
	# called as stresskit, a name it lacks is an unknown option
	expect_exit 1 "$SK" --epoll 1
	expect_match 'unknown option --epoll' "$ERR"
	expect_exit 1 "$SK" --plugin 1
	expect_match 'plugin 1: No such file' "$ERR"
	# LKP adds --NAME-method all only when --help lists "all" for it
	expect_exit 0 "$TMP/stress-ng" --help
	expect_no_match '^ +--[a-z0-9-]+-method .*(\[.*all|all,)' "$OUT"
	rm -f "$TMP/stress-ng"
	no_leftovers "$TMP"
}
