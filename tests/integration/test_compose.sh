# test_compose.sh - composing runs: classes, --sequential and --all,
# --with/--exclude, job files, --dry-run, --progress, and their bad input.
# Only stressors on main are assumed: pipe, in the pipe class.

# job_dir: cd to a scratch directory for job files, outside $TMP (which
# bad_input and no_leftovers expect empty), removed when the test ends.
job_dir() {
	JOBS=$(mktemp -d /tmp/sk-jobs.XXXXXX)
	trap 'rm -rf "$JOBS"' EXIT
	cd "$JOBS"
}

# rows N OUTPUT: the number of stressor rows in the metrics table.
rows() {
	printf '%s\n' "$1" | awk '$2 == "metrc:" && $5 ~ /^[0-9]+$/' | wc -l
}

t_class_listing() {
	expect_exit 0 "$SK" --class '?'
	expect_match '^class names: compute cpu-cache cpu device integer filesystem fp gpu hot interrupt io ipc memory network os pipe scheduler search security signal sort tlb vector vm$' "$OUT"
	expect_exit 0 "$SK" --class 'pipe?'
	expect_match "^class 'pipe' stressors: .*\bpipe\b" "$OUT"
	# a stressor is listed under each of its classes, and only those
	expect_exit 0 "$SK" --class 'memory?'
	expect_match "^class 'memory' stressors: .*\bpipe\b" "$OUT"
	expect_exit 0 "$SK" --class 'scheduler?'
	expect_no_match '\bpipe\b' "$OUT"
}

t_sequential_class() {
	expect_exit 0 "$SK" --class pipe --sequential 1 -t 0.3 --temp-path "$TMP"
	expect_match 'dispatching hogs: 1 pipe$' "$OUT"
	[ "$(metrics_field pipe 5 "$OUT")" -gt 0 ] || fail "no pipe ops: $OUT"
	# every stressor of the class ran, one after the other, one row each
	n=$("$SK" --class 'pipe?' | sed 's/^[^:]*: //' | wc -w)
	[ "$(rows "$OUT")" = "$n" ] || fail "expected $n rows: $OUT"
	[ "$(printf '%s\n' "$OUT" | grep -c 'dispatching hogs: 1 ')" = "$n" ] ||
		fail "expected $n dispatches of one stressor: $OUT"
	expect_match 'successful run completed' "$OUT"
	no_leftovers "$TMP"
}

t_sequential_zero_is_cpus() {
	cpus=$(nproc)
	expect_exit 0 "$SK" --class pipe --with pipe --seq 0 -t 0.2 --temp-path "$TMP"
	expect_match "dispatching hogs: $cpus pipe\$" "$OUT"
}

t_sequential_each_timeout() {
	# --timeout is per stressor; the table and the wall time cover the session
	expect_exit 0 "$SK" --sequential 1 --with pipe -t 0.5 -v --temp-path "$TMP"
	expect_match 'setting to a 0.5 second run per stressor' "$OUT"
	[ "$(rows "$OUT")" = 1 ] || fail "one row expected: $OUT"
	timeout_kept "$OUT" 0.5
}

t_all_mode() {
	expect_exit 0 "$SK" --class pipe --all 2 -t 0.3 --temp-path "$TMP"
	expect_match 'dispatching hogs: 2 pipe' "$OUT"
	[ "$(printf '%s\n' "$OUT" | grep -c 'dispatching hogs')" = 1 ] || fail "one dispatch expected"
	expect_exit 0 "$SK" --parallel 1 --with pipe -t 0.2 --temp-path "$TMP"
	expect_match 'dispatching hogs: 1 pipe$' "$OUT"
	expect_exit 0 "$SK" -a 1 --with pipe -t 0.2 --temp-path "$TMP"
	no_leftovers "$TMP"
}

t_with_exclude() {
	# --with restricts the mode, --exclude removes; an explicit --NAME keeps its count
	expect_exit 0 "$SK" --all 1 --with pipe --dry-run
	expect_match 'run 1 of 1: 1 pipe for 60s$' "$OUT"
	expect_exit 0 "$SK" --all 1 --pipe 3 --dry-run
	expect_match 'run 1 of 1: .*3 pipe' "$OUT"
	expect_no_match '1 pipe( |,|$)' "$OUT"
	expect_exit 0 "$SK" --sequential 2 --dry-run
	# every stressor that runs as processes (the default mode); those that
	# run only as threads (pthread_mutex1) are left out
	n=0
	for s in $("$SK" --stressors | awk '{ print $1 }'); do
		"$SK" --"$s" 1 --dry-run >/dev/null 2>&1 && n=$((n + 1))
	done
	[ "$(printf '%s\n' "$OUT" | grep -c 'run [0-9]* of ')" = "$n" ] ||
		fail "every stressor should run in turn: $OUT"
	[ "$n" -gt 1 ] || return 0	# needs a stressor besides pipe
	expect_exit 0 "$SK" --sequential 2 --exclude pipe --dry-run
	expect_no_match '[0-9] pipe( |,|$)' "$OUT"
	[ "$(printf '%s\n' "$OUT" | grep -c 'run [0-9]* of ')" = $((n - 1)) ] ||
		fail "all but pipe should run: $OUT"
}

t_dry_run() {
	expect_exit 0 "$SK" --pipe 2 --pipe-ops 500 -t 5 --dry-run --temp-path "$TMP"
	expect_match 'dry run: 1 run, stressors together; nothing is started' "$OUT"
	expect_match 'run 1 of 1: 2 pipe \(500 bogo-ops\) for 5s$' "$OUT"
	expect_no_match 'metrc|dispatching' "$OUT"
	[ -z "$(ls -A "$TMP")" ] || fail "dry run made files"
	[ -z "$(sk_procs)" ] || fail "dry run left processes"
	expect_exit 0 "$SK" --class pipe --sequential 1 --pipe-ops 10 -n
	expect_match 'stressors in sequence' "$OUT"
	expect_match 'run 1 of [0-9]+: 1 pipe \(10 bogo-ops\) until the bogo-ops are done$' "$OUT"
}

t_job_file() {
	job_dir
	cat >job.txt <<-'JOB'
	# the pipe class, stress-ng's job format
	run sequential    # each stressor in turn
	timeout 0.3s
	metrics-brief

	pipe 2
	pipe-data-size=8  # the --opt=value form too
	JOB
	expect_exit 0 "$SK" job.txt --temp-path "$TMP"
	expect_match 'setting to a 0.3 second run per stressor' "$OUT"
	expect_match 'dispatching hogs: 2 pipe$' "$OUT"
	[ "$(metrics_field pipe 5 "$OUT")" -gt 0 ] || fail "no ops: $OUT"
	# --job FILE, and the command line after it overrides the job
	expect_exit 0 "$SK" --job job.txt --pipe 1 --pipe-ops 20 --temp-path "$TMP"
	[ "$(metrics_field pipe 5 "$OUT")" = 20 ] || fail "expected 20 ops: $OUT"
	expect_match 'dispatching hogs: 1 pipe$' "$OUT"
	# a job and the command line mean the same
	expect_exit 0 "$SK" -j job.txt --dry-run
	job_plan=$(printf '%s\n' "$OUT" | sed 's/\[[0-9]*\]//')
	expect_exit 0 "$SK" --pipe 2 --pipe-data-size 8 --timeout 0.3s --seq 2 --with pipe --dry-run
	[ "$job_plan" = "$(printf '%s\n' "$OUT" | sed 's/\[[0-9]*\]//')" ] ||
		fail "job and command line differ: $job_plan / $OUT"
	no_leftovers "$TMP"
}

t_job_class() {
	job_dir
	printf 'run parallel\nclass pipe\nall 1\ntimeout 0.2\n' >class.job
	expect_exit 0 "$SK" class.job --temp-path "$TMP"
	expect_match 'dispatching hogs: .*1 pipe' "$OUT"
	[ "$(printf '%s\n' "$OUT" | grep -c 'dispatching hogs')" = 1 ] || fail "one dispatch expected"
}

t_progress_terminal() {
	out=$(python3 "$SK_SRC/tests/integration/pty_run.py" \
		"$SK" --pipe 1 -t 2.3 --progress --temp-path "$TMP" 2>&1) ||
		fail "progress run failed: $out"
	printf '%s' "$out" | grep -q "$(printf '\rstresskit: pipe 1s of 2.3s, [0-9]* bogo ops/s\033\\[K')" ||
		fail "no live progress line: $(printf '%s' "$out" | od -c | head -20)"
	# the line is erased before the table
	printf '%s' "$out" | grep -q "$(printf '\r\033\\[Kstresskit: metrc:')" ||
		fail "progress line not cleared: $(printf '%s' "$out" | od -c | head -40)"
	# the ops/s shown are real counts, not zero (in some second: a loaded
	# machine may give the instance no turn in the last one)
	rate=$(printf '%s' "$out" | tr '\r' '\n' | sed -n 's/^stresskit: pipe [0-9]*s of 2.3s, \([0-9]*\) bogo ops\/s.*/\1/p' | sort -n | tail -1)
	[ "${rate:-0}" -gt 0 ] || fail "progress rate $rate"
	no_leftovers "$TMP"
}

t_progress_not_terminal() {
	expect_exit 0 "$SK" --pipe 1 -t 1.3 --progress --temp-path "$TMP"
	case "$OUT$ERR" in *bogo\ ops/s,*|*"$(printf '\033')"*) fail "progress on a non-terminal" ;; esac
	[ -z "$ERR" ] || fail "stderr not empty: $ERR"
}

t_progress_sequential_label() {
	out=$(python3 "$SK_SRC/tests/integration/pty_run.py" \
		"$SK" --sequential 1 --with pipe -t 2.5 --progress --temp-path "$TMP" 2>&1) ||
		fail "run failed: $out"
	# "about once a second": a loaded machine may miss one tick, not both
	printf '%s' "$out" | tr '\r' '\n' | grep -Eq '^stresskit: pipe [12]s of 2.5s, [0-9]+ bogo ops/s' ||
		fail "no progress line: $out"
}

# --status under --sequential, as stress-ng's: one line for the whole
# invocation, its time from the start and its exit/reap/SIGALRM counts
# growing over the stressors, not starting again with each one.
t_status_sequential() {
	expect_exit 0 "$SK" --sequential 2 --with pipe,getppid1 -t 2 --status 1 --temp-path "$TMP"
	lines=$(printf '%s\n' "$OUT" | grep -E '] (status|dispatching hogs): ')
	printf '%s\n' "$lines" | python3 -c '
import re, sys
run, secs, last = 0, [], None
for l in sys.stdin:
    if "dispatching hogs" in l:
        run += 1
        continue
    m = re.search(r"status: (\d+) run, (\d+) exit, (\d+) reap, (\d+) fail, (\d+) SIGALRM, (\d+) secs?$", l)
    assert m, l
    r, ex, reap, fail, alrm, t = map(int, m.groups())
    # the first run: 2 instances; the second: 2 more, the first two done
    assert r + ex == 2 * run and reap <= ex and fail == 0 and alrm <= 2 * run, l
    if run == 2:
        assert ex == 2 and reap == 2 and alrm >= 2, ("first run not carried", l)
        assert t >= 2, ("time restarted with the second stressor", l)
    assert last is None or (t >= last[0] and ex >= last[1]), ("went back", l)
    last = (t, ex)
    secs.append((run, t))
assert any(r == 2 for r, _ in secs), "no line during the second run"
' || fail "status lines over the sequence: $lines"
}

# --status N: stress-ng's status line every N seconds, counted from the
# instances' slots and the controller's reaps; beside --progress (two hooks).
t_status_lines() {
	expect_exit 0 "$SK" --pipe 2 -t 2.5 --status 1 --temp-path "$TMP"
	status_lines stresskit 2 "$OUT"
	expect_match '^stresskit: info:  \[[0-9]+\] status: 2 run, 0 exit, 0 reap, 0 fail, 0 SIGALRM, 1 sec$' "$OUT"
	# thread mode: a worker's instances counted one by one
	expect_exit 0 "$SK" --pthread_mutex1 3 --instance-mode thread -t 1.5 --status 1 \
		--temp-path "$TMP"
	status_lines stresskit 3 "$OUT"
	out=$(python3 "$SK_SRC/tests/integration/pty_run.py" \
		"$SK" --pipe 1 -t 2.3 --progress --status 1 --temp-path "$TMP" 2>&1) ||
		fail "progress and status run failed: $out"
	# the progress line is erased (\r, erase to end of line) before each one
	out=$(printf '%s' "$out" | tr '\r' '\n' | sed "s/$(printf '\033')\\[K//g")
	status_lines stresskit 1 "$(printf '%s\n' "$out" | grep 'info:')"
	expect_match '^stresskit: pipe [12]s of 2.3s, [0-9]+ bogo ops/s' "$out"
	for v in 0 3601 1.5 abc; do
		bad_input --pipe 1 --status $v
		expect_match "invalid --status '$v': expected a whole number of seconds from 1 to 3600" "$ERR"
	done
	no_leftovers "$TMP"
}

t_compose_bad_input() {
	bad_input --class nosuch --sequential 1
	expect_match "unknown class 'nosuch' \(classes: compute cpu-cache cpu device integer filesystem fp gpu hot interrupt io ipc memory network os pipe scheduler search security signal sort tlb vector vm\)" "$ERR"
	bad_input --class 'nosuch?'
	expect_match "unknown class 'nosuch'" "$ERR"
	bad_input --class pipe
	expect_match -- '--class needs an instance count' "$ERR"
	bad_input --with pipe --pipe 1
	expect_match -- '--with needs a mode' "$ERR"
	bad_input --all 1 --with nosuch
	expect_match "unknown stressor 'nosuch' in --with \(stressors: .*pipe" "$ERR"
	bad_input --pipe 1 --exclude no/such
	expect_match "invalid stressor name 'no/such' in --exclude" "$ERR"
	bad_input --sequential x
	expect_match "invalid --sequential 'x'" "$ERR"
	bad_input --all 1 --sequential 1
	expect_match 'exclude each other' "$ERR"
	bad_input --pipe 1 --exclude pipe
	expect_match 'leaves no stressor' "$ERR"
	bad_input --class scheduler --all 1 --with pipe
	expect_match "no stressor in class 'scheduler'" "$ERR"
}

t_job_bad_input() {
	job_dir
	bad_input nosuch.job
	expect_match "cannot read job file 'nosuch.job': No such file" "$ERR"
	bad_input --job nosuch.job
	bad_input --job "$TMP"
	expect_match 'Is a directory' "$ERR"
	printf 'pipe 1\n\n  foo 3\n' >bad.job
	bad_input bad.job
	expect_match "^stresskit: error: bad.job:3: unknown option 'foo'$" "$ERR"
	printf 'run sideways\n' >bad.job
	bad_input bad.job
	expect_match "bad.job:1: expected 'run sequential' or 'run parallel'" "$ERR"
	printf 'run sequential\nrun parallel\n' >bad.job
	bad_input bad.job
	expect_match "bad.job:2: cannot have both" "$ERR"
	printf 'pipe 1\ntimeout 1x\n' >bad.job
	bad_input bad.job
	expect_match "bad.job:2: invalid --timeout '1x'" "$ERR"
	printf -- '--pipe 1\n' >bad.job
	bad_input bad.job
	expect_match "bad.job:1: write options without dashes" "$ERR"
	printf 'job bad.job\n' >bad.job
	bad_input --job bad.job
	expect_match "bad.job:1: a job file cannot load another" "$ERR"
	printf 'pipe 1 2\n' >bad.job
	bad_input bad.job
	expect_match "bad.job:1: unexpected argument '2'" "$ERR"
	printf 'pipe\0 1\n' >bad.job
	bad_input bad.job
	expect_match "not a text file" "$ERR"
	# errors found once the whole job is read name the file
	printf 'run sequential\nclass pipe\n' >bad.job
	bad_input bad.job
	expect_match "error: bad.job: --class needs an instance count" "$ERR"
	# a bad value is refused on the line that holds it
	printf 'class=nosuch\nall 1\n' >bad.job
	bad_input bad.job
	expect_match "error: bad.job:1: unknown class 'nosuch'" "$ERR"
	printf 'pipe 1\n' >ok.job
	bad_input ok.job --job ok.job
	expect_match "only one job file" "$ERR"
}

t_example_jobs_dry_run() {
	# every example job passes --dry-run when its stressors are built in
	dir=$SK_SRC/example-jobs
	[ -d "$dir" ] || fail "no example-jobs directory"
	have=$("$SK" --stressors | awk '{ print $1 }')
	checked=0
	for job in "$dir"/*.job; do
		needs=$(sed -n 's/^# needs: //p' "$job")
		missing=
		for s in $needs; do
			printf '%s\n' "$have" | grep -qx "$s" || missing="$missing $s"
		done
		[ -z "$missing" ] || continue
		expect_exit 0 "$SK" "$job" --dry-run
		expect_match 'dry run: ' "$OUT"
		checked=$((checked + 1))
	done
	[ "$checked" -gt 0 ] || fail "no example job could be checked"
}

t_sequential_sigint_stops_the_rest() {
	# a stop signal ends the running stressor and skips the rest; sent
	# once pipe has counted ops (its status lines say so): a named
	# instance may not have reached its loop yet on a loaded machine
	"$SK" --sequential 1 --with pipe,splice --timeout 20s --status-interval 0.05 \
		--temp-path "$TMP" >"$TMP.log2" 2>&1 &
	pid=$!
	wait_until 20 ran_ops "$TMP.log2" pipe
	kill -INT "$pid"
	wait "$pid" || true
	log=$(cat "$TMP.log2")
	rm -f "$TMP.log2"
	expect_match 'stopped by a signal: 1 run not started' "$log"
	expect_no_match 'dispatching hogs: 1 splice' "$log"
	[ "$(rows "$log")" = 1 ] || fail "one row expected: $log"
	[ "$(metrics_field pipe 5 "$log")" -gt 0 ] || fail "no pipe ops: $log"
	no_leftovers "$TMP"
}

t_all_several() {
	expect_exit 0 "$SK" --all 1 --with pipe,splice -t 0.3 --temp-path "$TMP"
	expect_match 'dispatching hogs: 1 pipe, 1 splice$' "$OUT"
	[ "$(printf '%s\n' "$OUT" | grep -c 'dispatching hogs')" = 1 ] || fail "one dispatch expected"
	[ "$(rows "$OUT")" = 2 ] || fail "two rows expected: $OUT"
	# the same pair in turn: two runs, one table with both rows
	expect_exit 0 "$SK" --sequential 1 --with splice,pipe -t 0.3 --temp-path "$TMP"
	[ "$(printf '%s\n' "$OUT" | grep -c 'dispatching hogs: 1 [a-z]*$')" = 2 ] ||
		fail "two dispatches expected: $OUT"
	[ "$(rows "$OUT")" = 2 ] || fail "two rows expected: $OUT"
	no_leftovers "$TMP"
}
