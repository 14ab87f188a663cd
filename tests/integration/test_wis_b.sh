# test_wis_b.sh - will-it-scale's cases pipe1 .. writeseek3 (the second half
# of the suite): each runs in every mode it supports with --verify and an
# exact --NAME-ops, sandboxed, refuses the mode it does not support in one
# line, and is listed under its classes.

# wis_b_cases: "NAME MODES" lines, MODES the instance modes it runs in.
wis_b_cases() {
	cat <<-'EOF'
	pipe1 process thread
	unix1 process thread
	poll1 process thread
	poll2 process thread
	posix_semaphore1 process thread
	sched_yield process thread
	signal1 process thread
	tlb_flush1 process thread
	tlb_flush2 process thread
	tlb_flush3 process thread
	EOF
}

# wis_b_ops NAME MODE [ARGS...]: 2 instances, 300 ops in all, --verify:
# exit 0 and exactly 300 ops.
wis_b_ops() {
	name=$1 mode=$2
	shift 2
	expect_exit 0 "$SK" --"$name" 2 --"$name"-ops 300 --instance-mode "$mode" \
		--verify --temp-path "$TMP" "$@"
	ops=$(metrics_field "$name" 5 "$OUT")
	[ "$ops" = 300 ] || fail "$name $mode $*: $ops ops, expected 300: $OUT"
	expect_no_match 'fail|blocked' "$ERR"
}

t_wis_b_every_mode_verify() {
	wis_b_cases | while read -r name modes; do
		for mode in $modes; do
			wis_b_ops "$name" "$mode"
		done
	done
	no_leftovers "$TMP"
}

t_wis_b_timed_run() {
	# a timed run counts ops in each instance, as processes and threads
	wis_b_cases | while read -r name modes; do
		for mode in $modes; do
			expect_exit 0 "$SK" --"$name" 1 -t 0.2 --instance-mode "$mode" --temp-path "$TMP"
			ops=$(metrics_field "$name" 5 "$OUT")
			[ "$ops" -gt 0 ] || fail "$name $mode: no ops: $OUT"
		done
	done
	no_leftovers "$TMP"
}

t_wis_b_sandbox() {
	wis_b_cases | while read -r name modes; do
		for mode in $modes; do
			wis_b_ops "$name" "$mode" --sandbox
		done
	done
	no_leftovers "$TMP"
}

t_wis_b_help_and_classes() {
	wis_b_cases | while read -r name modes; do
		expect_exit 0 "$SK" --help "$name"
		expect_match "will-it-scale $name" "$OUT"
		expect_match 'bogo-op' "$OUT"
		expect_exit 0 "$SK" --stressors
		expect_match "^$name " "$OUT"
	done
	expect_exit 0 "$SK" --class 'scheduler?'
	for s in sched_yield signal1 posix_semaphore1; do
		expect_match "\\b$s\\b" "$OUT"
	done
	expect_exit 0 "$SK" --class 'cpu?'
	expect_match '\bposix_semaphore1\b' "$OUT"
	expect_exit 0 "$SK" --class 'memory?'
	expect_match '\btlb_flush1\b.*\btlb_flush2\b.*\btlb_flush3\b' "$OUT"
	expect_exit 0 "$SK" --class 'network?'
	expect_match '\bunix1\b' "$OUT"
	expect_exit 0 "$SK" --class 'pipe?'
	expect_match '\bpipe1\b' "$OUT"
	expect_exit 0 "$SK" --class 'os?'
	expect_match '\bpoll1\b.*\bpoll2\b' "$OUT"
	# a class runs its members: the scheduler class, briefly
	expect_exit 0 "$SK" --class scheduler --sequential 1 --with sched_yield,signal1 \
		-t 0.2 --temp-path "$TMP"
	[ "$(metrics_field sched_yield 5 "$OUT")" -gt 0 ] || fail "no sched_yield ops: $OUT"
	[ "$(metrics_field signal1 5 "$OUT")" -gt 0 ] || fail "no signal1 ops: $OUT"
	no_leftovers "$TMP"
}

t_wis_b_shmem_files() {
	# the files are memfds: nothing is made under --temp-path while running
	"$SK" --poll2 1 --tlb_flush3 1 -t 30 --temp-path "$TMP" >"$TMP.run" 2>&1 &
	pid=$!
	sleep 0.5
	found=$(find "$TMP" -type f | head -1)
	kill -INT $pid
	wait $pid || true
	rm -f "$TMP.run"
	[ -z "$found" ] || fail "a file under --temp-path: $found"
	no_leftovers "$TMP"
}
