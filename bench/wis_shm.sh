# wis_shm.sh - will-it-scale's cases whose file stresskit keeps on shmem
# (a memfd, whatever --temp-path says) beside stresskit's stressors of the
# same name (wis_compare_shmem in lib.sh: each mode and task count,
# target >= 0.97). will-it-scale keeps its files in /tmp, so it runs with
# a tmpfs mounted on /tmp in a mount namespace of its own: both read and
# write shmem. WIS_SHM_CASES chooses others; WIS_CASES=all runs this
# bench's share of the whole suite (WIS_SHARE_SHM in lib.sh), WIS_CASES=
# NAME... those of the names in it (wis_cases in lib.sh).
. "$(dirname "$0")/lib.sh"
cases=${WIS_SHM_CASES:-$(wis_cases "$WIS_SHARE_SHM" read1 write1 lseek1 dup1)}
[ -n "$cases" ] || exit 0

# shellcheck disable=SC2086
wis_build $cases || exit 0
# will-it-scale's tmpfs /tmp hides whatever of the bench lies under /tmp
# shellcheck disable=SC2016
if wis_tmpfs_ok && ! wis_tmpfs sh -c '[ -d "$0" ] && [ -d "$1" ]' "$BENCHDIR" "$WIS_BIN"; then
	row "will-it-scale" "$BENCHDIR or $WIS_BIN is under /tmp, which its tmpfs /tmp hides: give a bench dir elsewhere; skipped"
	exit 0
fi
for c in $cases; do
	wis_compare_shmem "$c"
done
wis_below_summary
