# lib.sh - helpers for integration tests, sourced by run.sh before each
# tests/integration/test_*.sh. A test is a shell function named t_*;
# it fails by calling fail (or any command failing under set -e).
# $SK is the stresskit binary; $TMP a scratch directory removed after.

# The fault tests set STRESSKIT_TEST_* variables, which only the test build
# reads (make builds build/stresskit.test beside build/stresskit): given
# the shipped binary, the tests run the test build beside it. $SK_SHIPPED
# is the binary users get, for the tests that check it has no hooks.
SK_SHIPPED=${SK_SHIPPED:-${SK%.test}}
case $SK in
*.test) ;;
*) [ -x "$SK.test" ] && SK=$SK.test ;;
esac

fail() {
	echo "    FAIL: $*" >&2
	return 1
}

# expect_exit CODE CMD...: runs CMD, fails unless it exits with CODE.
# Its stdout and stderr are left in $OUT and $ERR.
expect_exit() {
	want=$1
	shift
	set +e
	"$@" >"$TMP.out" 2>"$TMP.err"
	got=$?
	set -e
	OUT=$(cat "$TMP.out")
	ERR=$(cat "$TMP.err")
	[ "$got" = "$want" ] || fail "exit $got, expected $want: $*
--- stdout:
$OUT
--- stderr:
$ERR"
}

# expect_match PATTERN TEXT: extended regex must match somewhere in TEXT.
expect_match() {
	printf '%s\n' "$2" | grep -Eq -- "$1" || fail "no match for /$1/ in:
$2"
}

expect_no_match() {
	! printf '%s\n' "$2" | grep -Eq -- "$1" || fail "unexpected /$1/ in:
$2"
}

# one_line TEXT: TEXT is exactly one line.
one_line() {
	[ "$(printf '%s\n' "$1" | wc -l)" = 1 ] || fail "expected one line, got:
$1"
}

# test_pids: a comma-separated list of this test's processes, those that
# inherited its SK_TEST_ID (run.sh gives each test its own), so tests
# running side by side don't see each other's instances. Not a session of
# the test's own: the kernel's autogroups schedule each session as one
# group, and a group whose tasks wake each other (a pipe's writer and
# reader) then holds both CPUs of a 2-CPU machine for seconds while the
# other tests' groups wait.
test_pids() {
	# unset, no process would match and every leak check would pass
	: "${SK_TEST_ID:?is set by run.sh}"
	grep -lsxz "SK_TEST_ID=$SK_TEST_ID" /proc/[0-9]*/environ | cut -d/ -f3 | paste -sd, -
}

# test_ps COLUMNS: ps's COLUMNS (as -o takes them) of each live process
# of this test, a line each. Zombies don't count: an orphan is reaped by
# init, which in some containers never happens.
test_ps() {
	tp_pids=$(test_pids)
	[ -z "$tp_pids" ] ||
		ps -o "stat=,$1" -p "$tp_pids" |
		awk '$1 !~ /^Z/ { sub(/^[^ ]+ +/, ""); print }'
}

# sk_procs [PATTERN]: "PID COMM" of each stresskit process of this test.
sk_procs() {
	test_ps pid=,comm= | awk -v re="${1:-^stresskit}" '$2 ~ re { print $1, $2 }'
}

# wait_until SECONDS CMD...: runs CMD every 20 ms until it succeeds, and
# fails if SECONDS pass first. Tests synchronise on the condition itself,
# never on a fixed sleep: load only makes this take longer. SECONDS is a
# deadline against a hang, not a speed promise; keep it generous.
wait_until() {
	# in ms: mawk's printf %d stops at 2^31-1
	wu_end=$(($(date +%s%3N) + $(awk -v s="$1" 'BEGIN { printf "%d", s * 1000 }')))
	shift
	until "$@"; do
		[ "$(date +%s%3N)" -lt "$wu_end" ] || fail "not so within the deadline: $*" || return 1
		sleep 0.02
	done
}

# no_sk_procs: no stresskit process of this session is left.
no_sk_procs() {
	[ -z "$(sk_procs)" ]
}

# sk_running N [PATTERN]: at least N processes of the session match.
sk_running() {
	[ "$(sk_procs "${2:-^stresskit-}" | wc -l)" -ge "$1" ]
}

# timeout_kept OUT TIMEOUT: -v's phases lines in OUT show each run's run
# phase, from the start barrier to the stop, lasting TIMEOUT: never less
# (but for the 1 ms rounding of two figures), and at most 0.1 s more.
# That is the controller's own record of its timer, which it runs at
# real-time priority: however loaded the machine, the stop is not late by
# more than its wake-up. The whole run's wall time is no less than it.
timeout_kept() {
	printf '%s\n' "$1" | sed -n 's/.* phases: .*, run \([0-9.]*\)s, .*/\1/p' >"$TMP.runs"
	[ -s "$TMP.runs" ] || fail "no phases line: $1"
	awk -v t="$2" '{ if ($1 < t - 0.002 || $1 > t + 0.1) { print "run phase " $1 " s"; bad = 1 } }
		END { exit bad }' "$TMP.runs" || fail "a $2 s timeout not kept: $(cat "$TMP.runs")"
	rm -f "$TMP.runs"
	wall=$(printf '%s\n' "$1" | sed -n 's/.*run completed in \([0-9.]*\)s$/\1/p')
	awk -v w="$wall" -v t="$2" 'BEGIN { exit !(w != "" && w >= t) }' || fail "run completed in '$wall' s"
}

# ran_ops FILE [STRESSOR...]: --status-interval lines in FILE show ops
# counted (by each STRESSOR named).
ran_ops() {
	ro_file=$1
	shift
	[ $# -gt 0 ] || set -- '[a-z0-9_]+'
	for ro_s; do
		grep -Eq "status [0-9.]+s: (.*, )?$ro_s [1-9][0-9]* bogo-ops/s" "$ro_file" || return 1
	done
}

# clock_past SECONDS: the clock's second is past SECONDS (date +%s).
clock_past() {
	[ "$(date +%s)" -gt "$1" ]
}

# no_leftovers DIR: no stresskit process and no file left in DIR. The
# controller has exited, but an instance of a killed one may take a moment
# to follow it (PR_SET_PDEATHSIG): waited for, with a deadline.
no_leftovers() {
	wait_until 20 no_sk_procs || fail "stresskit processes left: $(sk_procs)"
	[ -z "$(ls -A "$1")" ] || fail "files left in $1: $(ls -A "$1")"
}

# bad_input ARGS...: exit 1, one line on stderr naming the problem, no run.
bad_input() {
	expect_exit 1 "$SK" "$@" --temp-path "$TMP"
	one_line "$ERR"
	expect_match '^stresskit: error: ' "$ERR"
	[ -z "$OUT" ] || fail "output on bad input: $OUT"
	[ -z "$(ls -A "$TMP")" ] || fail "files made on bad input"
}

# py SCRIPT ARGS...: a python3 check; a failed assert fails the test.
py() {
	python3 -c "$@" || fail "python check failed"
}

# metrics_field STRESSOR FIELD OUTPUT: the FIELDth whitespace field of the
# stressor's --metrics-brief row (1 = prefix, 5 = bogo ops, 9 = ops/s).
metrics_field() {
	printf '%s\n' "$3" | awk -v s="$1" -v f="$2" '$2 == "metrc:" && $4 == s && $5 ~ /^[0-9]+$/ { print $f; exit }'
}

# crafted NAME OPS_PER_SEC... [-- LATENCY...]: a results file with one run
# per value (ops = ops/s * 10), the way --json writes them.
crafted() {
	name=$1
	shift
	python3 - "$name" "$@" <<'PY'
import json, sys
name, vals = sys.argv[1], sys.argv[2:]
lat = []
if "--" in vals:
    i = vals.index("--")
    vals, lat = vals[:i], vals[i + 1:]
runs = []
for k, v in enumerate(vals):
    v = float(v)
    extra = [{"description": "MB per sec pipe write rate", "value": v / 100, "higher-is-better": True}]
    if lat:
        extra.append({"description": "latency usec", "value": float(lat[k]), "higher-is-better": False})
    runs.append({"run": k + 1, "metrics": [{"stressor": "pipe", "bogo-ops": int(v * 10),
        "bogo-ops-per-second-real-time": v, "extra-metrics": extra}]})
json.dump({"runs": runs}, open(name, "w"))
PY
}

# row KEY: the compare row of KEY in $OUT
row() {
	printf '%s\n' "$OUT" | grep -E "  $1( |\$)" || fail "no row $1 in: $OUT"
}

# scipy_python: a python3 that has scipy (pyenv's may not), or nothing.
scipy_python() {
	for p in python3 /usr/bin/python3; do
		if "$p" -c 'import scipy' 2>/dev/null; then
			echo "$p"
			return 0
		fi
	done
}

# status_lines PREFIX INSTANCES TEXT: --status's lines in TEXT, in
# stress-ng's exact words (numbers aside); fails unless there is at least
# one, and each one's running + exited is INSTANCES, reaped <= exited,
# none failed and at most INSTANCES sent SIGALRM.
status_lines() {
	lines=$(printf '%s\n' "$3" | grep -F "] status: ") || fail "no status line in: $3"
	masked=$(printf '%s\n' "$lines" | sed -E 's/[0-9]+/N/g' | sort -u)
	want="$1: info:  [N] status: N run, N exit, N reap, N fail, N SIGALRM, N sec"
	printf '%s\n' "$masked" | while read -r m; do
		[ "$m" = "$want" ] || [ "$m" = "${want}s" ] || fail "status line not stress-ng's: $m"
	done
	printf '%s\n' "$lines" | sed -E 's/.*status: ([0-9]+) run, ([0-9]+) exit, ([0-9]+) reap, ([0-9]+) fail, ([0-9]+) SIGALRM, .*/\1 \2 \3 \4 \5/' |
		while read -r run ex reap failed alrm; do
			[ $((run + ex)) = "$2" ] || fail "$run run + $ex exit is not $2 instances: $lines"
			[ "$reap" -le "$ex" ] && [ "$failed" = 0 ] && [ "$alrm" -le "$2" ] ||
				fail "status counts: $lines"
		done
}

# perf_paranoid_2: as root, kernel.perf_event_paranoid is 2 (Debian's
# default: a user may count and sample its own processes in user space
# only) until the test ends, then what it was; false, saying why (a
# skip), where that cannot be. Only an unprivileged perf_event_open reads
# it: the other tests, run as root, see no change.
perf_paranoid_2() {
	[ "$(id -u)" = 0 ] || { echo "    skip: needs root to set the sysctl and switch users"; return 1; }
	[ -w /proc/sys/kernel/perf_event_paranoid ] ||
		{ echo "    skip: no writable kernel.perf_event_paranoid here"; return 1; }
	# one such test at a time: another's restore must not end this one's 2
	exec 9>>/tmp/stresskit-test-perf-paranoid.lock
	flock -w 120 9 || { fail "another test held kernel.perf_event_paranoid for 120 s"; exit 1; }
	pp_saved=$(cat /proc/sys/kernel/perf_event_paranoid)
	[ "$pp_saved" = 2 ] && return 0
	trap 'echo "$pp_saved" >/proc/sys/kernel/perf_event_paranoid' EXIT
	echo 2 >/proc/sys/kernel/perf_event_paranoid
}

# own_uid: a user id of this test's own, which no other test running
# beside it shares (each test is a shell of its own pid): per-user
# limits such as RLIMIT_NPROC count a user's processes wherever they run.
own_uid() {
	echo $((60000 + $$ % 5000))
}

# as_own_uid CMD...: CMD as own_uid, with no groups (root only).
as_own_uid() {
	setpriv --reuid="$(own_uid)" --regid="$(own_uid)" --clear-groups "$@"
}

# as_own_user CMD...: as_own_uid in $TMP/u, which it may write.
as_own_user() {
	mkdir -p "$TMP/u"
	chmod 755 "$TMP"
	chmod 777 "$TMP/u"
	(cd "$TMP/u" && as_own_uid "$@")
}

# profile_possible: whether perf can profile here: says why not (as a skip) when it cannot.
profile_possible() {
	command -v perf >/dev/null 2>&1 || { echo "skip: perf not installed (linux-perf)"; return 1; }
	"$SK" --pipe 1 --timeout 200ms --perf-profile --temp-path "$TMP" >"$TMP/probe" 2>&1 || true
	why=$(grep -- 'warn.*--perf-profile:' "$TMP/probe" | sed 's/.*--perf-profile: //')
	rm -f "$TMP/probe"
	[ -z "$why" ] || { echo "skip: perf cannot profile here: $why"; return 1; }
}

# wis_shape FILE MODE TASKS: runtest.py's CSV for MODE over TASKS (1,2):
# its header and 0 row, a row per task count with the figures of the modes
# run and 0 and 0.00 for the others, and linear 0 until a 1-task row sets
# it to that row's larger figure (then that times the task count).
wis_shape() {
	awk -F, -v mode="$2" -v tasks="$3" '
	BEGIN { n = split(tasks, want, ","); procs = mode != "thread"; thr = mode != "process" }
	function ran(fig, idle, on, what) {
		if (on && (fig !~ /^[1-9][0-9]*$/ || idle !~ /^[0-9]+\.[0-9][0-9]$/ || idle > 100))
			bad = what " not run: " $0
		if (!on && (fig != "0" || idle != "0.00"))
			bad = what " run: " $0
	}
	NR == 1 { if ($0 != "tasks,processes,processes_idle,threads,threads_idle,linear") bad = "header: " $0; next }
	NR == 2 { if ($0 != "0,0,100,0,100,0") bad = "zero row: " $0; next }
	{
		r = NR - 2
		if (NF != 6 || $1 != want[r]) { bad = "row " r ": " $0; next }
		ran($2, $3, procs, "processes")
		ran($4, $5, thr, "threads")
		if ($1 == 1)
			lin = $2 > $4 ? $2 : $4
		if ($6 != sprintf("%.0f", lin * $1))
			bad = "linear " $6 " is not " lin + 0 " x " $1
	}
	END { if (!bad && NR != n + 2) bad = NR " lines for tasks " tasks
	      if (bad) { print bad; exit 1 } }' "$1" || return 1
	[ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ] || fail "no newline at the end"
}

# wis_keys FILE MODE TASKS: the keys LKP's parser gets from the CSV: every
# row's five, per-mode ops above 0 exactly for the modes run, and
# scalability only where a 1-task row gave the later rows a linear.
wis_keys() {
	python3 "$SK_SRC/tests/integration/lkp_wis_parse.py" <"$1" >keys ||
		fail "parser mirror failed"
	for t in $(echo "$3" | tr , ' '); do
		for k in processes processes_idle threads threads_idle linear; do
			v=$(awk -F, -v t="$t" -v k="$k" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
				$1 == t { print $c[k] }' "$1")
			grep -qx "$t\\.$k: $v" keys || fail "no $t.$k: $v in: $(cat keys)"
		done
	done
	for m in process thread; do
		case "$2" in
		"$m" | both) grep -Eqx "per_${m}_ops: [1-9][0-9]*" keys ;;
		*) grep -qx "per_${m}_ops: 0" keys ;;
		esac || fail "per_${m}_ops for mode $2: $(cat keys)"
	done
	grep -Eqx 'workload: [1-9][0-9]*' keys || fail "no workload: $(cat keys)"
	case "$3" in
	1,*) grep -Eqx 'scalability: [0-9]+\.[0-9]{6}' keys ;;
	*) ! grep -q '^scalability' keys ;;
	esac || fail "scalability for tasks $3: $(cat keys)"
	# the process figure over linear at the last step, as LKP divides
	if [ "$3" = 1,2 ]; then
		want=$(awk -F, 'END { printf "scalability: %f\n", $2 / $6 }' "$1")
		grep -qx "$want" keys || fail "not $want: $(cat keys)"
	fi
	rm -f keys
}

# verdict NAME STATUS: $TMP/NAME.so, the verdict test plugin
# (plugins/verdict.c) as a stressor NAME whose run ends with STATUS.
verdict() {
	cc -O2 -shared -fPIC -I"$SK_SRC/include" -DVERDICT_NAME="\"$1\"" \
		-DVERDICT_STATUS="$2" "$SK_SRC/tests/integration/plugins/verdict.c" \
		-o "$TMP/$1.so" || fail "cannot build $1"
}

# expect_judged CMD...: compare judged the files: exit 0 (no regression),
# 2 (a KPI row regressed) or 8 (a KPI row inconclusive), any of which
# two real runs of one job on a machine as loaded as the suite's may give
# (beside the suite, pipe's ops per CPU-second moved 15% between two
# runs); never 1, bad input. $OUT and $ERR as expect_exit leaves them.
expect_judged() {
	expect_exit 0 "$@" 2>/dev/null || {
		[ "$got" = 2 ] || [ "$got" = 8 ] || fail "exit $got, expected 0, 2 or 8: $*
--- stdout:
$OUT
--- stderr:
$ERR"
	}
}
