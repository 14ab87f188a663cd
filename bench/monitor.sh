# monitor.sh - what --monitor costs the instances: bogo ops/s of pipe
# and pread2 without it, with every monitor read at the measured window's
# start and end (the default), and read every 1s and every 10ms as well
# (--sample-interval), interleaved repetitions, medians. The monitors are
# read by the controller, never in the instances' loop: the target is the
# loop's rate unchanged within 1%.
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME
all=proc-vmstat,vmstat,meminfo,interrupts,softirqs,slabinfo

for s in pipe pread2; do
	"$SK" --help $s >/dev/null 2>&1 || continue
	off= edge= one= ten=
	for rep in $(seq "$BENCH_REPS"); do
		run() {
			sk_ops_per_sec "$("$SK" --$s 1 --timeout "${t}s" --metrics-brief "$@" 2>/dev/null)" $s
		}
		off="$off $(run)"
		edge="$edge $(run --monitor $all)"
		one="$one $(run --monitor $all --sample-interval 1s)"
		ten="$ten $(run --monitor $all --sample-interval 10ms)"
	done
	off=$(median $off)
	row "$s 1, ops/s without --monitor" "$off"
	row "  --monitor (all), the window's start and end" "$(median $edge)  ratio $(ratio "$(median $edge)" "$off") (target >= 0.99)"
	row "  and every 1s" "$(median $one)  ratio $(ratio "$(median $one)" "$off")"
	row "  and every 10ms" "$(median $ten)  ratio $(ratio "$(median $ten)" "$off")"
done
