# ng_peers.sh - each stressor of bench/ng_peers.list beside stress-ng's of
# the same name: first the peer-op check (both under strace for a short
# run: the same calls per bogo-op and the same bytes, or no ratio and one
# row saying what differs), then BENCH_REPS runs of each, interleaved,
# the same instance count (NG_PEERS_N, default 1), both pinned alike
# (taskset -c NG_PEERS_CPUS, default the last online CPU; "none": not
# pinned) and at the same nice level (NG_PEERS_NICE, default 19: on a
# shared machine where something renices processes named stresskit*, as
# one was seen to (instances at 19, stress-ng's at 0), the real-time
# ratio measured the renice, not the op). Prints the ratio ours/stress-ng
# of bogo ops/s (real time, the target >= 1.0) and of ops per usr+sys
# second, medians of the runs'.
# NG_PEERS_BIN (default stress-ng) is the peer run, e.g. an upstream build.
. "$(dirname "$0")/lib.sh"
ngbin=${NG_PEERS_BIN:-stress-ng}
t=$BENCH_TIME
n=${NG_PEERS_N:-1}
cpus=${NG_PEERS_CPUS:-$(($(getconf _NPROCESSORS_ONLN) - 1))}
list=${NG_PEERS_LIST:-$here/ng_peers.list}
target=1.0
dir=$(mktemp -d /tmp/sk-bench-ng.XXXXXX)
trap 'rm -rf "$dir"' EXIT
trap 'exit 1' INT TERM
# stress-ng reads "0.5s" as 0, no limit: it gets whole seconds, at least 1
ngt=$(awk -v t="$t" 'BEGIN { n = int(t); if (n < t) n++; if (n < 1) n = 1; print n }')
pin="nice -n ${NG_PEERS_NICE:-19}"
[ "$cpus" = none ] || pin="$pin taskset -c $cpus"
# bogo-ops of the short runs under strace: enough for every periodic
# call (one in 256 ops) to show, few enough to end in a second or two
CHECK_OPS=${NG_PEERS_CHECK_OPS:-4096}

# row_ops OUTPUT NAME: bogo ops of the stressor's metrics row.
row_ops() {
	printf '%s\n' "$1" | awk -v s="$2" '$2 == "metrc:" && $4 == s && $5 ~ /^[0-9]+$/ { print $5; exit }'
}

# calls_per_op SYSCALLS NAME CMD...: runs CMD under strace -f and prints,
# for each of SYSCALLS, "SYSCALL CALLS_PER_OP RESULT" (RESULT: the value
# most of its calls returned, "-" when none returned a value).
calls_per_op() {
	cs=$1 cn=$2
	shift 2
	of=$dir/strace.out
	out=$(cd "$dir" && strace -f -qq -e trace="$(echo "$cs" | sed 's/:calls//g')" \
		-e signal=none -o "$of" "$@" 2>&1)
	ops=$(row_ops "$out" "$cn")
	[ -n "$ops" ] && [ "$ops" -gt 0 ] || { echo "NONE"; return 0; }
	for sc in $(echo "$cs" | tr , ' '); do
		only=${sc#*:}
		[ "$only" = "$sc" ] && only=
		sc=${sc%%:*}
		awk -v sc="$sc" -v ops="$ops" -v only="$only" '
			$2 ~ "^" sc "\\(" { calls++ }
			($2 ~ "^" sc "\\(" || $0 ~ "<\\.\\.\\. " sc " resumed>") && / = -?[0-9]+$/ { r[$NF]++ }
			END { best = "-"; if (only == "") for (v in r) if (r[v] > r[best]) best = v
				printf "%s %.4f %s\n", sc, calls / ops, best }' "$of"
	done
}

# same_op LABEL SYSCALLS NAME NGARGS SKARGS: whether the two ops agree;
# when not, one row says how and the status is 1.
same_op() {
	sl=$1 ss=$2 sn=$3 sng=$4 ssk=$5
	if ! have strace; then
		row "$sl" "no ratio: its op is unchecked (no strace: apt-get install strace)"
		return 1
	fi
	# shellcheck disable=SC2086
	a=$(calls_per_op "$ss" "$sn" "$SK" --$sn 1 --$sn-ops $CHECK_OPS $ssk -t 20 --metrics-brief \
		--temp-path "$dir")
	# shellcheck disable=SC2086
	b=$(calls_per_op "$ss" "$sn" "$ngbin" --$sn 1 --$sn-ops $CHECK_OPS $sng -t 20 \
		--metrics-brief --temp-path "$dir")
	why=$(printf '%s\n%s\n' "$a" "$b" | awk '
		NR == 1 && $1 == "NONE" { print "stresskit counted no ops"; exit }
		$1 == "NONE" { print "stress-ng counted no ops"; exit }
		!($1 in per) { per[$1] = $2; res[$1] = $3; next }
		{
			d = per[$1] - $2; if (d < 0) d = -d
			big = per[$1] > $2 ? per[$1] : $2
			if (d > 0.05 && d > 0.1 * big)
				printf "%s() %.3f calls per op, stress-ng %.3f; ", $1, per[$1], $2
			else if (res[$1] != $3 && per[$1] >= 0.5)
				printf "%s() returns %s, stress-ng %s; ", $1, res[$1], $3
		}')
	[ -z "$why" ] && return 0
	row "$sl" "no ratio: ${why%; }"
	return 1
}

# field OUTPUT NAME COLUMN: a column of the stressor's metrics row.
field() {
	printf '%s\n' "$1" | awk -v s="$2" -v c="$3" '$2 == "metrc:" && $4 == s && $5 ~ /^[0-9]+$/ { print $c; exit }'
}

# stress-ng places nothing: --placement free, so each pair is placed alike
run_sk() {
	# shellcheck disable=SC2086
	out=$($pin "$SK" --$name $n $skargs --timeout "${t}s" --temp-path "$dir" --metrics-brief \
		--placement free 2>&1)
	sk=$(field "$out" "$name" 9) skcpu=$(field "$out" "$name" 10)
}

run_ng() {
	# shellcheck disable=SC2086
	out=$(cd "$dir" && $pin "$ngbin" --$name $n $ngargs --timeout "${ngt}s" \
		--temp-path "$dir" --metrics-brief 2>&1)
	ng=$(field "$out" "$name" 9) ngcpu=$(field "$out" "$name" 10)
}

if ! have "$ngbin"; then
	row "ng_peers" "$ngbin is not installed: no ratios"
	exit 0
fi
echo "  $n instance(s) each, both under: $pin; ratio = stresskit / stress-ng (target >= $target)"
grep -v '^[[:space:]]*\(#\|$\)' "$list" | while IFS='|' read -r name calls ngargs skargs; do
	name=$(echo $name) calls=$(echo $calls) ngargs=$(echo $ngargs) skargs=$(echo $skargs)
	case "${BENCH_NG_ONLY:-}" in ''|"$name") ;; *) continue ;; esac
	label="$name${skargs:+ $skargs}"
	same_op "$label" "$calls" "$name" "$ngargs" "$skargs" || continue
	all_sk= all_ng= r= rc=
	for rep in $(seq "$BENCH_REPS"); do
		if [ $((rep % 2)) = 1 ]; then run_sk; run_ng; else run_ng; run_sk; fi
		all_sk="$all_sk $sk" all_ng="$all_ng $ng"
		r="$r $(ratio "$sk" "$ng")" rc="$rc $(ratio "$skcpu" "$ngcpu")"
	done
	row "$label" "ops/s $(median $all_sk) vs $(median $all_ng): ratio $(printf '%.3f' "$(median $r)")  usr+sys ratio $(printf '%.3f' "$(median $rc)")"
done
