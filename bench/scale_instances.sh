# scale_instances.sh - run control at high instance counts: the wall time
# of `--pipe N --timeout 2s` beside stress-ng's, with how many instances
# each tool actually ran (stress-ng's "geometric mean of K instances"; it
# may start fewer than asked and say nothing). Slow (tens of seconds per N
# at the top), so opt-in: BENCH_SCALE=1 make bench. BENCH_SCALE_NS sets
# the counts (the issue's 2 64 512 2048 4096 8192 by default; 8192 is the
# most it asks for). Run it on a machine of one's own: at the top it runs
# 16384 processes.
. "$(dirname "$0")/lib.sh"

ns=${BENCH_SCALE_NS:-2 64 512 2048 4096 8192}
if [ "${BENCH_SCALE:-0}" = 0 ]; then
	row "pipe instances $(echo $ns | tr ' ' ,)" "skipped (BENCH_SCALE=1 to run)"
	exit 0
fi
t=2

# wall CMD...: runs CMD in this shell (not a $(...) subshell, which would
# lose them): the seconds it took in $WALL_S, its output in $WALL_OUT, its
# status in $WALL_RC.
wall() {
	s=$(date +%s.%N)
	WALL_RC=0
	WALL_OUT=$("$@" 2>&1) || WALL_RC=$?
	e=$(date +%s.%N)
	WALL_S=$(awk -v s="$s" -v e="$e" 'BEGIN { printf "%.2f", e - s }')
}

# counted OUTPUT: the K of "(geometric mean of K instances)" (stress-ng 0.15
# spells it "geometic"), or "?".
counted() {
	k=$(printf '%s\n' "$1" | sed -n 's/.*geomet[a-z]* mean of \([0-9]*\) instances.*/\1/p' | head -n 1)
	echo "${k:-?}"
}

printf '  %-6s %-30s %-26s %-8s %-9s %-19s %-10s %s\n' N "stresskit wall (exit, ran)" \
	"stress-ng wall (exit, ran)" "sk/ng" "floor" "(sk-timeout)/floor" "work floor" \
	"(sk-timeout)/work floor"
for n in $ns; do
	# the machine's floor: 2N processes forked and exited, no work
	floor=$("$BENCHDIR/bare_spawn" "$n" | sed -n 's/.*total \([0-9.]*\) s$/\1/p')
	# and with the work: N bare pipe instances, their readers, a run
	work=$("$BENCHDIR/bare_pipe_spawn" "$n" "$t" | sed -n 's/.*over the run \([0-9.]*\) s$/\1/p')
	wall "$SK" --pipe "$n" --timeout "${t}s" --metrics-brief
	sk=$WALL_S
	skrc=$WALL_RC
	# instances started and counted: the count of per-instance ops
	skran=$(counted "$WALL_OUT")
	late=$(printf '%s\n' "$WALL_OUT" | grep -c 'did not stop')
	short=$(printf '%s\n' "$WALL_OUT" | sed -n 's/.*error: pipe: \([0-9]* of [0-9]*\) instances started.*/\1 started/p' | head -n 1)
	if have stress-ng; then
		wall stress-ng --pipe "$n" --timeout "${t}s" --metrics-brief
		ng=$WALL_S
		ngrc=$WALL_RC
		ngran=$(counted "$WALL_OUT")
		# wall times of unequal runs do not compare: as many instances
		# counted on both sides, or no ratio
		r=$(ratio "$sk" "$ng")
		[ "$ngran" = "$skran" ] || r="n/a
	else
		ng="-" ngrc="-" ngran="not installed" r="n/a"
	fi
	over=$(awk -v w="$sk" -v t="$t" 'BEGIN { printf "%.2f", w - t }')
	printf '  %-6s %-30s %-26s %-8s %-9s %-19s %-10s %s\n' "$n" \
		"${sk}s ($skrc, $skran${short:+, $short}$( [ "$late" != 0 ] && echo ", $late late"))" \
		"${ng}s ($ngrc, $ngran)" "$r" "${floor:-?}s" "$(ratio "$over" "${floor:-0}")" \
		"${work:-?}s" "$(ratio "$over" "${work:-0}")"
done
echo "  (floor: bench/bare_spawn N, the forks and exits of 2N processes with no"
echo "   work, what any tool pays here before its timeout; the timeout counts"
echo "   from the start barrier, so sk wall = forks + timeout + stop)"
echo "  (work floor: bench/bare_pipe_spawn N, the same 2N processes doing the"
echo "   pipe work in bare C, its seconds beyond its run: what the kernel's"
echo "   work for them costs here, measured in the same run)"
echo "  (ran: instances in the geometric mean, those with ops; targets: at 4096"
echo "   wall <= timeout + 2.5 s, exit 0, none late; at 8192 exit 0 (or 3 naming"
echo "   the limit) within timeout + 6 s; below 2048 <= timeout + 0.3 s)"
