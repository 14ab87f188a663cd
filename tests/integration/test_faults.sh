# test_faults.sh - a run under faults: a stop signal to the controller,
# an instance killed, fork failing, a full temp file system, an instance
# deaf to the stop. Each loses no figure, leaves no process and no file.

# stop_signal SIG: the run stops, prints what it measured, and exits 0 as
# stress-ng 0.15 does after SIGINT or SIGTERM. The signal goes once the
# instances have counted ops (a status line says so). Each instance
# ends by itself, status 0: none is left for the grace to kill. How fast
# the stop is, is not asserted here: the instances' exit waits for a CPU,
# and beside the other tests CI saw the last exit 1.3 s after the stop
# (make bench's scale_instances measures it, as test_stop.sh says).
stop_signal() {
	"$SK" --pipe 2 --timeout 30s -v --status-interval 0.05 --temp-path "$TMP" >"$TMP.out" 2>"$TMP.err" &
	pid=$!
	wait_until 30 ran_ops "$TMP.out" || { kill -KILL "$pid"; fail "no ops counted: $(cat "$TMP.out" "$TMP.err")"; }
	kill -"$1" "$pid"
	rc=0
	wait "$pid" || rc=$?
	OUT=$(cat "$TMP.out")
	[ "$rc" = 0 ] || fail "exit $rc after SIG$1: $OUT $(cat "$TMP.err")"
	expect_match 'phases: .*, stop to last exit [0-9.]+s,' "$OUT"
	[ "$(printf '%s\n' "$OUT" | grep -c 'pipe: instance [01] (pid [0-9]*): [0-9]* bogo-ops in .*, exit status 0$')" = 2 ] ||
		fail "an instance did not end by itself with status 0 after SIG$1: $OUT"
	[ "$(metrics_field pipe 5 "$OUT")" -gt 0 ] || fail "no ops after SIG$1: $OUT"
	expect_match 'pipe .* MB per sec pipe write rate \(geometric mean of 2 instances\)$' "$OUT"
	expect_match 'run interrupted by a signal, metrics cover the time run' "$OUT"
	no_leftovers "$TMP"
}

t_fault_sigint() {
	stop_signal INT
}

t_fault_sigterm() {
	stop_signal TERM
}

# fault_reaped CONTROLLER PID: PID is no longer a child of CONTROLLER
# (it died and was reaped).
fault_reaped() {
	! ps -o pid= --ppid "$1" | grep -qw "$2"
}

t_fault_instance_killed() {
	# no timeout: the run lasts until the SIGINT below, however long a
	# loaded machine takes to get there, so the kill can never come after
	# the end of the run
	"$SK" --pipe 3 --timeout 0 -v --status-interval 0.05 --temp-path "$TMP" >"$TMP.out" 2>"$TMP.err" &
	pid=$!
	wait_until 30 ran_ops "$TMP.out" || { kill -KILL "$pid"; fail "no ops counted: $(cat "$TMP.out" "$TMP.err")"; }
	# the controller's children are the instances (pipe readers are theirs)
	victim=$(ps -o pid= --ppid "$pid" | head -1)
	[ -n "$victim" ] || { kill -KILL "$pid"; fail "no instance of controller $pid to kill"; }
	kill -KILL $victim
	# the run goes on without it: the controller has reaped it
	wait_until 30 fault_reaped "$pid" "$victim" || { kill -KILL "$pid"; fail "instance $victim not reaped"; }
	kill -INT "$pid"
	rc=0
	wait "$pid" || rc=$?
	OUT=$(cat "$TMP.out")
	ERR=$(cat "$TMP.err")
	[ "$rc" = 5 ] || fail "exit $rc, expected 5 (killed by a signal): $ERR"
	expect_match '^stresskit: fail: +\[[0-9]+\] pipe: instance [0-2] killed by signal 9 \(Killed\); its bogo-ops so far are counted$' "$ERR"
	# the two others ran on to the stop and reported
	expect_match 'MB per sec pipe write rate \(geometric mean of 2 instances\)$' "$OUT"
	expect_match 'run interrupted by a signal' "$OUT"
	# its ops so far are in the total (per instance with -v)
	k=$(printf '%s\n' "$ERR" | sed -n 's/.* pipe: instance \([0-9]\) killed by signal 9.*/\1/p')
	kops=$(printf '%s\n' "$OUT" | sed -n "s/.* pipe: instance $k (pid [0-9]*): \([0-9]*\) bogo-ops in .*/\1/p")
	sum=$(printf '%s\n' "$OUT" | sed -n 's/.* pipe: instance [0-9] (pid [0-9]*): \([0-9]*\) bogo-ops in .*/\1/p' |
		awk '{ s += $1 } END { print s }')
	[ "${kops:-0}" -gt 0 ] || fail "the killed instance's ops are not shown: $OUT"
	[ "$(metrics_field pipe 5 "$OUT")" = "$sum" ] || fail "total is not the sum of every instance's ops: $OUT"
	no_leftovers "$TMP"
}

# as_limited NPROC CMD...: CMD as own_uid (when root: root is not held
# to RLIMIT_NPROC), with at most NPROC processes. Under make
# sanitize-test, LeakSanitizer's exit check needs a thread of its own,
# which the limit forbids: the other tests check for leaks.
as_limited() {
	n=$1
	shift
	export ASAN_OPTIONS=detect_leaks=0
	if [ "$(id -u)" = 0 ]; then
		as_own_uid prlimit --nproc="$n" "$@"
	else
		prlimit --nproc="$n" "$@"
	fi
}

# user_procs_are OP N: the processes of own_uid (zombies too, which
# the limit counts until reaped) compare to N as test's OP says.
user_procs_are() {
	test "$(pgrep -c -U "$(own_uid)")" "$1" "$2"
}

# hold_procs N: N processes of own_uid that hold their share of its
# RLIMIT_NPROC until drop_procs; their pids in $HELD.
hold_procs() {
	HELD=
	for _ in $(seq "$1"); do
		# setpriv itself, not a function's subshell: $! is the sleep
		setpriv --reuid="$(own_uid)" --regid="$(own_uid)" --clear-groups sleep 120 &
		HELD="$HELD $!"
	done
	# a failed check ends the test at once: they go with it
	trap 'kill $HELD 2>/dev/null; wait $HELD 2>/dev/null; true' EXIT
	wait_until 20 user_procs_are -ge "$1"
}

# hidden_limited NPROC CMD...: as_limited, in a pid namespace of its own
# whose /proc shows none of the user's other processes: the check before
# the forks cannot count them, the kernel's limit still does.
hidden_limited() {
	n=$1
	shift
	export ASAN_OPTIONS=detect_leaks=0
	# sh stays its pid 1 (a command after it: no exec), so that stresskit
	# is not the namespace's init
	unshare --pid --fork --mount-proc sh -c '"$@"; exit $?' sh \
		setpriv --reuid="$(own_uid)" --regid="$(own_uid)" --clear-groups \
		prlimit --nproc="$n" "$@"
}

drop_procs() {
	trap - EXIT
	# shellcheck disable=SC2086
	kill $HELD 2>/dev/null || true
	# shellcheck disable=SC2086
	wait $HELD 2>/dev/null || true	# reaped: a zombie still counts
	wait_until 20 user_procs_are -eq 0
}

# A run that the user's ulimit -u cannot hold with its helpers (a pipe
# instance forks a reader: two processes each) is refused before
# anything forks, in one line: what it needs, what the limit allows and
# what this user's processes already take. Exit 3, as a fork that fails.
t_fault_nproc_refused() {
	[ "$(id -u)" = 0 ] || { echo "    skip: needs root to run as a user of its own"; return 0; }
	dir=$TMP/np
	mkdir "$dir"
	chmod 755 "$TMP"
	chmod 777 "$dir"
	# 5 instances and 5 readers: 11 with the controller, over 10
	expect_exit 3 as_limited 10 "$SK" --pipe 5 -t 0.1 --temp-path "$dir"
	one_line "$ERR"
	expect_match '^stresskit: error: 5 instances need 11 processes with their helpers and the controller; ulimit -u allows 10: nothing started$' "$ERR"
	[ -z "$OUT" ] || fail "a refused run printed: $OUT"
	no_leftovers "$dir"
	# nothing forks at all: the controller alone is over the limit
	expect_exit 3 as_limited 1 "$SK" --pipe 2 -t 0.1 --temp-path "$dir"
	expect_match '^stresskit: error: 2 instances need 5 processes with their helpers and the controller; ulimit -u allows 1: nothing started$' "$ERR"
	# 9 of 10 fit, and run
	expect_exit 0 as_limited 10 "$SK" --pipe 4 -t 0.1 --temp-path "$dir"
	no_leftovers "$dir"
	# the user's other processes count: 2 held, 9 more are over 10
	hold_procs 2
	expect_exit 3 as_limited 10 "$SK" --pipe 4 -t 0.1 --temp-path "$dir"
	drop_procs
	one_line "$ERR"
	expect_match '^stresskit: error: 4 instances need 9 processes with their helpers and the controller; ulimit -u allows 10 and this user runs 2 already: nothing started$' "$ERR"
	rmdir "$dir"
}

# A run the check lets through that still meets the limit, because the
# user's other processes are out of its sight (here in another pid
# namespace, as a container's are): one line for the stressor, how many
# instances or helpers could not start and why, not a line an instance;
# those that started run and count, and the exit is 3.
t_fault_nproc_hit() {
	[ "$(id -u)" = 0 ] || { echo "    skip: needs root for a user and a pid namespace of its own"; return 0; }
	unshare --pid --fork --mount-proc true 2>/dev/null ||
		{ echo "    skip: no pid namespaces here (unshare --pid)"; return 0; }
	dir=$TMP/np
	mkdir "$dir"
	chmod 755 "$TMP"
	chmod 777 "$dir"
	# 3 held of 9 (the 9 that --pipe 4 needs): the controller and 4
	# instances fit, 1 reader of 4
	hold_procs 3
	expect_exit 3 hidden_limited 9 "$SK" --pipe 4 -t 0.2 --temp-path "$dir"
	one_line "$ERR"
	expect_match '^stresskit: error: pipe: 3 of 4 instances could not fork a helper: fork: Resource temporarily unavailable \(RLIMIT_NPROC 9\)$' "$ERR"
	[ "$(metrics_field pipe 5 "$OUT")" -gt 0 ] || fail "no ops: $OUT"
	no_leftovers "$dir"
	drop_procs
	# 6 held: the controller and 2 instances fit, no reader
	hold_procs 6
	expect_exit 3 hidden_limited 9 "$SK" --pipe 4 -t 0.2 --temp-path "$dir"
	one_line "$ERR"
	expect_match '^stresskit: error: pipe: 2 of 4 instances started, 2 of them without a helper: fork: Resource temporarily unavailable \(RLIMIT_NPROC 9\)$' "$ERR"
	no_leftovers "$dir"
	# a stressor without helpers: the 2 instances that started count
	if "$SK" --help splice >/dev/null 2>&1; then
		expect_exit 3 hidden_limited 9 "$SK" --splice 3 -t 0.2 --temp-path "$dir"
		one_line "$ERR"
		expect_match '^stresskit: error: splice: 2 of 3 instances started: fork: Resource temporarily unavailable \(RLIMIT_NPROC 9\)$' "$ERR"
		[ "$(metrics_field splice 5 "$OUT")" -gt 0 ] || fail "no ops: $OUT"
		no_leftovers "$dir"
	fi
	drop_procs
	rmdir "$dir"
}

t_fault_latency_no_memory() {
	lim=$((256 << 20))
	if ! prlimit --as=$lim "$SK" --version >/dev/null 2>&1; then
		echo "    skip: this build does not start under RLIMIT_AS (sanitizers)"
		return 0
	fi
	# 1024 thread instances: 2 histograms of ~230 KiB each, 460 MiB
	expect_exit 3 prlimit --as=$lim "$SK" --pread2 1024 --instance-mode thread \
		--latency -t 0.3 --temp-path "$TMP"
	expect_match '^stresskit: fail: +\[[0-9]+\] --latency: cannot map the histograms: Cannot allocate memory$' "$ERR"
	one_line "$ERR"
	expect_match 'unsuccessful run completed' "$OUT"
	no_leftovers "$TMP"
}

t_fault_temp_full() {
	if ! "$SK" --help splice >/dev/null 2>&1; then
		echo "    skip: needs a stressor that writes files (splice)"
		return 0
	fi
	mnt=$TMP/small
	mkdir "$mnt"
	if ! mount -t tmpfs -o size=64k sk-enospc "$mnt" 2>/dev/null; then
		echo "    skip: cannot mount a tmpfs here"
		rmdir "$mnt"
		return 0
	fi
	trap 'umount "$mnt" 2>/dev/null' EXIT
	expect_exit 3 "$SK" --splice 1 --splice-sink file --pipe 1 -t 0.5 --temp-path "$mnt"
	expect_match 'splice: instance 0: .*No space left on device' "$ERR"
	[ "$(metrics_field pipe 5 "$OUT")" -gt 0 ] || fail "pipe did not go on: $OUT"
	no_leftovers "$mnt"
	umount "$mnt"
	trap - EXIT
	rmdir "$mnt"
}

t_fault_ignores_stop() {
	# the test hook: instance 1 blocks every signal and never returns
	expect_exit 5 env STRESSKIT_TEST_IGNORE_STOP=1 "$SK" --pipe 2 -t 0.3 --temp-path "$TMP"
	expect_match '^stresskit: fail: +\[[0-9]+\] pipe: instance 1 did not stop within [0-9]+\.[0-9]s of the stop signal, killed$' "$ERR"
	expect_match 'MB per sec pipe write rate \(geometric mean of 1 instances\)$' "$OUT"
	[ "$(metrics_field pipe 5 "$OUT")" -gt 0 ] || fail "ops dropped: $OUT"
	no_leftovers "$TMP"
}

t_long_fault_stop_before_ready() {
	# the stop comes while instances are still being forked: each one
	# must see it as a stop, not die of SIGALRM's default action (a race:
	# without the fix one run in five or ten lost instances)
	for rep in 1 2 3 4 5 6; do
		expect_exit 0 "$SK" --pipe 100 -t 0.001 --temp-path "$TMP"
		expect_no_match 'killed by signal' "$ERR"
	done
	no_leftovers "$TMP"
}
