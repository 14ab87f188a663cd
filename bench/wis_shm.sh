# wis_shm.sh - will-it-scale's cases whose file stresskit keeps on shmem
# (a memfd, whatever --temp-path says) beside stresskit's stressors of the
# same name (wis_compare_shmem in lib.sh: each mode and task count,
# target >= 0.97). will-it-scale keeps its files in /tmp, so it runs with
# a tmpfs mounted on /tmp in a mount namespace of its own: both read and
# write shmem. WIS_SHM_CASES chooses others.
. "$(dirname "$0")/lib.sh"
cases=${WIS_SHM_CASES:-read1 write1 lseek1 dup1}

# shellcheck disable=SC2086
wis_build $cases || exit 0
for c in $cases; do
	wis_compare_shmem "$c"
done
