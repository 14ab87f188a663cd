# wis_loop.sh - the loop's cost: will-it-scale's micro-ops, whose op is a
# few nanoseconds to one cheap syscall, so that a loop that cost more than
# will-it-scale's `(*iterations)++` would show in them. One task, each
# mode, both tools pinned to one CPU, one after the other, WIS_LOOP_REPS
# (default 5) runs of WIS_LOOP_TIME (default 2) seconds a side,
# interleaved, each read by the same estimator: the envelope, the 95th
# percentile of its 1 s windows (will-it-scale prints one a second;
# stresskit's are its --sample-interval 1 series), and of a side's runs
# the best (wis_compare says why). A shared host's load comes in
# stretches of seconds, which one tool's run meets and the other's not;
# the envelope leaves them out, so a difference of 3% is what the ratio
# shows (target >= 0.97, the only figure judged). The means' ratios and
# the runs' median envelope are printed beside it. More runs of fewer
# seconds than the other benches: each run draws its op's cost, and
# five draws a side find both tools' best where three did not.
#
# WIS_LOOP_AB=shared runs each pair at once on one CPU instead, taking
# turns (wis_pin): real-time figures then say what share each got, so
# the ratio judged is ops per CPU second. sched_yield cannot share a
# CPU (its yield hands the turn to the other tool): under shared it runs
# at once on two CPUs, then swapped (WIS_AB=cross), three times
# BENCH_REPS. WIS_LOOP_CASES chooses other cases.
. "$(dirname "$0")/lib.sh"
cases=${WIS_LOOP_CASES:-getppid1 malloc2 pthread_mutex1 pthread_mutex2 pthread_mutex3
	pthread_mutex4 pthread_mutex5 posix_semaphore1 sched_yield futex1}

# shellcheck disable=SC2086
wis_build $cases || exit 0
WIS_TASKS=${WIS_LOOP_TASKS:-1}
BENCH_REPS=${WIS_LOOP_REPS:-5} BENCH_TIME=${WIS_LOOP_TIME:-2}
WIS_JUDGE=envelope
[ "${WIS_LOOP_AB:-}" = shared ] && WIS_JUDGE=cpu
for c in $cases; do
	WIS_AB=${WIS_LOOP_AB:-}
	reps=$BENCH_REPS
	if [ "$c" = sched_yield ] && [ "$WIS_AB" = shared ]; then
		WIS_AB=
		[ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ] && WIS_AB=cross
		BENCH_REPS=$((reps * 3))
	fi
	wis_compare "$c"
	BENCH_REPS=$reps
done
wis_below_summary
