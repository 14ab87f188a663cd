# test_pread.sh - will-it-scale's pread1/2/3 on shmem, as processes and as
# threads; what thread mode refuses; per-instance spread with --metrics.

t_pread_cases() {
	for mode in process thread; do
		for s in pread1 pread2 pread3; do
			expect_exit 0 "$SK" --$s 2 -t 0.3 --instance-mode $mode --verify -M --temp-path "$TMP"
			ops=$(metrics_field $s 5 "$OUT")
			[ "$ops" -gt 100 ] || fail "$s $mode: too few ops: $ops"
			# min <= max per instance, as extra metric lines
			min=$(printf '%s\n' "$OUT" | awk -v s=$s '$4 == s && /per instance \(minimum of 2 instances\)$/ { print $5 }')
			max=$(printf '%s\n' "$OUT" | awk -v s=$s '$4 == s && /per instance \(maximum of 2 instances\)$/ { print $5 }')
			[ -n "$min" ] && [ -n "$max" ] || fail "$s $mode: no min/max lines: $OUT"
			awk -v a="$min" -v b="$max" 'BEGIN { exit !(a > 0 && a <= b) }' || fail "min $min max $max"
			# the full row keeps stress-ng's twelve fields
			row=$(printf '%s\n' "$OUT" | awk -v s=$s '$2 == "metrc:" && $4 == s && $5 ~ /^[0-9]+$/')
			[ "$(echo "$row" | wc -w)" = 12 ] || fail "row is not twelve fields: $row"
		done
	done
	no_leftovers "$TMP"
}

t_pread_help_shmem() {
	expect_exit 0 "$SK" --help pread2
	expect_match 'shmem' "$OUT"
	expect_match 'own open file' "$OUT"
	expect_exit 0 "$SK" --stressors
	expect_match '^pread1 ' "$OUT"
	expect_match '^pread3 ' "$OUT"
}

# worker_threads: "PID NLWP" of each live pread instance process of this
# test (comm is 15 characters: stresskit-pread).
worker_threads() {
	test_ps pid=,nlwp=,comm= | awk '$3 ~ /^stresskit-pread/ { print $1, $2 }'
}

# await_workers AWK_TEST: polls worker_threads (up to 30 s, a loaded
# machine is slow to start instances) until AWK_TEST holds of its lines.
workers_are() {
	w=$(worker_threads)
	printf '%s\n' "$w" | awk "$1"
}
await_workers() {
	wait_until 30 workers_are "$1"
}

# thread mode: one worker process whose threads are the instances
t_thread_mode_is_threads() {
	"$SK" --pread2 3 -t 30 --instance-mode thread --temp-path "$TMP" >"$TMP/out" 2>&1 &
	pid=$!
	await_workers '$2 == 4 { n++ } END { exit !(n == 1 && NR == 1) }' ||
		fail "thread mode: expected one worker of 3 instance threads + 1: $w"
	kill -INT $pid
	wait $pid
	"$SK" --pread2 3 -t 30 --temp-path "$TMP" >"$TMP/out" 2>&1 &
	pid=$!
	await_workers '$2 == 1 { n++ } END { exit !(n == 3 && NR == 3) }' ||
		fail "process mode: expected 3 single-threaded instances: $w"
	kill -INT $pid
	wait $pid
	rm -f "$TMP/out"
	no_leftovers "$TMP"
}

t_thread_ops_exact_and_times() {
	expect_exit 0 "$SK" --pread2 3 --pread2-ops 10000 --instance-mode thread --temp-path "$TMP"
	[ "$(metrics_field pread2 5 "$OUT")" = 10000 ] || fail "ops not exactly 10000: $OUT"
	expect_exit 0 "$SK" --pread3 4 --pread3-ops 2 --instance-mode thread --temp-path "$TMP"
	[ "$(metrics_field pread3 5 "$OUT")" = 2 ] || fail "ops not exactly 2: $OUT"
	# per-thread CPU time is recorded: a busy second is not zero
	expect_exit 0 "$SK" --pread1 2 -t 0.5 --instance-mode thread --temp-path "$TMP"
	cpu=$(printf '%s\n' "$OUT" | awk '$2 == "metrc:" && $4 == "pread1" && $5 ~ /^[0-9]+$/ { print $7 + $8 }')
	awk -v c="$cpu" 'BEGIN { exit !(c > 0) }' || fail "usr+sys $cpu for two busy threads"
}

t_thread_sigint_stops() {
	"$SK" --pread2 2 -t 60 --instance-mode thread --temp-path "$TMP" >"$TMP/out" 2>&1 &
	pid=$!
	await_workers 'NR == 1 && $2 == 3 { ok = 1 } END { exit !ok }' || fail "no worker: $w"
	kill -INT $pid
	set +e
	wait $pid
	rc=$?
	set -e
	grep -q 'interrupted' "$TMP/out" || fail "no interrupted note: $(cat "$TMP/out")"
	[ "$(metrics_field pread2 5 "$(cat "$TMP/out")")" -gt 0 ] || fail "no ops after SIGINT"
	[ $rc = 0 ] || fail "exit $rc after SIGINT"
	rm -f "$TMP/out"
	no_leftovers "$TMP"
}

t_thread_refused() {
	expect_exit 1 "$SK" --pipe 1 --instance-mode thread --temp-path "$TMP"
	one_line "$ERR"
	expect_match 'pipe cannot run with --instance-mode thread' "$ERR"
	[ -z "$OUT" ] || fail "output before the error: $OUT"
	expect_exit 1 "$SK" --pread2 1 --instance-mode fibre --temp-path "$TMP"
	one_line "$ERR"
	expect_match "invalid --instance-mode 'fibre'" "$ERR"
	expect_exit 0 "$SK" --pread2 1 --instance-mode process -t 0.2 --temp-path "$TMP"
	no_leftovers "$TMP"
}

# --pread2-size: a read past the first page (the file grows to cover it)
# and one of less than a page both verify; the default is 4 KiB.
t_pread2_size() {
	expect_exit 0 "$SK" --pread2 2 --pread2-size 10000 --pread2-ops 1000 --verify \
		--instance-mode thread --temp-path "$TMP"
	[ "$(metrics_field pread2 5 "$OUT")" = 1000 ] || fail "ops not exactly 1000: $OUT"
	expect_exit 0 "$SK" --pread2 1 --pread2-size 100 --pread2-ops 1000 --verify --temp-path "$TMP"
	expect_exit 0 "$SK" --help pread2
	expect_match 'default 4K' "$OUT"
	expect_exit 1 "$SK" --pread2 1 --pread2-size 2M
}
