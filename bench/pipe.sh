# pipe.sh - pipe MB/s beside stress-ng's pipe and a bare write/read loop,
# and the run-control overhead (wall time minus --timeout).
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME
# stress-ng 0.15.06's op, under strace: one write() of 512 bytes, by
# default and whatever --pipe-data-size says (24826 writes of 512 bytes in
# 1 s with --pipe-data-size 4096, none of 4096). So both write 512 bytes
# an op here, and that is checked (peer_op_same) before the ratio.
size=512
ngwhy=$(row "  stress-ng pipe" "not installed")
have stress-ng && ngwhy=$(peer_op_same "  stress-ng pipe" write $size \
	stress-ng --pipe 1 --pipe-data-size $size --timeout 1s)

# Interleaved, so a load change on the shared machine hits all three.
# The bare loop and stress-ng place nothing: --placement free, alike.
sk= skops= ng= bare=
for rep in $(seq "$BENCH_REPS"); do
	out=$("$SK" --pipe 2 --pipe-data-size $size --timeout "${t}s" --metrics-brief \
		--placement free)
	sk="$sk $(sk_metric "$out" pipe 'MB per sec pipe write rate')"
	skops="$skops $(sk_ops_per_sec "$out" pipe)"
	if [ -z "$ngwhy" ]; then
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
# bogo-ops/s: the op is one write() of $size bytes on both sides, as
# strace counted stress-ng's above (peer_op_same)
row "pipe 2 x ${size}B, bogo ops/s: stresskit" "$skops"
if [ -z "$ngwhy" ]; then
	ng=$(median $ng)
	row "  stress-ng pipe" "$ng  ratio $(ratio "$skops" "$ng") (target >= 1.00)"
else
	printf '%s\n' "$ngwhy"
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
