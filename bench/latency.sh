# latency.sh - what --latency costs: each stressor's bogo-ops/s with
# --latency (default sampling, and every op) beside the same run without,
# interleaved so a drifting machine load hits all three alike; medians of
# BENCH_REPS runs. Target: >= 0.98 at the default sampling.
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME

for s in ${LAT_STRESSORS:-pipe pread2 splice sendfile}; do
	off= def= all=
	for rep in $(seq "$BENCH_REPS"); do
		out=$("$SK" --$s 1 --timeout "${t}s" --metrics-brief)
		off="$off $(sk_ops_per_sec "$out" $s)"
		out=$("$SK" --$s 1 --timeout "${t}s" --metrics-brief --latency)
		def="$def $(sk_ops_per_sec "$out" $s)"
		out=$("$SK" --$s 1 --timeout "${t}s" --metrics-brief --latency-sample 1)
		all="$all $(sk_ops_per_sec "$out" $s)"
	done
	off=$(median $off)
	def=$(median $def)
	all=$(median $all)
	row "$s 1, bogo ops/s without --latency" "$off"
	row "  --latency (default sampling)" "$def  ratio $(ratio "$def" "$off") (target >= 0.98)"
	row "  --latency-sample 1 (every op)" "$all  ratio $(ratio "$all" "$off")"
done
