# monitor.sh - what --monitor costs the instances: bogo ops/s of pipe
# and pread2 with and without every monitor read every 1s (and every
# 10ms, a hundred times the reads), interleaved repetitions, medians.
# The monitors are read by the controller, never in the instances' loop:
# the target is the loop's rate unchanged within 1%.
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME
all=proc-vmstat,vmstat,meminfo,interrupts,softirqs,slabinfo

for s in pipe pread2; do
	"$SK" --help $s >/dev/null 2>&1 || continue
	off= one= ten=
	for rep in $(seq "$BENCH_REPS"); do
		off="$off $(sk_ops_per_sec "$("$SK" --$s 1 --timeout "${t}s" --metrics-brief 2>/dev/null)" $s)"
		one="$one $(sk_ops_per_sec "$("$SK" --$s 1 --timeout "${t}s" --metrics-brief \
			--monitor $all 2>/dev/null)" $s)"
		ten="$ten $(sk_ops_per_sec "$("$SK" --$s 1 --timeout "${t}s" --metrics-brief \
			--monitor $all --sample-interval 10ms 2>/dev/null)" $s)"
	done
	off=$(median $off)
	row "$s 1, ops/s without --monitor" "$off"
	row "  --monitor (all), read every 1s" "$(median $one)  ratio $(ratio "$(median $one)" "$off") (target >= 0.99)"
	row "  --monitor (all), read every 10ms" "$(median $ten)  ratio $(ratio "$(median $ten)" "$off")"
done
