# test_sandbox.sh - --sandbox: every stressor runs under its allow-list,
# and a blocked syscall fails its instance by name, not the run.

# sandbox_runs ARGS...: a sandboxed run that must pass with no trap.
sandbox_runs() {
	expect_exit 0 "$SK" --sandbox --temp-path "$TMP" "$@"
	expect_no_match 'blocked syscall' "$ERR"
	no_leftovers "$TMP"
}

# Every stressor at once, each to an ops limit (so each one's loop ran,
# however the CPUs were shared), in each mode it has, with and without
# --verify; a blocked call names its stressor.
t_long_sandbox_every_stressor() {
	procs= threads= only_threads=
	for s in $("$SK" --stressors | awk '!/not implemented/ { print $1 }'); do
		# as processes, unless the stressor runs only as threads
		if "$SK" --"$s" 2 --dry-run >/dev/null 2>&1; then
			procs="$procs --$s 2 --$s-ops 4"
		else
			only_threads="$only_threads --$s 1 --$s-ops 4"
		fi
		# as threads of one worker, where the stressor allows it
		if "$SK" --"$s" 2 --instance-mode thread --dry-run >/dev/null 2>&1; then
			threads="$threads --$s 2 --$s-ops 4"
		fi
	done
	# shellcheck disable=SC2086
	{
		sandbox_runs $procs
		sandbox_runs $procs --verify
		sandbox_runs $only_threads --verify --instance-mode thread
		sandbox_runs $threads --instance-mode thread
	}
	# the variants that call other syscalls
	if "$SK" --help splice >/dev/null 2>&1; then
		sandbox_runs --splice 1 --splice-sink file --verify --splice-ops 4
	fi
	if "$SK" --help sendfile >/dev/null 2>&1; then
		sandbox_runs --sendfile 1 --sendfile-sink tcp --verify --sendfile-ops 4
	fi
	sandbox_runs --pipe 1 --pipe-size 64K --pipe-ops 4
}

t_sandbox_blocked_syscall() {
	# the test hook: instance 0 calls personality(2), on no list
	expect_exit 2 env STRESSKIT_TEST_BLOCKED_SYSCALL=0 "$SK" --sandbox --pipe 2 -t 0.3 --temp-path "$TMP"
	one_line "$ERR"
	expect_match '^stresskit: fail: +\[[0-9]+\] pipe instance 0: blocked syscall personality$' "$ERR"
	# the other instance ran on
	expect_match 'MB per sec pipe write rate \(geometric mean of 1 instances\)$' "$OUT"
	[ "$(metrics_field pipe 5 "$OUT")" -gt 0 ] || fail "no ops: $OUT"
	no_leftovers "$TMP"
	# a thread instance fails alone too: its worker and siblings go on
	if "$SK" --help pread2 >/dev/null 2>&1; then
		expect_exit 2 env STRESSKIT_TEST_BLOCKED_SYSCALL=0 "$SK" --sandbox --pread2 2 \
			--instance-mode thread -t 0.3 --temp-path "$TMP"
		expect_match '^stresskit: fail: +\[[0-9]+\] pread2 instance 0: blocked syscall personality$' "$ERR"
		[ "$(metrics_field pread2 5 "$OUT")" -gt 0 ] || fail "no ops: $OUT"
		no_leftovers "$TMP"
	fi
	# without --sandbox the same call is allowed
	expect_exit 0 env STRESSKIT_TEST_BLOCKED_SYSCALL=0 "$SK" --pipe 2 -t 0.3 --temp-path "$TMP"
}

t_sandbox_stop_signal() {
	"$SK" --sandbox --pipe 2 --timeout 30s --temp-path "$TMP" >"$TMP.out" 2>"$TMP.err" &
	pid=$!
	wait_until 30 sk_running 2 '^stresskit-pipe$'
	kill -INT "$pid"
	rc=0
	wait "$pid" || rc=$?
	[ "$rc" = 0 ] || fail "exit $rc: $(cat "$TMP.err")"
	expect_no_match 'blocked syscall' "$(cat "$TMP.err")"
	no_leftovers "$TMP"
}
