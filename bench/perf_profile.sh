# perf_profile.sh - what --perf-profile costs: pipe (4096-byte writes) and
# sendfile (to /dev/null), 2 instances, with the profile off and on (perf
# record -a -g at the default frequency), interleaved run by run so a
# load change on a shared machine hits both arms; the medians of
# BENCH_REPS runs and their ratios: ops/s (target >= 0.97) and the CPU
# time per bogo-op (target <= 1.03), which the time other tasks take on a
# shared machine moves less than the ops/s. Skipped, with a row saying
# why, when the profile cannot be taken here (no perf, no permission, no
# kernel symbols).
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
	off= on= coff= con=
	for rep in $(seq "$BENCH_REPS"); do
		out=$("$SK" "$@" --timeout "${t}s" --metrics)
		off="$off $(sk_ops_per_sec "$out" $s)"
		coff="$coff $(sk_metric "$out" $s 'CPU usecs (usr+sys) per bogo op')"
		out=$("$SK" "$@" --timeout "${t}s" --metrics --perf-profile)
		on="$on $(sk_ops_per_sec "$out" $s)"
		con="$con $(sk_metric "$out" $s 'CPU usecs (usr+sys) per bogo op')"
	done
	row "$s 2, ops/s, profile off" "$(median $off)  runs:$off"
	row "  --perf-profile" "$(median $on)  ratio $(ratio "$(median $on)" "$(median $off)") (target >= 0.97)  runs:$on"
	row "$s 2, CPU usecs per bogo-op, profile off" "$(median $coff)  runs:$coff"
	row "  --perf-profile" "$(median $con)  ratio $(ratio "$(median $con)" "$(median $coff)") (target <= 1.03)  runs:$con"
done
