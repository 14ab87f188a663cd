# wis_b.sh - will-it-scale's cases of the suite's second half beside
# stresskit's stressors of the same name (wis_compare in lib.sh: each mode
# and task count, target >= 0.97). The cases (WIS_B_CASES to choose
# others) keep no file in /tmp, where will-it-scale puts its files and
# stresskit uses shmem. A case that stresskit runs only as threads
# (pthread_mutex1) has no process row: will-it-scale's process run of it
# locks private mutexes. WIS_CASES=all runs this bench's share of the
# whole suite (the cases that keep no file, WIS_SHARE_B in lib.sh);
# WIS_CASES=NAME... those of the names in it (wis_cases in lib.sh).
. "$(dirname "$0")/lib.sh"
cases=${WIS_B_CASES:-$(wis_cases "$WIS_SHARE_B" pipe1 sched_yield signal1 pthread_mutex1 tlb_flush2)}
[ -n "$cases" ] || exit 0

# shellcheck disable=SC2086
wis_build $cases || exit 0
for c in $cases; do
	wis_compare "$c"
done
wis_below_summary
