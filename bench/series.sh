# series.sh - what the time series costs and how steady the figures are:
#  1. sampling every 1 s and every 10 ms against sampling once at the stop
#     (--sample-interval longer than the run), pipe and pread2, ops/s;
#  2. the coefficient of variation of SERIES_REPS (5) runs of SERIES_TIME
#     (10) seconds each, stresskit against the bare loop doing the same
#     work, interleaved: pipe (one write/read pair) and pread2 (the bare
#     loop is pread2's work: one 4 KiB file, pread at offset 0), with
#     Fisher's F test of whether stresskit's spread is wider than chance
#     allows (SERIES_REPS=15 for a test that can tell; SERIES_ARMS=1 for
#     two arms that attribute a difference to the controller).
# SERIES_ONLY=pipe (or pread2) runs one stressor's rows, for more reps in
# the same time.
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME
only=${SERIES_ONLY:-pipe pread2}

# wanted NAME: whether NAME's rows are asked for.
wanted() {
	case " $only " in *" $1 "*) return 0 ;; esac
	return 1
}

# cv N1 N2 ...: the coefficient of variation (population), in percent.
cv() {
	printf '%s\n' "$@" | awk '{ s += $1; q += $1 * $1; n++ } END {
		if (n < 2 || s == 0) { print "n/a"; exit }
		m = s / n; v = q / n - m * m; if (v < 0) v = 0
		printf "%.2f\n", 100 * sqrt(v) / m }'
}

for s in $only; do
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
# SERIES_ARMS=1 adds two stresskit arms that say where a wider CV would
# come from: sampled only at the stop (the controller does not wake during
# the run), and the controller at normal priority (setpriv drops
# CAP_SYS_NICE, so its SCHED_FIFO is refused: it wakes like any task,
# on an idle CPU rather than preempting an instance's).
arms=plain
[ "${SERIES_ARMS:-0}" = 1 ] && arms="plain nosample normal"

# sk_arm ARM STRESSOR ARG...: bogo-ops/s of one stresskit run in ARM.
sk_arm() {
	arm=$1 st=$2
	shift 2
	case $arm in
	nosample) set -- "$SK" "$@" --sample-interval 1h --steady-state-window 2h ;;
	normal)
		if [ "$(id -u)" = 0 ]; then
			set -- setpriv --inh-caps=-sys_nice --bounding-set=-sys_nice "$SK" "$@"
		else	# no CAP_SYS_NICE, and RLIMIT_RTPRIO is what it is
			set -- "$SK" "$@"
		fi ;;
	*) set -- "$SK" "$@" ;;
	esac
	sk_ops_per_sec "$("$@" --metrics-brief)" "$st"
}

# ftest A B: Fisher's F = var(A) / var(B) (sample variances, each list
# space-separated) and the one-sided p of a variance that large by chance
# when A's spread is no wider than B's: the regularized incomplete beta
# I_x(d2/2, d1/2) at x = d2 / (d2 + d1 F), integrated numerically. With 5
# runs a side F must pass 6.4 for p < 0.05 (CVs 2.5x apart): a CV twice
# the other is within chance, and SERIES_REPS=15 resolves 1.6x.
ftest() {
	printf '%s\n%s\n' "$1" "$2" | awk '
	function var(s,   v, n, i, m, q) {
		n = split(s, v, " "); m = 0; q = 0
		for (i = 1; i <= n; i++) m += v[i]
		m /= n
		for (i = 1; i <= n; i++) q += (v[i] - m) ^ 2
		N = n
		return n > 1 ? q / (n - 1) : 0
	}
	# the integral of z^(a-1) (1-z)^(b-1) from 0 to x (Simpson, a, b >= 1)
	function beta(x, a, b,   k, h, s, z, w, steps) {
		steps = 20000; h = x / steps; s = 0
		for (k = 0; k <= steps; k++) {
			z = k * h
			w = (k == 0 || k == steps) ? 1 : (k % 2 ? 4 : 2)
			s += w * (z > 0 ? z ^ (a - 1) : (a == 1)) * ((1 - z) > 0 ? (1 - z) ^ (b - 1) : (b == 1))
		}
		return s * h / 3
	}
	NR == 1 { va = var($0); d1 = N - 1 }
	NR == 2 { vb = var($0); d2 = N - 1 }
	END {
		if (d1 < 2 || d2 < 2 || vb <= 0) { print "n/a"; exit }
		f = va / vb; x = d2 / (d2 + d1 * f)
		printf "F %.2f, p %.3f\n", f, beta(x, d2 / 2, d1 / 2) / beta(1, d2 / 2, d1 / 2)
	}'
}

for arm in $arms; do
	eval "pipe_$arm= pread2_$arm="
done
bare= barer=
# interleaved: a load change on a shared machine hits every arm
for rep in $(seq "$reps"); do
	if wanted pipe; then
		for arm in $arms; do
			eval "pipe_$arm=\"\$pipe_$arm \$(sk_arm $arm pipe --pipe 1 --pipe-data-size 4096 --timeout ${secs}s)\""
		done
		bare="$bare $("$BENCHDIR/bare_pipe" 1 "$secs" 4096 | awk '$1 == "ops_per_sec" { print $2 }')"
	fi
	if wanted pread2; then
		for arm in $arms; do
			eval "pread2_$arm=\"\$pread2_$arm \$(sk_arm $arm pread2 --pread2 1 --timeout ${secs}s)\""
		done
		barer="$barer $("$BENCHDIR/bare_pread" process 1 "$secs" | awk '$1 == "ops_per_sec" { print $2 }')"
	fi
done
for st in $only; do
	if [ $st = pipe ]; then b=$bare what="bare write/read loop"; else b=$barer what="bare pread loop"; fi
	eval "v=\$${st}_plain"
	row "$st 1, CV of $reps x ${secs}s runs (%): stresskit" "$(cv $v)  median $(median $v) ops/s"
	row "  $what" "$(cv $b)  median $(median $b) ops/s  (goal: stresskit's no wider)"
	row "  stresskit's variance over the bare loop's" "$(ftest "$v" "$b")  (one-sided; p < 0.05: wider)"
	# each run's figure, in run order: a median gap or a wide spread is
	# read from these (a few fast runs, a drift, or a gap in every pair)
	row "  runs, stresskit" "$(echo $v)"
	row "  runs, $what" "$(echo $b)"
	for arm in $arms; do
		[ $arm = plain ] && continue
		eval "v=\$${st}_$arm"
		case $arm in
		nosample) what="sampled only at the stop" ;;
		normal) what="controller at normal priority" ;;
		esac
		row "  stresskit, $what" "$(cv $v)  median $(median $v) ops/s  against bare: $(ftest "$v" "$b")"
	done
done
