# results.sh - what --perf costs (pipe bogo-ops/s with and without it,
# beside stress-ng's --perf), and whether its counters measure what
# stress-ng's do: context switches and task-clock per bogo-op of the same
# pipe op, one instance and its reader.
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME

# sk_perf OUTPUT NAME: a counter from stresskit's perf lines.
sk_perf() {
	printf '%s\n' "$1" | awk -v n="$2" '$2 == "metrc:" && $4 == "pipe" && $NF == n { print $5; exit }'
}

# ng_perf OUTPUT LABEL: a counter from stress-ng's --perf lines ("Context Switches").
ng_perf() {
	printf '%s\n' "$1" | awk -v l="$2" 'index($0, " " l " ") { print $4; exit }'
}

# per_op COUNT OPS
per_op() {
	awk -v c="$1" -v o="$2" 'BEGIN { if (o > 0) printf "%.4f\n", c / o; else print 0 }'
}

# The op on both sides: one write() of 512 bytes, stress-ng 0.15's
# whatever --pipe-data-size says, checked under strace before any ratio.
size=512
ngwhy=$(row "  stress-ng" "not installed")
have stress-ng && ngwhy=$(peer_op_same "  stress-ng pipe" write $size \
	stress-ng --pipe 1 --timeout 1s)

plain= perf= ngplain= ngperf= skcs= ngcs= sktc= ngtc=
for rep in $(seq "$BENCH_REPS"); do
	# stress-ng places nothing: --placement free, alike
	out=$("$SK" --pipe 1 --pipe-data-size $size --timeout "${t}s" --placement free)
	plain="$plain $(sk_ops_per_sec "$out" pipe)"
	out=$("$SK" --pipe 1 --pipe-data-size $size --timeout "${t}s" --perf --placement free)
	ops=$(printf '%s\n' "$out" | awk '$2 == "metrc:" && $4 == "pipe" && $5 ~ /^[0-9]+$/ && NF == 10 { print $5; exit }')
	perf="$perf $(sk_ops_per_sec "$out" pipe)"
	skcs="$skcs $(per_op "$(sk_perf "$out" context-switches)" "$ops")"
	# task-clock msec -> nsec, as stress-ng counts it
	sktc="$sktc $(per_op "$(awk -v v="$(sk_perf "$out" task-clock)" 'BEGIN { print v * 1e6 }')" "$ops")"
	if [ -z "$ngwhy" ]; then
		out=$(stress-ng --pipe 1 --timeout "${t}s" --metrics-brief 2>&1)
		ngplain="$ngplain $(sk_ops_per_sec "$out" pipe)"
		out=$(stress-ng --pipe 1 --timeout "${t}s" --metrics-brief --perf 2>&1)
		ops=$(printf '%s\n' "$out" | awk '$2 == "metrc:" && $4 == "pipe" && $5 ~ /^[0-9]+$/ { print $5; exit }')
		ngperf="$ngperf $(sk_ops_per_sec "$out" pipe)"
		ngcs="$ngcs $(per_op "$(ng_perf "$out" "Context Switches")" "$ops")"
		ngtc="$ngtc $(per_op "$(ng_perf "$out" "Task Clock")" "$ops")"
	fi
done
plain=$(median $plain)
perf=$(median $perf)
row "pipe 1 x ${size}B, bogo ops/s: stresskit" "$plain"
row "  with --perf" "$perf  ratio $(ratio "$perf" "$plain") (counting costs at each context switch)"
if [ -n "$ngplain" ]; then
	ngplain=$(median $ngplain)
	ngperf=$(median $ngperf)
	row "  stress-ng --perf / without" "ratio $(ratio "$ngperf" "$ngplain") (target: stresskit's ratio >= this)"
	skcs=$(median $skcs)
	ngcs=$(median $ngcs)
	row "context-switches per bogo-op: stresskit" "$skcs"
	row "  stress-ng --perf" "$ngcs  ratio $(ratio "$skcs" "$ngcs") (same write; readers batch differently)"
	sktc=$(median $sktc)
	ngtc=$(median $ngtc)
	row "task-clock ns per bogo-op: stresskit" "$sktc"
	row "  stress-ng --perf" "$ngtc  ratio $(ratio "$sktc" "$ngtc")"
else
	printf '%s\n' "$ngwhy"
fi
