# pipe.sh - pipe MB/s beside stress-ng's pipe and a bare write/read loop,
# and the run-control overhead (wall time minus --timeout).
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME
size=4096

# Interleaved, so a load change on the shared machine hits all three.
sk= skops= ng= bare=
for rep in $(seq "$BENCH_REPS"); do
	out=$("$SK" --pipe 2 --pipe-data-size $size --timeout "${t}s" --metrics-brief)
	sk="$sk $(sk_metric "$out" pipe 'MB per sec pipe write rate')"
	skops="$skops $(sk_ops_per_sec "$out" pipe)"
	if have stress-ng; then
		out=$(stress-ng --pipe 2 --pipe-data-size $size --timeout "${t}s" --metrics-brief 2>&1)
		ng="$ng $(sk_ops_per_sec "$out" pipe)"
	fi
	bare="$bare $("$BENCHDIR/bare_pipe" 2 "$t" $size | awk '$1 == "mb_per_sec" { print $2 / 2 }')"
done
sk=$(median $sk)
skops=$(median $skops)
bare=$(median $bare)
row "pipe 2 x ${size}B, MB/s per instance: stresskit" "$sk"
row "  bare write/read loop" "$bare  ratio $(ratio "$sk" "$bare") (target >= 0.97)"
# stress-ng 0.15's own MB/s figure reads 8x low, so compare bogo-ops/s:
# the op is the same, one write() of $size bytes.
row "pipe 2 x ${size}B, bogo ops/s: stresskit" "$skops"
if [ -n "$ng" ]; then
	ng=$(median $ng)
	row "  stress-ng pipe" "$ng  ratio $(ratio "$skops" "$ng") (target >= 1.00)"
else
	row "  stress-ng pipe" "not installed"
fi

# Run-control overhead: wall time minus the 2 s timeout.
for n in 2 256; do
	walls=
	for rep in $(seq "$BENCH_REPS"); do
		s=$(date +%s.%N)
		"$SK" --pipe $n --timeout 2s -q
		e=$(date +%s.%N)
		walls="$walls $(awk -v s="$s" -v e="$e" 'BEGIN { print e - s }')"
	done
	w=$(median $walls)
	target=2.05
	[ $n = 256 ] && target=2.2
	row "--pipe $n --timeout 2s wall (s)" "$w  overhead $(awk -v w="$w" 'BEGIN { printf "%.3f", w - 2 }')s (target <= ${target}s)"
	if have stress-ng && [ $n = 256 ]; then
		s=$(date +%s.%N)
		stress-ng --pipe $n --timeout 2s -q >/dev/null 2>&1
		e=$(date +%s.%N)
		row "stress-ng --pipe $n --timeout 2s wall (s)" "$(awk -v s="$s" -v e="$e" 'BEGIN { print e - s }')"
	fi
done
