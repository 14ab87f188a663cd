# pread.sh - pread2 (2 instances, as processes and as threads) beside a
# bare loop doing the same preads with the same number of processes or
# threads, and the cost of switching --scale steps.
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME

for mode in process thread; do
	# Interleaved, so a load change on the shared machine hits both.
	sk= bare=
	for rep in $(seq "$BENCH_REPS"); do
		out=$("$SK" --pread2 2 --instance-mode $mode --timeout "${t}s" --metrics-brief)
		sk="$sk $(sk_ops_per_sec "$out" pread2)"
		bare="$bare $("$BENCHDIR/bare_pread" $mode 2 "$t" | awk '$1 == "ops_per_sec" { print $2 }')"
	done
	sk=$(median $sk)
	bare=$(median $bare)
	row "pread2 2 $mode instances, ops/s: stresskit" "$sk"
	row "  bare pread loop, same count" "$bare  ratio $(ratio "$sk" "$bare") (target >= 0.97)"
done

# --scale: the time a step takes beyond its --timeout (stop, reap,
# cleanup, prepare, fork, barrier), the worst step of a 1..4 sweep.
for mode in process thread; do
	sw=
	for rep in $(seq "$BENCH_REPS"); do
		out=$("$SK" --pread2 4 --scale --instance-mode $mode --timeout 0.5s)
		sw="$sw $(printf '%s\n' "$out" | sed -n 's/.*switching steps took \([0-9.]*\)s at most.*/\1/p')"
	done
	row "--scale 1..4 step switching, $mode mode (s, worst step)" "$(median $sw)  (target < 0.1)"
done
