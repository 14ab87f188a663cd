# wis_a.sh - will-it-scale's cases beside stresskit's stressors of the same
# name (wis_compare in lib.sh: each mode and task count, target >= 0.97).
# The cases (WIS_A_CASES to choose others) are ones whose files do not
# depend on where /tmp is: will-it-scale keeps its files in /tmp, and
# stresskit is given --temp-path /tmp so both use the same filesystem.
# WIS_CASES=all runs this bench's share of the whole suite (the cases whose
# stressor keeps its files in the run directory, WIS_SHARE_A in lib.sh);
# WIS_CASES=NAME... those of the names in it (wis_cases in lib.sh).
. "$(dirname "$0")/lib.sh"
cases=${WIS_A_CASES:-$(wis_cases "$WIS_SHARE_A" getppid1 context_switch1 page_fault1 open1)}
[ -n "$cases" ] || exit 0

# shellcheck disable=SC2086
wis_build $cases || exit 0
for c in $cases; do
	wis_compare "$c" --temp-path /tmp
done
wis_below_summary
