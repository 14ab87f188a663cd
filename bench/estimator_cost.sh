# estimator_cost.sh - what every run's 50 ms windows cost (the sampler's
# fine windows and the placement samples): this stresskit beside one
# built without them (SK_BASE=BINARY, e.g. a build of the commit before
# them), each pair pinned to one CPU and interleaved (A B B A), the
# median of BENCH_REPS pairs' ratios of ops/s (target: within 0.5%, a
# ratio of 0.995 or more, on getppid1 and pipe); and the wall time of
# --pipe 2048 -t 2s, thousands of instances, each side's median (target:
# no slower, a ratio of 1.00 or less, within its runs' spread).
. "$(dirname "$0")/lib.sh"
if [ ! -x "${SK_BASE:-}" ]; then
	row "estimator cost" "SK_BASE=BINARY (a stresskit without the fine windows) not given; skipped"
	exit 0
fi
cpu=$(($(getconf _NPROCESSORS_ONLN) - 1))

# ops BIN STRESSOR N: ops/s of one pinned run
ops() {
	out=$(taskset -c "$cpu" "$1" --"$2" "$3" -t "${BENCH_TIME}s" --metrics-brief 2>&1)
	sk_ops_per_sec "$out" "$2"
}

for c in getppid1 pipe; do
	rs=
	for _ in $(seq "$BENCH_REPS"); do
		a1=$(ops "$SK" $c 1) b1=$(ops "$SK_BASE" $c 1)
		b2=$(ops "$SK_BASE" $c 1) a2=$(ops "$SK" $c 1)
		rs="$rs $(ratio "$(echo "$a1 $a2" | awk '{ print ($1 + $2) / 2 }')" \
			"$(echo "$b1 $b2" | awk '{ print ($1 + $2) / 2 }')")"
	done
	# shellcheck disable=SC2086
	row "$c 1 ops/s, with fine windows / without" "$(median $rs) (pairs:$rs)"
done

# wall BIN: seconds of one --pipe 2048 -t 2s
wall() {
	t0=$(date +%s.%N)
	"$1" --pipe 2048 -t 2s >/dev/null 2>&1
	t1=$(date +%s.%N)
	echo "$t0 $t1" | awk '{ printf "%.3f\n", $2 - $1 }'
}
wa= wb=
for _ in $(seq "$BENCH_REPS"); do
	wa="$wa $(wall "$SK")" wb="$wb $(wall "$SK_BASE")"
done
# shellcheck disable=SC2086
row "pipe 2048 -t 2s wall time, with / without" "$(median $wa) s / $(median $wb) s = $(ratio "$(median $wa)" "$(median $wb)") (with:$wa; without:$wb)"
