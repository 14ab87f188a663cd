# compose.sh - what composing runs costs: the --progress hook in the
# controller's wait loop (pipe ops/s with and without it, both on a
# pseudo-terminal so the line is really drawn), and the per-run overhead
# of --sequential beside stress-ng's.
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME
pty="$here/../tests/integration/pty_run.py"

on= off=
for rep in $(seq "$BENCH_REPS"); do
	out=$(python3 "$pty" "$SK" --pipe 2 --timeout "${t}s" --metrics-brief)
	off="$off $(sk_ops_per_sec "$(printf '%s' "$out" | tr -d '\r')" pipe)"
	out=$(python3 "$pty" "$SK" --pipe 2 --timeout "${t}s" --metrics-brief --progress)
	on="$on $(sk_ops_per_sec "$(printf '%s' "$out" | tr -d '\r' | sed 's/.*\x1b\[K//')" pipe)"
done
on=$(median $on)
off=$(median $off)
row "pipe 2, bogo ops/s with --progress" "$on"
row "  without" "$off  ratio $(ratio "$on" "$off") (target >= 0.98)"

# --sequential: wall time beyond the runs' timeouts, per run.
walls= ngwalls= ngruns=
for rep in $(seq "$BENCH_REPS"); do
	s=$(date +%s.%N)
	"$SK" --sequential 1 --with pipe,splice --timeout 1s -q
	e=$(date +%s.%N)
	walls="$walls $(awk -v s="$s" -v e="$e" 'BEGIN { print (e - s - 2) / 2 }')"
	if have stress-ng; then
		s=$(date +%s.%N)
		out=$(stress-ng --sequential 1 --class pipe --exclude fifo,pipeherd,ring-pipe,sendfile,tee,vm-splice --timeout 1s 2>&1)
		e=$(date +%s.%N)
		# stress-ng 0.15 has no --with: its pipe class less the others,
		# which must be the same two runs (its "dispatching hogs: 1 pipe,
		# 1 splice" line) for a per-run figure to compare
		ngruns=$(printf '%s\n' "$out" | sed -n 's/.*dispatching hogs: //p' | tr ',' '\n' |
			sed 's/^ *//' | sort | tr '\n' ' ')
		ngwalls="$ngwalls $(awk -v s="$s" -v e="$e" 'BEGIN { print (e - s - 2) / 2 }')"
	fi
done
w=$(median $walls)
row "--sequential 1 --with pipe,splice -t 1s, overhead per run (s)" "$w"
if [ -n "$ngwalls" ] && [ "$ngruns" != "1 pipe 1 splice " ]; then
	row "  stress-ng" "no ratio: its runs were ${ngruns:-none seen}, ours 1 pipe 1 splice"
elif [ -n "$ngwalls" ]; then
	ng=$(median $ngwalls)
	row "  stress-ng" "$ng  ratio $(ratio "$w" "$ng") (lower is better)"
fi
