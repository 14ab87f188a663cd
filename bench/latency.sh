# latency.sh - what --latency costs, and its figures beside the peers' on
# the same machine in one run. Medians of BENCH_REPS short runs, the sides
# of each comparison interleaved (A, B, A, B ...) so a drifting load on
# the shared machine hits them alike.
#  1. Cost: bogo-ops/s with --latency at the default sampling, and at
#     every op, over the same run without (pipe, pread2, splice, sendfile,
#     redis). Target: >= 0.98 at the default sampling. LAT_SAMPLES
#     (e.g. "16 32") adds a row for each of those samplings.
#  2. Round trip: perf bench sched pipe's usecs/op is the mean round trip
#     of two processes through two pipes (a write, the partner's read and
#     echo, the read back). context_switch1 is that loop (one byte, a
#     forked partner, both unpinned as perf's are) and times each sampled
#     round trip; its p50 beside perf's mean (a tail pulls a mean up, so
#     a ratio a little under 1 is the same cost).
#  3. Redis: one redis-server, driven in turn by redis-benchmark and by
#     the stressor's client (--redis-target) with the same load (-c 5 -P 3
#     -d 1024 -r 100000, GET after a SET fill); both time a request from
#     its batch's write to its reply. p50 and p99, stresskit over theirs.
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME

# 1. the cost
samples=
for n in ${LAT_SAMPLES:-}; do
	case $n in
	*[!0-9]*|0) row "LAT_SAMPLES" "'$n' is not a sampling (1 or more): left out" ;;
	*) samples="$samples $n" ;;
	esac
done
for s in ${LAT_STRESSORS:-pipe pread2 splice sendfile redis}; do
	off= def= all=
	for n in $samples; do
		eval "at_$n="
	done
	for rep in $(seq "$BENCH_REPS"); do
		out=$("$SK" --$s 1 --timeout "${t}s" --metrics-brief)
		off="$off $(sk_ops_per_sec "$out" $s)"
		out=$("$SK" --$s 1 --timeout "${t}s" --metrics-brief --latency)
		def="$def $(sk_ops_per_sec "$out" $s)"
		for n in $samples; do
			out=$("$SK" --$s 1 --timeout "${t}s" --metrics-brief --latency-sample "$n")
			eval "at_$n=\"\$at_$n $(sk_ops_per_sec "$out" $s)\""
		done
		out=$("$SK" --$s 1 --timeout "${t}s" --metrics-brief --latency-sample 1)
		all="$all $(sk_ops_per_sec "$out" $s)"
	done
	off=$(median $off)
	def=$(median $def)
	all=$(median $all)
	row "$s 1, bogo ops/s without --latency" "$off"
	row "  --latency (default sampling)" "$def  ratio $(ratio "$def" "$off") (target >= 0.98)"
	for n in $samples; do
		eval "v=\$(median \$at_$n)"
		row "  --latency-sample $n" "$v  ratio $(ratio "$v" "$off")"
	done
	row "  --latency-sample 1 (every op)" "$all  ratio $(ratio "$all" "$off")"
done

# 2. the pipe round trip beside perf bench sched pipe
if have perf && perf bench sched pipe -l 10 >/dev/null 2>&1; then
	sk= pf=
	for rep in $(seq "$BENCH_REPS"); do
		out=$("$SK" --context_switch1 1 --timeout "${t}s" --metrics-brief --latency)
		sk="$sk $(sk_metric "$out" context_switch1 'usecs p50 round-trip latency')"
		# about t seconds at this machine's pace: the first run sets it
		loops=${loops:-$(awk -v t="$t" -v u="$(sk_metric "$out" context_switch1 'usecs p50 round-trip latency')" \
			'BEGIN { l = u > 0 ? t * 1e6 / u : 100000; printf "%d", l < 1000 ? 1000 : l }')}
		pf="$pf $(perf bench sched pipe -l "$loops" 2>/dev/null | awk '$2 == "usecs/op" { print $1 }')"
	done
	sk=$(median $sk)
	pf=$(median $pf)
	row "pipe round trip, usecs: context_switch1 p50" "$sk"
	# perf's op, counted under strace: 2 writes a loop (one each way), of
	# an int where context_switch1's are of one byte, which costs the same
	# copy; a loop of another shape is not this round trip
	# shellcheck disable=SC2046
	set -- $(op_size write perf bench sched pipe -l 1000)
	if [ "${3:-0}" -lt 2000 ] || [ "$3" -gt 2050 ]; then
		row "  perf bench sched pipe" "no ratio: ${3:-no (no strace?)} writes in 1000 loops, ours 2 a round trip"
	else
		row "  perf bench sched pipe usecs/op (mean)" "$pf  ratio $(ratio "$sk" "$pf")"
	fi
else
	row "perf bench sched pipe" "perf not installed or not permitted: skipped"
fi

# 3. redis percentiles beside redis-benchmark's, against one server
if ! have redis-server || ! have redis-benchmark; then
	row "redis percentiles" "redis-server or redis-benchmark not installed: skipped"
	exit 0
fi
tmp=$(mktemp -d /tmp/sk-bench-lat.XXXXXX)
pid=
trap 'kill $pid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no \
	--daemonize no --loglevel warning >"$tmp/real.log" 2>&1 &
pid=$!
for _ in $(seq 250); do
	[ "$(redis-cli -p "$port" ping 2>/dev/null)" = PONG ] && break
	sleep 0.02
done
BOPTS="-c 5 -P 3 -d 1024 -r 100000"
redis-benchmark -p "$port" -t set $BOPTS -n 300000 -q >/dev/null 2>&1
SKOPTS="--redis-clients 5 --redis-pipeline 3 --redis-data-size 1024 --redis-keyspace 100000"
# shellcheck disable=SC2086
why=$(redis_op_same get "$port" "$BOPTS" $SKOPTS --temp-path "$tmp")
sk50= sk99= rb50= rb99=
for rep in $(seq "$BENCH_REPS"); do
	# shellcheck disable=SC2086
	out=$("$SK" --redis 1 --redis-target "127.0.0.1:$port" --redis-test get \
		$SKOPTS --timeout "${t}s" --latency --metrics-brief --temp-path "$tmp")
	sk50="$sk50 $(sk_metric "$out" redis 'usecs p50 request latency')"
	sk99="$sk99 $(sk_metric "$out" redis 'usecs p99 request latency')"
	# CSV: "test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms",
	# "p95_latency_ms","p99_latency_ms","max_latency_ms"
	csv=$(redis-benchmark -p "$port" -t get $BOPTS -n $((t * 100000)) --csv 2>/dev/null |
		awk -F'"' '$2 == "GET" { print $10 * 1000, $14 * 1000 }')
	rb50="$rb50 ${csv% *}"
	rb99="$rb99 ${csv#* }"
done
sk50=$(median $sk50)
sk99=$(median $sk99)
rb50=$(median $rb50)
rb99=$(median $rb99)
row "redis GET p50 usecs: stresskit --redis client" "$sk50"
if [ -z "$why" ]; then
	row "  redis-benchmark" "$rb50  ratio $(ratio "$sk50" "$rb50")"
	row "redis GET p99 usecs: stresskit --redis client" "$sk99"
	row "  redis-benchmark" "$rb99  ratio $(ratio "$sk99" "$rb99")"
else
	printf '%s\n' "$why"
	row "redis GET p99 usecs: stresskit --redis client" "$sk99"
fi
