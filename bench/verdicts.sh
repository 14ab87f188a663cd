#!/bin/sh
# verdicts.sh - how often compare's verdict is right, on a labelled corpus
# of real runs of this machine, over several workloads (make bench
# BENCH_ONLY=verdicts).
#
# Each workload is run as A and as Bs whose work per op differs from A's
# by a known amount, about 1%, 3% and 10% of ops/s (the change is measured
# here, from the corpus itself, and printed), and, for the syscall op, as
# a B of the same work per op with stalls of a known length and period:
#   getppidk  the bench plugin bench/plugins/getppidk.c, a CPU-bound
#             syscall op of K getppid() calls: K=100 against 101, 103 and
#             111 (-1.0%, -2.9%, -9.9% of the kernel work by construction);
#             the stall: 20 ms of sleep every 250 ms (8% of the time, in
#             stalls shorter than half a window);
#   sendfile  --sendfile 1 to /dev/null, an op of the file's pages:
#             --sendfile-size 4096K against 4014K, 3976K and 3724K (4055K,
#             1% fewer pages, moved ops/s only 0.3-0.5%);
#   pread2    --pread2 2 --instance-mode thread: --pread2-size 4K (will-it-
#             scale's) against 3584 and 2560 bytes (less copying) and 4608
#             (a second page to look up and copy);
#   pipe      --pipe 1, a writer and its reader (two tasks), at the passes
#             --repeat auto chooses: --pipe-data-size 1024 against 1152
#             and 2048 bytes per write();
#   splice    --splice 1 (held out: chosen before any tuning, never in
#             bench/estimators.sh, printed in a section of its own):
#             --splice-bytes 64K against 63K, 60K and 48K.
# Conditions (VERDICT_CONDITIONS): quiet; beside two CPU hogs; beside
# builds that start and stop, as another engineer's on a shared machine.
# What each condition asks (the issue's targets): quiet, A/A, 1% and 3%
# and the stall; hogs, A/A and 3%; builds, A/A, 3% and 10%.
# Per workload and condition: 2 * PAIRS invocations of A and PAIRS of each
# B, interleaved (A, B1, B3, B10, stall, A) so a drifting load meets all
# alike, each --repeat $VERDICT_PASSES -t $VERDICT_T --json (the two-task
# workload --repeat auto). The 1% change (quiet) and the 10% (builds) are
# asked at the passes --repeat auto chooses: their B runs --repeat auto,
# against PAIRS more invocations of A at --repeat auto (aa). Pair p is
# A(2p-1) against A(2p) (A/A) and against each B(p) (the 1% and 10% B
# against AA(p)), judged by one compare (the default verdict, with
# VERDICT_COMPARE_ARGS added), and again with the job's noise as
# stresskit calibrate measured it before the job's corpus (compare
# --noise). Runs already in VERDICT_DIR are kept, so VERDICT_DIR=...
# reprints the tables from them; a directory made with other settings is
# refused.
#
# Environment: VERDICT_DIR (default $BENCHDIR/verdicts), VERDICT_PAIRS
# (default 20), VERDICT_T (seconds per pass, default 1), VERDICT_PASSES
# (--repeat of each invocation, default 3), VERDICT_WORKLOADS (default
# "getppidk sendfile pread2 pipe splice"), VERDICT_CONDITIONS (default
# "quiet hogs builds"), VERDICT_COMPARE_ARGS (extra compare options, e.g.
# "--drift 3"), VERDICT_CAL_GAP (calibrate's --gap; default 2 s).
set -eu
. "$(dirname "$0")/lib.sh"
DIR=${VERDICT_DIR:-$BENCHDIR/verdicts}
PAIRS=${VERDICT_PAIRS:-20}
T=${VERDICT_T:-1}
PASSES=${VERDICT_PASSES:-3}
WORKLOADS=${VERDICT_WORKLOADS:-"getppidk sendfile splice pread2 pipe"}
CONDITIONS=${VERDICT_CONDITIONS:-"quiet hogs builds"}
COMPARE_ARGS=${VERDICT_COMPARE_ARGS:-}
CAL_GAP=${VERDICT_CAL_GAP:-2}
HELD_OUT=splice
ROOT=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$DIR"

# The bench plugin, as make bench builds it (bench/Makefile); built here
# the same way when this script is run on its own.
PLUGIN=$BENCHDIR/plugins/getppidk.so
if [ ! -f "$PLUGIN" ]; then
	PLUGIN=$DIR/getppidk.so
	cc -O2 -g -D_GNU_SOURCE -shared -fPIC -I"$ROOT/include" \
		"$ROOT/bench/plugins/getppidk.c" -o "$PLUGIN"
fi

# workload NAME: sets W_ARGS (the invocation but the knob), W_KNOB, W_A,
# W_B1, W_B3, W_B10 (the knob's value for A and each change; empty: none),
# W_STALL (the stall side's added options; empty: none), W_REPEAT and W_T.
workload() {
	W_B1= W_STALL= W_REPEAT=$PASSES W_T=$T
	case "$1" in
	getppidk)
		W_ARGS="--plugin $PLUGIN --getppidk 1" W_KNOB=--getppidk-calls
		W_A=100 W_B1=101 W_B3=103 W_B10=111
		W_STALL="--getppidk-stall 20ms --getppidk-stall-every 250ms" ;;
	sendfile)
		W_ARGS="--sendfile 1" W_KNOB=--sendfile-size
		W_A=4096K W_B1=4014K W_B3=3976K W_B10=3724K ;;
	pread2)
		W_ARGS="--pread2 2 --instance-mode thread" W_KNOB=--pread2-size
		W_A=4K W_B1=3584 W_B3=2560 W_B10=4608 ;;
	pipe)
		W_ARGS="--pipe 1" W_KNOB=--pipe-data-size
		W_A=1024 W_B3=1152 W_B10=2048 W_REPEAT=auto W_T=0.5 ;;
	splice)
		W_ARGS="--splice 1" W_KNOB=--splice-bytes
		W_A=64K W_B1=63K W_B3=60K W_B10=48K ;;
	*)
		echo "verdicts: no workload $1 (getppidk sendfile pread2 pipe splice)" >&2
		exit 1 ;;
	esac
}

# kinds COND: the sides a condition asks for, beside A (the issue's targets)
kinds() {
	case "$1" in
	quiet) echo "${W_B1:+$(auto_a) b1} b3${W_STALL:+ stall}" ;;
	hogs) echo "b3" ;;
	builds) echo "b3 $(auto_a) b10" ;;
	*) echo "verdicts: no condition $1 (quiet hogs builds)" >&2; exit 1 ;;
	esac
}

# auto_a: the kind of A the changes asked at --repeat auto are judged
# against: aa, or none when A itself runs --repeat auto
auto_a() {
	[ "$W_REPEAT" = auto ] || echo aa
}

made=
one_run() {	# FILE KIND
	[ -s "$1" ] && return 0
	made=1
	rep=$W_REPEAT
	case "$2" in
	a|stall) v=$W_A ;;
	aa) v=$W_A rep=auto ;;
	b1) v=$W_B1 rep=auto ;;
	b3) v=$W_B3 ;;
	b10) v=$W_B10 rep=auto ;;
	esac
	extra=
	[ "$2" = stall ] && extra=$W_STALL
	# shellcheck disable=SC2086
	"$SK" $W_ARGS "$W_KNOB" "$v" $extra -t "$W_T" --repeat "$rep" --json "$1.tmp" \
		>/dev/null 2>"$1.err" || {
		echo "verdicts: run $1 failed: $(tail -n 1 "$1.err")" >&2
		rm -f "$1.tmp" "$1.err"
		exit 1
	}
	rm -f "$1.err"
	mv "$1.tmp" "$1"
}

# settings DIR: the settings a workload's runs were made with, written the
# first time; runs made otherwise are not mixed with them.
settings() {
	s="$W_ARGS $W_KNOB $W_A/$W_B1/$W_B3/$W_B10 stall:$W_STALL -t $W_T --repeat $W_REPEAT b1,b10:auto"
	s=$(printf '%s\n' "$s" | sed "s|$PLUGIN|getppidk.so|")
	if [ -s "$1/settings" ] && [ "$(cat "$1/settings")" != "$s" ]; then
		echo "verdicts: $1 holds runs of $(cat "$1/settings"), not $s; use another VERDICT_DIR" >&2
		exit 1
	fi
	printf '%s\n' "$s" >"$1/settings"
}

hogs_pid=
hogs_start() {
	for _ in 1 2; do
		sh -c 'while :; do :; done' &
		hogs_pid="$hogs_pid $!"
	done
}
# builds: another engineer's builds on the machine, which start and stop:
# stresskit built from scratch at -j2 (make -j$(nproc) here), each build
# cut after 2 to 9 s, then 0 to 3 s idle. Its compilers take a share of
# the CPUs from the instance that drifts from one invocation to the next:
# the condition under which one invocation's passes understate the spread
# between invocations. In a session of its own, killed as a group.
builds_start() {
	setsid sh -c 'rnd() { echo $(( $(od -An -N1 -tu1 /dev/urandom) % $1 )); }
		while :; do
			timeout "$(( $(rnd 8) + 2 ))" make -s -B -j2 -C "$1" BUILD="$2" >/dev/null 2>&1
			sleep "$(rnd 4)"
		done' builds "$ROOT" "$DIR/build-load" &
	hogs_pid="$hogs_pid -$!"
}
hogs_stop() {
	[ -n "$hogs_pid" ] && kill -- $hogs_pid 2>/dev/null
	[ -n "$hogs_pid" ] && wait 2>/dev/null
	hogs_pid=
	# the builds' compilers are gone before their directory goes: timeout
	# runs each make in a process group of its own, which the kill above
	# does not reach (the rm failed on a make still writing)
	i=0
	while pkill -f -- "$DIR/build-load" 2>/dev/null && [ "$i" -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

# made COND: whether every run of COND is already in VERDICT_DIR (a
# reprint): then no load is started for it.
made() {
	for w in $WORKLOADS; do
		[ -s "$DIR/$1/$w/a-$((2 * PAIRS)).json" ] && [ -s "$DIR/$1/$w/noise.json" ] ||
			return 1
	done
}
trap hogs_stop EXIT INT TERM

for w in $WORKLOADS; do
	workload "$w"	# every name checked before any run
done
for cond in $CONDITIONS; do
	kinds "$cond" >/dev/null
done
start=$(date +%s)
for cond in $CONDITIONS; do
	made "$cond" || {
		[ "$cond" = hogs ] && hogs_start
		[ "$cond" = builds ] && builds_start
	}
	for w in $WORKLOADS; do
		workload "$w"
		d=$DIR/$cond/$w
		mkdir -p "$d"
		settings "$d"
		made=
		# this job's noise on this machine, measured by stresskit calibrate
		# before its corpus: the pairs are judged with and without it
		if [ ! -s "$d/noise.json" ]; then
			cp=$PASSES
			[ "$W_REPEAT" = auto ] && cp=5
			# shellcheck disable=SC2086
			"$SK" calibrate --invocations 6 --passes "$cp" --gap "$CAL_GAP" \
				-o "$d/noise.json" -- $W_ARGS "$W_KNOB" "$W_A" -t "$W_T" \
				>"$d/noise.txt" 2>"$d/noise.err" || {
				echo "verdicts: calibrate $d failed: $(tail -n 1 "$d/noise.err")" >&2
				exit 1
			}
			rm -f "$d/noise.err"
		fi
		p=1
		while [ "$p" -le "$PAIRS" ]; do
			one_run "$d/a-$((2 * p - 1)).json" a
			for k in $(kinds "$cond"); do
				one_run "$d/$k-$p.json" "$k"
			done
			one_run "$d/a-$((2 * p)).json" a
			p=$((p + 1))
		done
		# the load the runs met: kept when they were made before (a reprint)
		[ -s "$d/load" ] && [ -z "$made" ] ||
			uptime | sed 's/.*load average/load average/' >"$d/load"
	done
	hogs_stop
	rm -rf "$DIR/build-load"
done
echo "Runs made in $(($(date +%s) - start)) s (0 when all were kept)."
echo

# The per-workload lines the judging prints its headings from.
specs=
for w in $WORKLOADS; do
	workload "$w"
	specs="$specs$w|$(printf '%s' "$W_ARGS" | sed "s|$PLUGIN|getppidk.so|")|$W_KNOB|$W_A|$W_B1|$W_B3|$W_B10|$W_STALL|$W_REPEAT
"
done

exec python3 "$(dirname "$0")/verdicts.py" "$SK" "$DIR" "$PAIRS" "$CONDITIONS" "$HELD_OUT" \
	"$T" "$PASSES" "$COMPARE_ARGS" "$specs"
