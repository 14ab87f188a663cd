# test_wis_b.sh - will-it-scale's cases pipe1 .. writeseek3 (the second half
# of the suite): each runs in every mode it supports with --verify and an
# exact --NAME-ops, sandboxed, refuses the mode it does not support in one
# line, and is listed under its classes; the files of those on shmem never
# appear under --temp-path, those about a filesystem leave nothing there.

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
	pthread_mutex1 thread
	pthread_mutex2 process thread
	pthread_mutex3 thread
	pthread_mutex4 thread
	pthread_mutex5 thread
	pwrite1 process thread
	pwrite2 process thread
	pwrite3 process thread
	read1 process thread
	read2 process thread
	read3 process thread
	read4 process thread
	write1 process thread
	readseek1 process thread
	readseek2 process thread
	readseek3 process thread
	writeseek1 process thread
	writeseek2 process thread
	writeseek3 process thread
	unlink1 process thread
	unlink2 process thread
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

t_long_wis_b_every_mode_verify() {
	# --verify and --sandbox together: one run checks both
	wis_b_cases | while read -r name modes; do
		for mode in $modes; do
			wis_b_ops "$name" "$mode" --sandbox
		done
	done
	no_leftovers "$TMP"
}

# make test's sample of the above: every case once, in one of its modes,
# the cases taking process and thread mode by turns.
t_wis_b_verify_sample() {
	wis_b_cases | awk '{ print $1, (NR % 2 || NF == 2) ? $2 : $3 }' |
		while read -r name mode; do
			wis_b_ops "$name" "$mode" --sandbox
		done
	no_leftovers "$TMP"
}

t_long_wis_b_timed_run() {
	# every case at once for a timeout, in each mode: each stops on time
	# (as processes: SIGALRM; as threads: the worker's relay), else the
	# run fails "did not stop"; each has its row. (That each counts ops
	# is checked above, one at a time: 30 at once on a loaded machine may
	# leave one without a turn.)
	for mode in process thread; do
		args=$(wis_b_cases | awk -v m=$mode '$0 ~ " " m { print "--" $1 " 1" }')
		# shellcheck disable=SC2086
		expect_exit 0 "$SK" $args -t 0.8 --instance-mode $mode --temp-path "$TMP"
		expect_no_match 'did not stop' "$ERR"
		for name in $(wis_b_cases | awk -v m=$mode '$0 ~ " " m { print $1 }'); do
			[ -n "$(metrics_field "$name" 5 "$OUT")" ] || fail "$name $mode: no row: $OUT"
		done
	done
	no_leftovers "$TMP"
}

t_wis_b_help_and_classes() {
	list=$("$SK" --stressors)
	wis_b_cases | while read -r name modes; do
		expect_match "^$name " "$list"
		expect_exit 0 "$SK" --help "$name"
		expect_match "will-it-scale $name" "$OUT"
		expect_match 'bogo-op' "$OUT"
	done
	expect_exit 0 "$SK" --class 'scheduler?'
	for s in sched_yield signal1 posix_semaphore1 pthread_mutex1 pthread_mutex5; do
		expect_match "\\b$s\\b" "$OUT"
	done
	expect_exit 0 "$SK" --class 'cpu?'
	expect_match '\bposix_semaphore1\b' "$OUT"
	expect_match '\bpthread_mutex2\b' "$OUT"
	expect_exit 0 "$SK" --class 'io?'
	for s in pwrite1 read1 read4 write1 readseek2 writeseek3 unlink1 unlink2; do
		expect_match "\\b$s\\b" "$OUT"
	done
	expect_exit 0 "$SK" --class 'filesystem?'
	expect_match '\bunlink2\b' "$OUT"
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

t_wis_b_thread_only_refused() {
	for s in pthread_mutex1 pthread_mutex3 pthread_mutex4 pthread_mutex5; do
		expect_exit 1 "$SK" --$s 1 --temp-path "$TMP"
		one_line "$ERR"
		expect_match "^stresskit: error: $s runs only with --instance-mode thread" "$ERR"
		[ -z "$OUT" ] || fail "output before the error: $OUT"
		expect_exit 1 "$SK" --$s 1 --instance-mode process -t 0.2 --temp-path "$TMP"
		one_line "$ERR"
	done
	# a class run in process mode leaves them out and runs the rest ...
	expect_exit 0 "$SK" --class scheduler --sequential 1 --dry-run
	expect_match ' 1 pthread_mutex2 ' "$OUT"
	expect_no_match 'pthread_mutex[1345]' "$OUT"
	# ... as threads, it has them, and leaves out what cannot be threads
	expect_exit 0 "$SK" --class scheduler --sequential 1 --dry-run --instance-mode thread
	expect_match ' 1 pthread_mutex1 ' "$OUT"
	expect_exit 0 "$SK" --all 1 --dry-run --instance-mode thread
	expect_no_match ' pipe[ ,]' "$OUT"
	# naming one in --with still asks for it, and is refused by name
	expect_exit 1 "$SK" --class scheduler --sequential 1 --with pthread_mutex1 --temp-path "$TMP"
	one_line "$ERR"
	expect_match 'pthread_mutex1 runs only with --instance-mode thread' "$ERR"
	no_leftovers "$TMP"
}

unlink2_dir() {
	found=$(find "$TMP" -path '*/unlink2/*' -type d | head -1)
	[ -n "$found" ]
}

t_wis_b_filesystem_files() {
	# read3/read4 and unlink1/2 work in the run directory under
	# --temp-path: while they run it holds their directory, after nothing
	"$SK" --unlink2 2 --read4 1 -t 30 --temp-path "$TMP" >"$TMP.run" 2>&1 &
	pid=$!
	found=
	wait_until 30 unlink2_dir || true
	kill -INT $pid
	wait $pid || true
	rm -f "$TMP.run"
	[ -n "$found" ] || fail "no unlink2 directory under --temp-path"
	no_leftovers "$TMP"
}

t_wis_b_shmem_files() {
	# the files are memfds: nothing is made under --temp-path while running
	# but the run directory's lock (rundir.h)
	"$SK" --poll2 1 --tlb_flush3 1 --pwrite3 2 --read2 1 --readseek3 2 --write1 1 \
		-t 30 --status-interval 0.1 --temp-path "$TMP" >"$TMP.run" 2>&1 &
	pid=$!
	# every stressor has made its file and counts ops
	wait_until 60 ran_ops "$TMP.run" poll2 tlb_flush3 pwrite3 read2 readseek3 write1 ||
		fail "not every stressor ran: $(cat "$TMP.run")"
	found=$(find "$TMP" -type f ! -path "$TMP/stresskit-*/lock" | head -1)
	kill -INT $pid
	wait $pid || true
	rm -f "$TMP.run"
	[ -z "$found" ] || fail "a file under --temp-path: $found"
	no_leftovers "$TMP"
}

# The file of a case that faults its pages in is whole from the start, as
# will-it-scale's is after its warm-up: 0.3 s after tlb_flush3's memfd
# appears, when its first pass (about 3 s alone on this machine) has
# touched a tenth of its 128 MiB, every block of the memfd is allocated.
memfd_blocks() {
	for p in $(sk_procs '^stresskit-' | awk '{ print $1 }'); do
		for f in /proc/"$p"/fd/*; do
			case "$(readlink "$f" 2>/dev/null)" in
			*"memfd:$1"*) stat -L -c '%b %B' "$f"; return ;;
			esac
		done
	done
}

t_wis_b_file_filled_at_setup() {
	"$SK" --tlb_flush3 1 -t 30 --status-interval 0.05 >"$TMP.run" 2>&1 &
	pid=$!
	# the run has begun (its first status line): set-up is over
	wait_until 30 grep -q 'status [0-9.]*s: tlb_flush3' "$TMP.run" || true
	blocks=$(memfd_blocks stresskit-file)
	kill -INT $pid
	wait $pid || true
	rm -f "$TMP.run"
	[ -n "$blocks" ] || fail "no tlb_flush3 instance with its memfd"
	set -- $blocks
	[ $(($1 * $2)) -ge $((128 << 20)) ] || fail "memfd holds $(($1 * $2)) bytes, expected 128 MiB"
	no_leftovers "$TMP"
}
