# wis_loop.sh - the loop's cost: will-it-scale's micro-ops, whose op is a
# few nanoseconds to one cheap syscall, so that a loop that cost more than
# will-it-scale's `(*iterations)++` would show in them. One task, each
# mode, both tools at once on one CPU (WIS_AB=shared, wis_pin in lib.sh):
# a difference of 3% is what is asked, and run one after the other the
# two would each see a different second of a shared host's load. The
# ratio to read is ops per CPU second (target >= 0.97). sched_yield runs
# one after the other: sharing a CPU, its yield would hand the turn to
# the other tool. WIS_LOOP_CASES chooses other cases.
. "$(dirname "$0")/lib.sh"
cases=${WIS_LOOP_CASES:-getppid1 malloc2 pthread_mutex1 pthread_mutex2 pthread_mutex3
	pthread_mutex4 pthread_mutex5 posix_semaphore1 sched_yield futex1}

# shellcheck disable=SC2086
wis_build $cases || exit 0
WIS_TASKS=${WIS_LOOP_TASKS:-1}
for c in $cases; do
	WIS_AB=${WIS_LOOP_AB:-shared}
	[ "$c" = sched_yield ] && WIS_AB=
	wis_compare "$c"
done
