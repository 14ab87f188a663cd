# series.sh - what the time series costs and how steady the figures are:
#  1. sampling every 1 s and every 10 ms against sampling once at the stop
#     (--sample-interval longer than the run), pipe and pread2, ops/s;
#  2. the coefficient of variation of SERIES_REPS (5) runs of SERIES_TIME
#     (10) seconds each, stresskit against the bare loop doing the same
#     work, interleaved: pipe (one write/read pair) and pread2 (the bare
#     loop is pread2's work: one 4 KiB file, pread at offset 0).
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME

# cv N1 N2 ...: the coefficient of variation (population), in percent.
cv() {
	printf '%s\n' "$@" | awk '{ s += $1; q += $1 * $1; n++ } END {
		if (n < 2 || s == 0) { print "n/a"; exit }
		m = s / n; v = q / n - m * m; if (v < 0) v = 0
		printf "%.2f\n", 100 * sqrt(v) / m }'
}

for s in pipe pread2; do
	off= one= ten=
	for rep in $(seq "$BENCH_REPS"); do
		for iv in off 1 0.01; do
			if [ $iv = off ]; then
				set -- --sample-interval 1h --steady-state-window 2h
			else
				set -- --sample-interval $iv
			fi
			r=$(sk_ops_per_sec "$("$SK" --$s 1 --timeout "${t}s" --metrics-brief "$@")" $s)
			case $iv in
			off) off="$off $r" ;;
			1) one="$one $r" ;;
			*) ten="$ten $r" ;;
			esac
		done
	done
	off=$(median $off)
	row "$s 1, ops/s sampled only at the stop" "$off"
	row "  sampled every 1s" "$(median $one)  ratio $(ratio "$(median $one)" "$off") (target >= 0.99)"
	row "  sampled every 10ms" "$(median $ten)  ratio $(ratio "$(median $ten)" "$off") (target >= 0.99)"
done

reps=${SERIES_REPS:-5}
secs=${SERIES_TIME:-10}
sk= bare= skr= barer=
for rep in $(seq "$reps"); do
	sk="$sk $(sk_ops_per_sec "$("$SK" --pipe 1 --pipe-data-size 4096 --timeout "${secs}s" --metrics-brief)" pipe)"
	bare="$bare $("$BENCHDIR/bare_pipe" 1 "$secs" 4096 | awk '$1 == "ops_per_sec" { print $2 }')"
	skr="$skr $(sk_ops_per_sec "$("$SK" --pread2 1 --timeout "${secs}s" --metrics-brief)" pread2)"
	barer="$barer $("$BENCHDIR/bare_pread" process 1 "$secs" | awk '$1 == "ops_per_sec" { print $2 }')"
done
row "pipe 1, CV of $reps x ${secs}s runs (%): stresskit" "$(cv $sk)"
row "  bare write/read loop" "$(cv $bare)  (goal: stresskit's no wider)"
row "pread2 1, CV of $reps x ${secs}s runs (%): stresskit" "$(cv $skr)"
row "  bare pread loop" "$(cv $barer)  (goal: stresskit's no wider)"
