# spawn_cost.sh - what running N pipe instances costs beside the machine's
# floor, in CPU time rather than wall time: stresskit --pipe N with one op
# per instance (--pipe-ops N: fork, set-up, start, one write, stop, exit,
# reap and nothing else) against bench/bare_spawn N (2N processes forked
# and exited). CPU seconds of every process of the run and its minor page
# faults hardly move with the machine's load, which wall time does, so
# this is the A/B to take for a change to the per-instance process cost
# on a shared machine; scale_instances.sh has the wall times, alone.
# BENCH_SPAWN_N sets N (256), BENCH_REPS the interleaved repetitions
# (median taken).
. "$(dirname "$0")/lib.sh"

n=${BENCH_SPAWN_N:-256}
if ! have python3; then
	row "spawn cost, $n pipe instances" "skipped (needs python3)"
	exit 0
fi

# cost CMD...: "CPU-seconds minor-faults wall-seconds" of CMD and every
# process it waited for (its instances, and theirs: their helpers).
cost() {
	python3 -c '
import resource, subprocess, sys, time
t = time.monotonic()
rc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL).returncode
w = time.monotonic() - t
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.3f %d %.3f %d" % (r.ru_utime + r.ru_stime, r.ru_minflt, w, rc))
' "$@"
}

sk_cpu= sk_flt= sk_wall= fl_cpu= fl_flt= fl_wall= bad=0
for _ in $(seq "$BENCH_REPS"); do
	set -- $(cost "$SK" --pipe "$n" --pipe-ops "$n" --timeout 60s -q)
	sk_cpu="$sk_cpu $1" sk_flt="$sk_flt $2" sk_wall="$sk_wall $3"
	[ "$4" = 0 ] || bad=$((bad + 1))
	set -- $(cost "$BENCHDIR/bare_spawn" "$n")
	fl_cpu="$fl_cpu $1" fl_flt="$fl_flt $2" fl_wall="$fl_wall $3"
done
sc=$(median $sk_cpu) sf=$(median $sk_flt) sw=$(median $sk_wall)
fc=$(median $fl_cpu) ff=$(median $fl_flt) fw=$(median $fl_wall)
per() {
	awk -v v="$1" -v n="$n" -v k="$2" 'BEGIN { printf "%.2f", v * k / n }'
}
row "spawn cost, $n pipe instances, 1 op each" \
	"CPU $(per "$sc" 1000) ms/instance (floor $(per "$fc" 1000)): $(ratio "$sc" "$fc")x"
row "  page faults per instance and helper" \
	"$(per "$sf" 0.5) (floor $(per "$ff" 0.5)): $(ratio "$sf" "$ff")x"
row "  wall (loaded machines: indicative)" \
	"${sw}s (floor ${fw}s): $(ratio "$sw" "$fw")x"
[ "$bad" = 0 ] || { row "  runs that failed" "$bad of $BENCH_REPS"; exit 1; }
