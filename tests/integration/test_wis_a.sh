# test_wis_a.sh - will-it-scale's cases brk1 .. page_fault3 as stressors:
# each in both instance modes with --verify and --sandbox, --NAME-ops
# exact, the help saying what one op is and where the files live, the
# class listings, a --scale sweep, nothing left behind.

# wis_a_cases: "NAME OPS" per stressor; odd counts where one op is half of
# a pair (brk up/down, lock/unlock, a byte there and back), so an exact
# count shows the half is counted on its own.
wis_a_cases() {
	cat <<-'LIST'
	brk1 1001
	brk2 1001
	context_switch1 1001
	dup1 2000
	eventfd1 2000
	fallocate1 1001
	fallocate2 301
	futex1 2000
	futex2 2000
	futex3 2000
	futex4 2000
	getppid1 2000
	lock1 1001
	lock2 1001
	lseek1 2000
	lseek2 2000
	malloc1 50
	malloc2 20000
	mmap1 50
	mmap2 50
	open1 1001
	open2 1001
	open3 1001
	page_fault1 40001
	page_fault2 40001
	page_fault3 40001
	LIST
}

t_long_wis_a_both_modes_ops_exact() {
	wis_a_ops_exact process thread
}

# make test's sample of the above: each case in one mode, by turns.
t_wis_a_ops_exact_sample() {
	wis_a_ops_exact sample
}

# wis_a_ops_exact MODE...: every case in each MODE, exactly its ops;
# MODE sample: each case once, process and thread mode by turns.
wis_a_ops_exact() {
	k=0
	wis_a_cases | while read -r s ops; do
		k=$((k + 1))
		modes=$*
		[ "$modes" = sample ] && { [ $((k % 2)) = 1 ] && modes=process || modes=thread; }
		for mode in $modes; do
			expect_exit 0 "$SK" --"$s" 2 --"$s"-ops "$ops" --instance-mode $mode \
				--verify --sandbox --temp-path "$TMP"
			got=$(metrics_field "$s" 5 "$OUT")
			[ "$got" = "$ops" ] || fail "$s $mode: $got ops, expected exactly $ops: $OUT"
			expect_no_match 'blocked syscall|verify' "$ERR"
		done
	done
	no_leftovers "$TMP"
}

# A timed run counts too (the ops limit is not what stops it), and the
# page_fault cases stop part-way through a mapping.
t_wis_a_timed() {
	for s in brk2 context_switch1 lock2 open3 page_fault3; do
		expect_exit 0 "$SK" --"$s" 2 -t 0.3 --verify --temp-path "$TMP"
		[ "$(metrics_field "$s" 5 "$OUT")" -gt 0 ] || fail "$s: no ops: $OUT"
	done
	no_leftovers "$TMP"
}

t_long_wis_a_help() {
	wis_a_cases | while read -r s ops; do
		expect_exit 0 "$SK" --help "$s"
		expect_match "^will-it-scale $s: " "$OUT"
		expect_match 'bogo-op' "$OUT"
		expect_match "^  --$s-ops N" "$OUT"
		case $s in
		open*|fallocate2) expect_match 'temp-path decides' "$OUT" ;;
		dup1|fallocate1|lock*|lseek*|mmap2|page_fault[23])
			expect_match 'shmem \(tmpfs\) whatever' "$OUT" ;;
		esac
	done
	expect_exit 0 "$SK" --stressors
	for s in brk1 context_switch1 page_fault3; do
		expect_match "^$s " "$OUT"
	done
}

# Every class has members now, and these land where stress-ng puts the
# same syscall family.
t_wis_a_classes() {
	for c in 'cpu malloc2' 'io lseek1 lseek2' \
		'scheduler context_switch1 futex1 futex2 futex3 futex4' \
		'memory brk1 brk2 malloc1 mmap1 mmap2 page_fault1 page_fault2 page_fault3' \
		'filesystem dup1 fallocate1 fallocate2 lock1 lock2 open1 open2 open3' \
		'os eventfd1 getppid1'; do
		set -- $c
		class=$1
		shift
		expect_exit 0 "$SK" --class "$class?"
		for s in "$@"; do
			printf '%s\n' "$OUT" | tr ' ' '\n' | grep -qx "$s" ||
				fail "$s not in class $class: $OUT"
		done
	done
	expect_exit 0 "$SK" --class scheduler --sequential 1 --dry-run
	expect_match 'context_switch1' "$OUT"
}

t_wis_a_scale() {
	expect_exit 0 "$SK" --page_fault2 2 --scale -t 0.2 --instance-mode thread --temp-path "$TMP"
	expect_match 'page_fault2' "$OUT"
	expect_exit 0 "$SK" --open1 2 --scale -t 0.2 --temp-path "$TMP"
	no_leftovers "$TMP"
}

# A process partner goes with its instance when that is killed.
t_wis_a_partner_dies_with_instance() {
	"$SK" --context_switch1 1 -t 30 --temp-path "$TMP" >"$TMP/out" 2>&1 &
	pid=$!
	wait_until 30 sk_running 1 '^stresskit-csw' || fail "no partner process: $(sk_procs)"
	inst=$(sk_procs '^stresskit-conte' | awk '{ print $1 }')
	[ -n "$inst" ] || fail "no instance process: $(sk_procs)"
	kill -KILL $inst
	set +e
	wait $pid
	set -e
	rm -f "$TMP/out"
	no_leftovers "$TMP"
}
