# wis_loop.sh - the loop's cost: will-it-scale's micro-ops, whose op is a
# few nanoseconds to one cheap syscall, so that a loop that cost more than
# will-it-scale's `(*iterations)++` would show in them. One task, each
# mode, both tools at once on one CPU (WIS_AB=shared, wis_pin in lib.sh):
# a difference of 3% is what is asked, and run one after the other the
# two would each see a different second of a shared host's load. The
# ratio to read is ops per CPU second (target >= 0.97). sched_yield
# cannot share a CPU, its yield would hand the turn to the other tool: it
# runs at once on two CPUs, then swapped (WIS_AB=cross), or one after the
# other on a machine of one CPU, and three times BENCH_REPS: a pair's
# ratio then moves with how the host loads two CPUs, or two moments, by
# a few percent a rep. WIS_LOOP_CASES chooses other cases.
. "$(dirname "$0")/lib.sh"
cases=${WIS_LOOP_CASES:-getppid1 malloc2 pthread_mutex1 pthread_mutex2 pthread_mutex3
	pthread_mutex4 pthread_mutex5 posix_semaphore1 sched_yield futex1}

# shellcheck disable=SC2086
wis_build $cases || exit 0
WIS_TASKS=${WIS_LOOP_TASKS:-1}
for c in $cases; do
	WIS_AB=${WIS_LOOP_AB:-shared}
	reps=$BENCH_REPS
	if [ "$c" = sched_yield ]; then
		WIS_AB=
		[ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ] && WIS_AB=cross
		BENCH_REPS=$((reps * 3))
	fi
	wis_compare "$c"
	BENCH_REPS=$reps
done
wis_below_summary
