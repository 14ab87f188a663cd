# lib.sh - helpers for bench/*.sh (sourced): medians, ratios, peers.
here=$(cd "$(dirname "$0")" && pwd)

# largest N1 N2 ...: the largest of the numbers given.
largest() {
	printf '%s\n' "$@" | sort -g | tail -n 1
}

# median N1 N2 ...: the median of the numbers given.
median() {
	printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
		if (NR == 0) { print 0; exit }
		if (NR % 2) print v[(NR + 1) / 2]; else printf "%.15g\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# envelope: the 95th percentile (between order statistics) of the
# numbers on stdin, as core/stats/estimator.c reads a run's windows: the
# same estimator for both tools of a pair, over windows of one length.
envelope() {
	sort -g | awk '{ v[NR] = $1 } END {
		if (NR == 0) { print 0; exit }
		at = 0.95 * (NR - 1); lo = int(at); f = at - lo
		printf "%.0f\n", (lo + 1 < NR) ? v[lo + 1] + f * (v[lo + 2] - v[lo + 1]) : v[NR] }'
}

# ratio A B: A / B with 3 decimals.
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f\n", a / b; else print "n/a" }'
}

# sk_metric OUTPUT NAME DESC: an extra metric's value from a metrics table
# (stresskit's or stress-ng's: the same format).
sk_metric() {
	printf '%s\n' "$1" | awk -v s="$2" -v d="$3" '$2 == "metrc:" && $4 == s && index($0, d) { print $5; exit }'
}

# sk_ops_per_sec OUTPUT NAME: bogo ops/s (real time) of a stressor's row.
sk_ops_per_sec() {
	printf '%s\n' "$1" | awk -v s="$2" '$2 == "metrc:" && $4 == s && $5 ~ /^[0-9]+$/ { print $9; exit }'
}

have() {
	command -v "$1" >/dev/null 2>&1
}

# op_size SYSCALL CMD...: runs CMD (a short run of a peer) under strace -f
# and prints the byte count most of its SYSCALL calls returned, the share
# of the calls that returned it, and how many calls there were:
# "512 99 15431" (99%). Nothing when strace is missing or saw no such call.
op_size() {
	osc=$1
	shift
	have strace || return 0
	of=$(mktemp /tmp/sk-bench-op.XXXXXX)
	strace -f -qq -e trace="$osc" -e signal=none -o "$of" "$@" >/dev/null 2>&1
	awk '/\) += [0-9]+$/ { n[$NF]++; all++ }
		END { for (s in n) if (n[s] > best) { best = n[s]; size = s }
			if (all) printf "%s %d %d\n", size, 100 * best / all, all }' "$of"
	rm -f "$of"
}

# peer_op_same LABEL SYSCALL BYTES CMD...: whether the peer's op is ours:
# most (90%) of CMD's SYSCALL calls move BYTES bytes. A ratio is worth
# dividing only then; when not, one row says what the peer's op is, that
# no ratio is given, and the status is 1: so a caller may keep that row
# (why=$(peer_op_same ...)) and print it in the ratio's place, an empty one
# meaning the same op. Unknown (no strace) is a no too: a ratio of unequal
# ops reads as a difference in speed.
peer_op_same() {
	pl=$1 psc=$2 pb=$3
	shift 3
	if ! have strace; then
		row "$pl" "no ratio: its op is unchecked (no strace: apt-get install strace)"
		return 1
	fi
	# shellcheck disable=SC2046
	set -- $(op_size "$psc" "$@")
	if [ $# = 0 ]; then
		row "$pl" "no ratio: no $psc() seen in a short run of it"
		return 1
	fi
	if [ "$1" != "$pb" ] || [ "$2" -lt 90 ]; then
		row "$pl" "no ratio: its op is a $psc() of $1 bytes ($2% of $3 calls), ours $pb"
		return 1
	fi
}

# redis_op_same TEST PORT BOPTS SK_ARG...: whether redis-benchmark -t TEST
# BOPTS and the redis stressor's client (SK_ARG...) send the same requests
# to the server on PORT. The op is a batch of pipelined requests in one
# write() (the stressor) or sendto() (redis-benchmark, through hiredis), so
# the same bytes a call is the same key format, value size and pipeline.
redis_op_same() {
	rt=$1 rp=$2 rbo=$3
	shift 3
	rours=$(op_size write "$SK" --redis 1 --redis-target "127.0.0.1:$rp" --redis-test "$rt" \
		--redis-ops 3000 "$@")
	# shellcheck disable=SC2086
	peer_op_same "  redis-benchmark $rt" sendto "${rours%% *}" \
		redis-benchmark -p "$rp" -t "$rt" $rbo -n 3000 -q
}

# row LABEL VALUE...: one aligned output line.
row() {
	label=$1
	shift
	printf '  %-48s %s\n' "$label" "$*"
}

# wis_build CASE...: will-it-scale's CASE_processes and CASE_threads for
# the side-by-side benches, in $WIS_BIN. A build directory given as
# WIS_DIR is used as it is; otherwise the source (WIS_SRC: a checkout or a
# git directory, or WIS_DIR holding main.c) is copied under $BENCHDIR and
# built there (it needs libhwloc-dev), so nothing of it enters the tree.
# Returns 1 with a row saying why when it cannot.
wis_build() {
	WIS_BIN=
	src=${WIS_SRC:-}
	if [ -n "${WIS_DIR:-}" ] && [ ! -f "$WIS_DIR/main.c" ]; then
		WIS_BIN=$WIS_DIR
	elif [ -n "${WIS_DIR:-}" ]; then
		src=$WIS_DIR
	fi
	if [ -z "$WIS_BIN" ]; then
		if [ -z "$src" ]; then
			row "will-it-scale" "not given: WIS_DIR=BUILD_DIR or WIS_SRC=CHECKOUT; skipped"
			return 1
		fi
		WIS_BIN=$BENCHDIR/will-it-scale
		if [ ! -f "$WIS_BIN/main.c" ]; then
			mkdir -p "$WIS_BIN"
			if [ -f "$src/main.c" ]; then
				cp -R "$src"/. "$WIS_BIN"/
			elif ! git --git-dir="$src" archive HEAD | tar -x -C "$WIS_BIN"; then
				row "will-it-scale" "$src is neither a checkout nor a git directory; skipped"
				rm -rf "$WIS_BIN"
				return 1
			fi
		fi
		for c in "$@"; do
			if ! make -s -C "$WIS_BIN" "${c}_processes" "${c}_threads" \
				>"$WIS_BIN/build.log" 2>&1; then
				row "will-it-scale" "build failed (libhwloc-dev?): $WIS_BIN/build.log; skipped"
				return 1
			fi
		done
	fi
	for c in "$@"; do
		for m in processes threads; do
			[ -x "$WIS_BIN/${c}_$m" ] || {
				row "will-it-scale" "no ${c}_$m in $WIS_BIN; skipped"
				return 1
			}
		done
	done
}

# cpu_seconds FILE: user + system seconds that /usr/bin/time -f '%U %S'
# or TREE_CPU (tree_cpu_init) wrote to FILE (0 when it wrote nothing usable).
cpu_seconds() {
	awk -F'[ ,]' '$3 == "task-clock" && $2 == "msec" { s = $1 / 1000 }
		NF == 2 && $1 ~ /^[0-9.]+$/ { s = $1 + $2 } END { print s + 0 }' "$1"
}

# tree_cpu_init: TREE_CPU, a command prefix that, given FILE and a
# command, runs it and writes to FILE the CPU time of it and every task it
# started, whoever reaped them: perf's task-clock, inherited down every
# fork, where perf can count it, else what /usr/bin/time gets from wait4.
# (will-it-scale's context_switch1 partner is its task's child, reparented
# to init when the task is killed, so wait4 never counts it.)
tree_cpu_init() {
	[ -n "${TREE_CPU:-}" ] && return
	f=$(mktemp -p "$BENCHDIR")
	TREE_CPU="/usr/bin/time -f %U,%S -o"
	if perf stat -x, -e task-clock -o "$f" -- true >/dev/null 2>&1 &&
		[ "$(cpu_seconds "$f")" != 0 ]; then
		TREE_CPU="perf stat -x, -e task-clock -o"
	fi
	rm -f "$f"
}

# per_cpu OPS SECONDS: OPS / SECONDS, or 0 without CPU time.
per_cpu() {
	awk -v o="$1" -v s="$2" 'BEGIN { if (s > 0) printf "%.0f\n", o / s; else print 0 }'
}

# will-it-scale's suite in three shares, one per wis_*.sh bench, by where
# stresskit's stressor keeps its file (its --help says): the run directory,
# so --temp-path decides (wis_a.sh); a memfd on shmem (wis_shm.sh); none
# (wis_b.sh).
WIS_SHARE_A="fallocate2 open1 open2 open3 read3 read4 unlink1 unlink2"
WIS_SHARE_SHM="dup1 fallocate1 lock1 lock2 lseek1 lseek2 mmap2 page_fault2
	page_fault3 poll1 poll2 pread1 pread2 pread3 pwrite1 pwrite2 pwrite3
	read1 read2 readseek1 readseek2 readseek3 tlb_flush1 tlb_flush3 write1
	writeseek1 writeseek2 writeseek3"
WIS_SHARE_B="brk1 brk2 context_switch1 eventfd1 futex1 futex2 futex3 futex4
	getppid1 malloc1 malloc2 mmap1 page_fault1 pipe1 posix_semaphore1
	pthread_mutex1 pthread_mutex2 pthread_mutex3 pthread_mutex4
	pthread_mutex5 sched_yield signal1 tlb_flush2 unix1"

# wis_cases SHARE DEFAULT...: the cases a wis_*.sh bench runs. Without
# WIS_CASES, DEFAULT (its own subset); with WIS_CASES=all, its whole SHARE;
# with WIS_CASES=NAME..., those names that are in its SHARE, so one list
# given to all three benches runs each case once, in the right one.
wis_cases() {
	share=$1
	shift
	[ -z "${WIS_CASES:-}" ] && { echo "$*"; return; }
	# shellcheck disable=SC2086
	for c in $share; do
		case " $WIS_CASES " in " all "|*" $c "*) printf '%s ' "$c" ;; esac
	done
	echo
}

# wis_tmpfs CMD ARG...: CMD in a private mount namespace whose /tmp is a
# fresh tmpfs, run from there (unshare -m as root, else in a user
# namespace of its own: unshare -rm).
wis_tmpfs() {
	# shellcheck disable=SC2016
	set -- sh -c 'mount -t tmpfs -o mode=1777 wis-tmp /tmp && cd /tmp && exec "$@"' wis_tmpfs "$@"
	if [ "$(id -u)" = 0 ]; then
		unshare -m --propagation private "$@"
	else
		unshare -rm --propagation private "$@"
	fi
}

# wis_tmpfs_ok: true when wis_tmpfs can run here.
wis_tmpfs_ok() {
	# shellcheck disable=SC2016
	wis_tmpfs sh -c '[ "$(stat -f -c %T /tmp)" = tmpfs ]' 2>/dev/null
}

# wis_run CASE MODE TASKS SECONDS: one will-it-scale run of TASKS tasks
# (MODE process or thread) for SECONDS after its own 5 s warm-up, without
# CPU affinity (-n), as stresskit runs unpinned, in a scratch directory
# (some cases leave files in the current one). Prints three figures: its
# "average:" ops/s, its ops per CPU second over the whole process (every
# interval's total over the CPU time of it and its tasks, TREE_CPU,
# warm-up and start-up included as they are for stresskit's), the
# same over wait4's usr+sys, the clock of stresskit's instances' own
# figure (see sk_run; it misses context_switch1's partner), and the ops/s
# of every interval, warm-up included (wis_compare_concurrent's).
# With WIS_TMP=shmem (wis_compare_shmem) it runs in a mount namespace of
# its own with a tmpfs on /tmp, where it keeps its files, since the
# stresskit case it is compared with keeps its file on shmem.
wis_run() {
	m=processes
	[ "$2" = thread ] && m=threads
	tf=$(mktemp -p "$BENCHDIR")
	tf2=$(mktemp -p "$BENCHDIR")
	tree_cpu_init
	# Killed if it outlives its warm-up and run by far: its thread mode
	# cancels tasks asynchronously, and one cancelled inside malloc()
	# can leave the lock pthread_join's exit path needs (malloc1 hangs
	# so after printing its figures, which its line-buffered output on
	# tty_out.py's terminal keeps). tty_out.py runs outside TREE_CPU, so
	# its own CPU time is not will-it-scale's.
	lim=$(($4 + 20))
	# shellcheck disable=SC2086
	if [ "${WIS_TMP:-}" = shmem ]; then
		out=$(wis_tmpfs $WIS_NORAND $WIS_PIN "$here/tty_out.py" $TREE_CPU "$tf" \
			/usr/bin/time -f '%U %S' -o "$tf2" timeout -s KILL "$lim" \
			"$WIS_BIN/${1}_$m" -t "$3" -s "$4" -n | tee "${WIS_LIVE:-/dev/null}")
	else
		out=$(cd "${TMPDIR:-/tmp}" && $WIS_NORAND $WIS_PIN "$here/tty_out.py" $TREE_CPU "$tf" \
			/usr/bin/time -f '%U %S' -o "$tf2" timeout -s KILL "$lim" \
			"$WIS_BIN/${1}_$m" -t "$3" -s "$4" -n | tee "${WIS_LIVE:-/dev/null}")
	fi
	cpu=$(cpu_seconds "$tf")
	cpu2=$(cpu_seconds "$tf2")
	rm -f "$tf" "$tf2"
	# the envelope of its measured windows only, as many as stresskit's:
	# the 95th percentile of more windows (its warm-up's too) is higher
	# for no other reason than their number
	env=$(printf '%s\n' "$out" | awk -F'[: ]' '$1 == "measurement" { m = 1 }
		m && $1 == "min" { print $6 }' | envelope)
	printf '%s\n' "$out" | awk -F'[: ]' -v cpu="$cpu" -v cpu2="$cpu2" -v env="$env" '
		$1 == "min" { ops += $6; n++ }
		$1 == "average" { avg = $2 }
		END { printf "%s %.0f %.0f %.0f %.0f\n", avg + 0, (cpu > 0 ? ops / cpu : 0),
			(cpu2 > 0 ? ops / cpu2 : 0), (n > 0 ? ops / n : 0), env }'
}

# wis_span SECONDS: how long wis_run's will-it-scale runs, its one-second
# warm-up intervals (5) and the first, uncounted, interval included.
wis_span() {
	echo $(($1 + 6))
}

# sk_run CASE MODE TASKS SECONDS ARG...: the same for stresskit, run with
# no warm-up so that its ops and its whole process's CPU time cover the
# same span: ops/s (real time), ops per CPU second of the whole process,
# and ops per CPU second of its instances alone (its own metric). A short
# run's start-up weighs more in the first than in will-it-scale's longer
# one (its 5 s warm-up), and nothing in the second, so the two ratios
# bracket the cost of the op itself. The whole process's CPU time is taken
# with the tool that takes will-it-scale's (TREE_CPU), as the two clocks
# differ: perf's task-clock is the time the task is switched in, while
# wait4's usr+sys (and the instances' own figure, from getrusage) is the
# scheduler's runtime, which also holds the switch into the task (a
# page-table switch, a trap to the hypervisor on a PVM guest). For an op
# that sleeps, such as read3's O_DIRECT read (two switches an op), the
# runtime was 35% above task-clock (/proc/PID/task/TID/schedstat beside
# perf stat -t on one will-it-scale thread); comparing stresskit's wait4
# figure with will-it-scale's task-clock read as a 0.62 "gap" in read3
# where, on one clock, the two are at parity. The third figure is on the
# runtime clock, so it is set beside will-it-scale's on that clock.
sk_run() {
	c=$1 mode=$2 n=$3 secs=$4
	shift 4
	tf=$(mktemp -p "$BENCHDIR")
	ts=$(mktemp -p "$BENCHDIR")
	tree_cpu_init
	# its 1 s windows, as will-it-scale prints its own, for the envelope
	# shellcheck disable=SC2086
	out=$($WIS_NORAND $WIS_PIN $TREE_CPU "$tf" "$SK" --"$c" "$n" \
		--instance-mode "$mode" --timeout "${secs}s" --metrics-brief \
		--sample-interval 1 --series-csv "$ts" "$@")
	cpu=$(cpu_seconds "$tf")
	env=$(awk -F, '$3 == "all" && $5 > 0.9 && $5 < 1.1 { print $7 }' "$ts" | envelope)
	rm -f "$tf" "$ts"
	ops=$(printf '%s\n' "$out" | awk -v s="$c" '$2 == "metrc:" && $4 == s && $5 ~ /^[0-9]+$/ { print $5; exit }')
	inst=$(printf '%s\n' "$out" | awk -v s="$c" '$2 == "metrc:" && $4 == s && $5 ~ /^[0-9]+$/ { printf "%.0f", $10; exit }')
	echo "$(sk_ops_per_sec "$out" "$c") $(per_cpu "${ops:-0}" "$cpu") ${inst:-0} ${env:-0}"
}

# wis_compare_shmem CASE [STRESSKIT_ARG...]: wis_compare for a case whose
# file stresskit keeps on shmem (a memfd) and will-it-scale in /tmp: like
# is compared with like by giving will-it-scale a tmpfs /tmp (wis_tmpfs).
# Where that cannot be done, the rows compare shmem with /tmp's
# filesystem, and a row says so.
wis_compare_shmem() {
	if wis_tmpfs_ok; then
		WIS_TMP=shmem
		wis_compare "$@"
		WIS_TMP=
	else
		row "$1" "will-it-scale's files on /tmp ($(stat -f -c %T /tmp)), stresskit's on shmem: unlike"
		wis_compare "$@"
	fi
}

# wis_started FILE: waits (10 s at most) for will-it-scale's "warmup" line
# in FILE (wis_run's output as it comes, WIS_LIVE), printed as its tasks
# start. A stresskit started with will-it-scale ends its window before
# will-it-scale's last counted second does (its start-up, hwloc's
# topology first, comes before its 6 s), which will-it-scale then has to
# itself: getppid1 sharing CPU 1 read 0.93 where its per-CPU ratio was
# 0.99, and 0.99 once stresskit waited for this line.
wis_started() {
	for _ in $(seq 1000); do
		grep -q '^warmup' "$1" 2>/dev/null && return 0
		sleep 0.01
	done
}

# wis_pair CASE MODE TASKS SK_PIN WIS_PIN [STRESSKIT_ARG...]: stresskit
# and will-it-scale at the same time over the same span (will-it-scale's
# warm-up included, no warm-up for stresskit; stresskit starts once
# will-it-scale's tasks do, wis_started), each under its command
# prefix (WIS_PIN's kind: "taskset -c N" or empty). Prints stresskit's
# three figures (sk_run), then will-it-scale's in the same order: the
# ops/s of every interval, warm-up included as stresskit's is, and ops
# per CPU second on each clock (wis_run).
wis_pair() {
	pc=$1 pm=$2 pn=$3 psk=$4 pwis=$5
	shift 5
	pf=$(mktemp -p "$BENCHDIR")
	pl=$(mktemp -p "$BENCHDIR")
	WIS_PIN=$pwis WIS_LIVE=$pl
	wis_run "$pc" "$pm" "$pn" "$BENCH_TIME" >"$pf" &
	ppid=$!
	WIS_PIN=$psk WIS_LIVE=
	wis_started "$pl"
	ps=$(sk_run "$pc" "$pm" "$pn" "$(wis_span "$BENCH_TIME")" "$@")
	wait "$ppid"
	# shellcheck disable=SC2046
	set -- $(cat "$pf")
	rm -f "$pf" "$pl"
	echo "$ps ${4:-0} ${2:-0} ${3:-0} ${5:-0}"
}

# wis_compare_concurrent CASE MODE TASKS [STRESSKIT_ARG...]: one rep of
# wis_compare with WIS_AB=concurrent: one wis_pair, both under WIS_PIN,
# so whatever else loads a shared machine loads both alike, and
# neither's figures hold a start-up the other's do not (will-it-scale's
# first pass over tlb_flush3's file allocates every page, dearer than a
# later one; stresskit writes its file at set-up).
# The two compete for the CPUs, so use it with tasks that fit beside each
# other, and not where an op depends on what the other CPUs run (a TLB
# flush's IPIs, context_switch1's partner). With WIS_AB=shared a one-task
# pair takes turns on one CPU (wis_pin): the turns are the scheduler's
# slices, milliseconds, so the host's load, which on a shared machine
# moves a loop's rate by a tenth from one second to the next, weighs on
# both alike, and ops per CPU second is the op's cost on either side.
# That holds only for an op that never waits or yields: one that does
# hands its turn to the other tool (sched_yield: wis_compare_cross).
# Appends to wis_compare's lists.
wis_compare_concurrent() {
	cc=$1 cm=$2 cn=$3
	shift 3
	# shellcheck disable=SC2046
	set -- $(wis_pair "$cc" "$cm" "$cn" "$WIS_PIN" "$WIS_PIN" "$@")
	sk="$sk $1" skc="$skc $2" ski="$ski $3" ske="$ske $4"
	wis="$wis $5" wisc="$wisc $6" wisr="$wisr $7" wise="$wise $8"
}

# wis_compare_cross CASE MODE TASKS [STRESSKIT_ARG...]: one rep of
# wis_compare with WIS_AB=cross, for a one-task op that gives its CPU
# away (sched_yield), which WIS_AB=shared cannot pair: a wis_pair on the
# first and last CPU, then one with the CPUs swapped, each figure the
# geometric mean of its two runs. At once, a moment's load on the host
# falls on both; swapped, neither keeps the faster CPU (wis_pin says how
# far CPUs differ). Appends to wis_compare's lists.
wis_compare_cross() {
	xc=$1 xm=$2 xn=$3
	shift 3
	a="taskset -c 0" b="taskset -c $(($(getconf _NPROCESSORS_ONLN) - 1))"
	# shellcheck disable=SC2046
	set -- $(wis_pair "$xc" "$xm" "$xn" "$a" "$b" "$@") \
		$(wis_pair "$xc" "$xm" "$xn" "$b" "$a" "$@")
	# shellcheck disable=SC2046
	set -- $(echo "$@" | awk '{ for (i = 1; i <= 8; i++) printf "%.0f ", sqrt($i * $(i + 8)) }')
	sk="$sk $1" skc="$skc $2" ski="$ski $3" ske="$ske $4"
	wis="$wis $5" wisc="$wisc $6" wisr="$wisr $7" wise="$wise $8"
}

# wis_pin TASKS: sets WIS_PIN, the command prefix of both tools' runs of
# TASKS tasks. A one-task run of each goes on one CPU, the same for both
# (WIS_CPU, default the last online one; WIS_CPU=none leaves them
# unpinned): CPUs need not be alike. With WIS_AB=shared the two one-task
# runs go on that CPU at the same time (wis_compare_concurrent), taking
# turns on it, so every moment of the host's load falls on both.
# WIS_ASLR=off runs both tools without address-space randomization
# (setarch -R, WIS_NORAND): each run of a tool then has the same layout,
# where with it each draws its own, and an op of a few ns costs more or
# less by the draw. On the PVM guest this was measured
# on, CPU 0 ran a compute loop 36% slower than CPU 1 and a 4 KiB
# lseek+write loop 15% slower (the host's load on it), so where each
# tool's one task happened to land decided a one-task ratio: readseek1,
# readseek3 and eventfd1 process x1 read 0.938, 0.877 and 0.936
# unpinned, and 1.000, 0.999 and 1.004 with both on CPU 1 (3 s runs,
# median of 3). Tasks that fill the machine are left to the scheduler,
# and so are WIS_AB=concurrent's, whose two runs go side by side.
wis_pin() {
	WIS_NORAND=
	[ "${WIS_ASLR:-on}" = off ] && WIS_NORAND="setarch -R"
	WIS_PIN=
	cpu=${WIS_CPU:-$(($(getconf _NPROCESSORS_ONLN) - 1))}
	if [ "$1" = 1 ] && [ "$cpu" != none ] && [ "${WIS_AB:-}" != concurrent ]; then
		WIS_PIN="taskset -c $cpu"
	fi
}
WIS_PIN= WIS_NORAND=

# The ratio every will-it-scale row is held to, on both of its figures
# (ops/s and ops per CPU second).
WIS_TARGET=0.97

# wis_judged SK WIS: their ratio, followed by "BELOW 0.97" when it is
# under WIS_TARGET, so a row that misses it stands out in a long table.
# Called in $(...), so each miss is counted as a line of WIS_BELOW_FILE
# (made by wis_compare) for wis_below_summary.
wis_judged() {
	r=$(ratio "$1" "$2")
	if awk -v r="$r" -v t="$WIS_TARGET" 'BEGIN { exit !(r != "n/a" && r + 0 < t + 0) }'; then
		echo "$r  BELOW $WIS_TARGET"
		echo "$r" >>"$WIS_BELOW_FILE"
	else
		echo "$r"
	fi
}

# wis_judged_if FIGURE SK WIS: wis_judged when FIGURE (ops, cpu or
# envelope) is one of WIS_JUDGE's (default "ops cpu envelope": all),
# else their ratio alone: a figure the pairing cannot compare (real-time
# rates of two tools taking turns on one CPU) is shown, not held to it.
wis_judged_if() {
	case " ${WIS_JUDGE:-ops cpu envelope} " in
	*" $1 "*) wis_judged "$2" "$3" ;;
	*) echo "$(ratio "$2" "$3")  (not judged)" ;;
	esac
}

# wis_below_summary: the bench's last line, how many figures of its rows
# were under WIS_TARGET (wis_judged).
wis_below_summary() {
	n=0
	[ -f "${WIS_BELOW_FILE:-}" ] && n=$(wc -l <"$WIS_BELOW_FILE")
	rm -f "${WIS_BELOW_FILE:-}"
	row "figures below $WIS_TARGET (of ${WIS_JUDGE:-ops cpu envelope})" "$n"
}

# wis_compare CASE [STRESSKIT_ARG...]: will-it-scale's CASE beside
# stresskit's stressor of that name, one row per mode (WIS_MODES, default
# "process thread") and task count (WIS_TASKS, default "1 2"): medians over
# BENCH_REPS of ops/s and of ops per CPU second, and their ratios. On a
# shared machine ops/s follows the CPU share each run happened to get;
# ops per CPU second is the cost of the op itself (sk_run says how
# stresskit's two figures bracket it). A mode stresskit
# refuses (a thread-only or process-only case) gets a row saying so.
wis_compare() {
	c0=$1
	shift
	extra="$*"	# plain words: options such as --temp-path /tmp
	[ -n "${WIS_BELOW_FILE:-}" ] || WIS_BELOW_FILE=$(mktemp -p "$BENCHDIR")
	for mode0 in ${WIS_MODES:-process thread}; do
		if ! "$SK" --"$c0" 1 --instance-mode "$mode0" --dry-run >/dev/null 2>&1; then
			row "$c0 $mode0" "stresskit refuses this mode; not measured"
			continue
		fi
		for n0 in ${WIS_TASKS:-1 2}; do
			sk= skc= ski= ske= wis= wisc= wisr= wise=
			wis_pin "$n0"
			for rep in $(seq "$BENCH_REPS"); do
				if [ "${WIS_AB:-}" = concurrent ] || [ "${WIS_AB:-}" = shared ]; then
					# shellcheck disable=SC2086
					wis_compare_concurrent "$c0" "$mode0" "$n0" $extra
					continue
				fi
				if [ "${WIS_AB:-}" = cross ]; then
					# shellcheck disable=SC2086
					wis_compare_cross "$c0" "$mode0" "$n0" $extra
					continue
				fi
				# interleaved, so a load change on a shared machine hits both
				# shellcheck disable=SC2086
				set -- $(sk_run "$c0" "$mode0" "$n0" "$BENCH_TIME" $extra)
				sk="$sk $1" skc="$skc $2" ski="$ski $3" ske="$ske $4"
				# shellcheck disable=SC2046
				set -- $(wis_run "$c0" "$mode0" "$n0" "$BENCH_TIME")
				wis="$wis $1" wisc="$wisc $2" wisr="$wisr $3" wise="$wise $5"
			done
			ske_runs=$ske wise_runs=$wise	# each run's, in run order
			skb=$(largest $ske) wisb=$(largest $wise)
			sk=$(median $sk) skc=$(median $skc) ski=$(median $ski) ske=$(median $ske)
			wis=$(median $wis) wisc=$(median $wisc) wisr=$(median $wisr) wise=$(median $wise)
			lab="$c0 $mode0 x$n0 ops/s"
			[ "${WIS_AB:-}" = concurrent ] && lab="$lab (concurrent)"
			[ -n "$WIS_NORAND" ] && lab="$lab (ASLR off)"
			if [ "${WIS_AB:-}" = cross ]; then
				lab="$lab (at once on CPUs 0 and $(($(getconf _NPROCESSORS_ONLN) - 1)), then swapped)"
			elif [ "${WIS_AB:-}" = shared ] && [ -n "$WIS_PIN" ]; then
				lab="$lab (sharing CPU ${WIS_PIN##* })"
			elif [ "${WIS_AB:-}" = shared ]; then
				lab="$lab (concurrent)"
			elif [ -n "$WIS_PIN" ]; then
				lab="$lab (both on CPU ${WIS_PIN##* })"
			fi
			row "$lab: stresskit" "$sk  will-it-scale $wis  ratio $(wis_judged_if ops "$sk" "$wis")"
			row "  ops per CPU second: stresskit" "$skc  will-it-scale $wisc  ratio $(wis_judged_if cpu "$skc" "$wisc")"
			row "  wait4's clock, stresskit's instances alone" \
				"$ski  will-it-scale $wisr  ratio $(ratio "$ski" "$wisr")"
			# the same estimator for both: the 95th percentile of a run's
			# 1 s windows, then the best of BENCH_REPS runs a side (their
			# median beside it). Each run of an op of a few ns draws its
			# cost by where its code, its libc and its stack landed, and
			# keeps it to its end, will-it-scale's runs as stresskit's: a
			# median of a few draws a side is a lottery, the best of equal
			# counts is each tool at its best placement. A tool that draws
			# worse at every run (a call through the PLT did) still shows.
			row "  envelope, median of runs: stresskit" "$ske  will-it-scale $wise  ratio $(ratio "$ske" "$wise")"
			row "  envelope, best of $BENCH_REPS runs: stresskit" "$skb  will-it-scale $wisb  ratio $(wis_judged_if envelope "$skb" "$wisb")"
			# every run's, so that another estimator can be chosen on the
			# bench's own outputs
			row "  envelope of each run: stresskit" "$(echo $ske_runs)  will-it-scale $(echo $wise_runs)"
		done
	done
}
