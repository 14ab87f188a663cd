# wis_b.sh - will-it-scale's cases of the suite's second half beside
# stresskit's stressors of the same name: each in process and thread mode
# at 1 and 2 tasks, ops/s medians over BENCH_REPS and their ratio (target
# >= 0.97). The cases (WIS_B_CASES to choose others) keep no file in /tmp,
# where will-it-scale puts its files and stresskit uses shmem. A case that
# stresskit runs only as threads (pthread_mutex1) has no process row:
# will-it-scale's process run of it locks private mutexes.
# stresskit gets a 1 s warm-up, will-it-scale its own 5 s.
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME
cases=${WIS_B_CASES:-pipe1 sched_yield signal1 pthread_mutex1 tlb_flush2}

# shellcheck disable=SC2086
wis_build $cases || exit 0
for c in $cases; do
	for mode in process thread; do
		if ! "$SK" --"$c" 1 --instance-mode $mode --dry-run >/dev/null 2>&1; then
			row "$c $mode" "stresskit refuses this mode; not measured"
			continue
		fi
		for n in 1 2; do
			sk= wis=
			# interleaved, so a load change on a shared machine hits both
			for rep in $(seq "$BENCH_REPS"); do
				out=$("$SK" --"$c" $n --instance-mode $mode --warmup 1s \
					--timeout "${t}s" --metrics-brief)
				sk="$sk $(sk_ops_per_sec "$out" "$c")"
				wis="$wis $(wis_ops_per_sec "$c" $mode $n "$t")"
			done
			sk=$(median $sk)
			wis=$(median $wis)
			row "$c $mode x$n ops/s: stresskit" "$sk  will-it-scale $wis  ratio $(ratio "$sk" "$wis")"
		done
	done
done
