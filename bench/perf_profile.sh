# perf_profile.sh - what --perf-profile costs: ops/s of pipe (4096-byte
# writes) and sendfile (to /dev/null), 2 instances, with the profile off
# and on (perf record -g at the default frequency), interleaved run by
# run so a load change on a shared machine hits both arms; the medians of
# BENCH_REPS runs and their ratio (target >= 0.97). Skipped, with a row
# saying why, when the profile cannot be taken here (no perf, no
# permission, no kernel symbols).
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME

probe=$("$SK" --pipe 1 --timeout 100ms --perf-profile 2>&1 | grep -- 'warn.*--perf-profile:')
if [ -n "$probe" ]; then
	row "perf-profile" "cannot profile here, skipped: ${probe#*--perf-profile: }"
	exit 0
fi
for s in pipe sendfile; do
	case $s in
	pipe) set -- --pipe 2 --pipe-data-size 4096 ;;
	sendfile) set -- --sendfile 2 ;;
	esac
	off= on=
	for rep in $(seq "$BENCH_REPS"); do
		off="$off $(sk_ops_per_sec "$("$SK" "$@" --timeout "${t}s" --metrics-brief)" $s)"
		on="$on $(sk_ops_per_sec "$("$SK" "$@" --timeout "${t}s" --metrics-brief --perf-profile)" $s)"
	done
	row "$s 2, ops/s, profile off" "$(median $off)  runs:$off"
	row "  --perf-profile" "$(median $on)  ratio $(ratio "$(median $on)" "$(median $off)") (target >= 0.97)  runs:$on"
done
