# pread.sh - pread2 (2 instances, as processes and as threads) beside a
# bare loop doing the same preads with the same number of processes or
# threads, and the cost of switching --scale steps.
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME

for mode in process thread; do
	# Interleaved, so a load change on the shared machine hits both.
	sk= bare= skcpu= barecpu=
	for rep in $(seq "$BENCH_REPS"); do
		out=$("$SK" --pread2 2 --instance-mode $mode --timeout "${t}s" --metrics-brief)
		sk="$sk $(sk_ops_per_sec "$out" pread2)"
		skcpu="$skcpu $(printf '%s\n' "$out" | awk '$2 == "metrc:" && $4 == "pread2" && $5 ~ /^[0-9]+$/ { print $10; exit }')"
		out=$("$BENCHDIR/bare_pread" $mode 2 "$t")
		bare="$bare $(printf '%s\n' "$out" | awk '$1 == "ops_per_sec" { print $2 }')"
		barecpu="$barecpu $(printf '%s\n' "$out" | awk '$1 == "ops_per_cpu_sec" { print $2 }')"
	done
	sk=$(median $sk)
	bare=$(median $bare)
	skcpu=$(median $skcpu)
	barecpu=$(median $barecpu)
	row "pread2 2 $mode instances, ops/s: stresskit" "$sk  (per usr+sys s: $skcpu)"
	row "  bare pread loop, same count" "$bare  ratio $(ratio "$sk" "$bare") (target >= 0.97)  usr+sys ratio $(ratio "$skcpu" "$barecpu")"
done

# --scale: the time a step takes beyond its --timeout (stop, reap,
# cleanup, prepare, fork, barrier) over a 1..4 sweep: the mean per step
# (the target) and the worst step, medians over the repetitions. The
# worst step shows the shared machine's scheduling delays.
for mode in process thread; do
	avg= worst=
	for rep in $(seq "$BENCH_REPS"); do
		out=$("$SK" --pread2 4 --scale --instance-mode $mode --timeout 0.5s)
		line=$(printf '%s\n' "$out" | grep 'switching steps took')
		worst="$worst $(printf '%s\n' "$line" | sed -n 's/.*took \([0-9.]*\)s at most.*/\1/p')"
		avg="$avg $(printf '%s\n' "$line" | sed -n 's/.*most, \([0-9.]*\)s on average.*/\1/p')"
	done
	row "--scale 1..4 step switching, $mode mode (s)" "$(median $avg) per step (target < 0.1), worst step $(median $worst)"
done
