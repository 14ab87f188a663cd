# wis_a.sh - will-it-scale's cases beside stresskit's stressors of the same
# name: each in process and thread mode at 1 and 2 tasks, ops/s medians
# over BENCH_REPS and their ratio (target >= 0.97). The cases (WIS_A_CASES
# to choose others) are ones whose files do not depend on where /tmp is:
# will-it-scale keeps its files in /tmp, stresskit on shmem.
# stresskit gets a 1 s warm-up, will-it-scale its own 5 s.
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME
cases=${WIS_A_CASES:-getppid1 context_switch1 page_fault1 open1}

# shellcheck disable=SC2086
wis_build $cases || exit 0
for c in $cases; do
	for mode in process thread; do
		for n in 1 2; do
			sk= wis=
			# interleaved, so a load change on a shared machine hits both
			for rep in $(seq "$BENCH_REPS"); do
				out=$("$SK" --"$c" $n --instance-mode $mode --warmup 1s \
					--timeout "${t}s" --temp-path /tmp --metrics-brief)
				sk="$sk $(sk_ops_per_sec "$out" "$c")"
				wis="$wis $(wis_ops_per_sec "$c" $mode $n "$t")"
			done
			sk=$(median $sk)
			wis=$(median $wis)
			row "$c $mode x$n ops/s: stresskit" "$sk  will-it-scale $wis  ratio $(ratio "$sk" "$wis")"
		done
	done
done
