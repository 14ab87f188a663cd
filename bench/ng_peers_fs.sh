# ng_peers_fs.sh - the stressors of bench/ng_peers_fs.list beside Debian's
# stress-ng at the same instance count (NG_PEERS_N, default 2): first the
# peer-op check, then ops/s of both over BENCH_REPS interleaved runs of
# BENCH_TIME seconds, printing the median of each run's ratio (ours over
# stress-ng's) in real time and in usr+sys time.
# The peer-op check runs each tool, one instance, under strace for the
# row's check ops (--NAME-ops N, its fifth field) or else for
# NG_PEERS_CHECK seconds (default 3): the row's syscall must be called as often
# per bogo-op (within 25%: ops that draw random work, getdent's buffer
# sizes, fstat's threads, vary) and return what it mostly returns in the
# same share (within 10 points); otherwise the row says so and gives no
# ratio. NG_PEERS_ONLY=NAME runs one row.
# NG_PEERS_BIN (default stress-ng) is the peer run, e.g. an upstream build.
. "$(dirname "$0")/lib.sh"
ngbin=${NG_PEERS_BIN:-stress-ng}
list=$(dirname "$0")/ng_peers_fs.list
t=$BENCH_TIME
n=${NG_PEERS_N:-2}
ct=${NG_PEERS_CHECK:-3}
dir=$(mktemp -d /tmp/sk-bench-ngfs.XXXXXX)
trap 'rm -rf "$dir"' EXIT
trap 'exit 1' INT TERM
# stress-ng reads "0.5s" as 0, no limit: whole seconds, at least 1
ngt=$(awk -v t="$t" 'BEGIN { n = int(t); if (n < t) n++; if (n < 1) n = 1; print n }')

# ops_of OUTPUT NAME: the bogo ops of a stressor's metrics row.
ops_of() {
	printf '%s\n' "$1" | awk -v s="$2" '$2 == "metrc:" && $4 == s && $5 ~ /^[0-9]+$/ { print $5; exit }'
}

# per_cpu_of OUTPUT NAME: bogo ops/s over usr+sys time of a metrics row.
per_cpu_of() {
	printf '%s\n' "$1" | awk -v s="$2" '$2 == "metrc:" && $4 == s && $5 ~ /^[0-9]+$/ { print $10; exit }'
}

# traced SYSCALL NAME CMD...: runs CMD (one instance, --metrics-brief
# added) under strace -f and prints "CALLS_PER_OP RESULT SHARE": SYSCALL's
# calls over the bogo ops CMD reports, the result most of them gave
# (a number, or -1_ERRNO) and that result's share in percent.
traced() {
	tsc=$1 tname=$2
	shift 2
	tf=$dir/strace.out
	tout=$(cd "$dir" && strace -f -qq -e trace="$tsc" -e signal=none -o "$tf" \
		"$@" --metrics-brief 2>&1)
	tops=$(ops_of "$tout" "$tname")
	awk -v sc="$tsc" -v ops="${tops:-0}" '
		index($0, sc "(") && !/resumed>/ { calls++ }
		/ = -?[0-9]+/ && index($0, sc) {
			r = $0; sub(/.* = /, "", r); split(r, w, " ")
			k = w[1]; if (k == "-1") k = "-1 " w[2]
			res[k]++; all++
		}
		END {
			for (k in res) if (res[k] > best) { best = res[k]; top = k }
			gsub(/ /, "_", top)
			if (ops > 0 && all > 0)
				printf "%.2f %s %d\n", calls / ops, top, 100 * best / all
		}' "$tf"
	rm -f "$tf"
}

# same_op NAME SYSCALL NGARGS SKARGS [OPS]: the peer-op check; prints a
# row and returns 1 when the ops differ (or cannot be checked).
same_op() {
	name=$1 sc=$2 nga=$3 ska=$4 cops=${5:-}
	stop="--timeout ${ct}s"
	# an op strace cannot check (one that ptraces its child, one of no
	# syscall): its ratio is given, and said to be unchecked
	if [ "$sc" = - ]; then
		row "  $name peer op" "unchecked under strace (ng_peers_fs.list says why)"
		return 0
	fi
	[ -z "$cops" ] || stop="--$name-ops $cops"
	if ! have strace; then
		row "  $name" "no ratio: its op is unchecked (no strace)"
		return 1
	fi
	# shellcheck disable=SC2086
	set -- $(traced "$sc" "$name" "$ngbin" --$name 1 $nga $stop --temp-path "$dir")
	ng_cpo=${1:-} ng_res=${2:-} ng_share=${3:-}
	# shellcheck disable=SC2086
	set -- $(traced "$sc" "$name" "$SK" --$name 1 $ska $stop --temp-path "$dir")
	sk_cpo=${1:-} sk_res=${2:-} sk_share=${3:-}
	if [ -z "$ng_cpo" ] || [ -z "$sk_cpo" ]; then
		row "  $name" "no ratio: no $sc() or no ops seen (stress-ng: ${ng_cpo:-none}, ours: ${sk_cpo:-none})"
		return 1
	fi
	ok=$(awk -v a="$sk_cpo" -v b="$ng_cpo" -v sa="$sk_share" -v sb="$ng_share" 'BEGIN {
		d = sa - sb; if (d < 0) d = -d
		print (b > 0 && a / b >= 0.75 && a / b <= 1.25 && d <= 10) ? 1 : 0 }')
	what="$sc() per op $sk_cpo vs $ng_cpo, mostly = $sk_res ($sk_share%) vs $ng_res ($ng_share%)"
	if [ "$ok" != 1 ] || [ "$sk_res" != "$ng_res" ]; then
		row "  $name" "no ratio: the ops differ: $what"
		return 1
	fi
	row "  $name peer op" "same: $what"
}

# Each run_* sets its figures for this repetition (ops/s, ops per usr+sys
# s) and, when the run failed (a non-zero exit: a failed op, an error),
# its *_failed to the exit status: a ratio to a failed run is not given.
run_sk() {
	# shellcheck disable=SC2086
	out=$(cd "$dir" && "$SK" --$name $n $ska --timeout "${t}s" --temp-path "$dir" --metrics-brief \
		--placement free 2>&1) ||
		sk_failed=$?
	sk=$(sk_ops_per_sec "$out" "$name") skcpu=$(per_cpu_of "$out" "$name")
}

run_ng() {
	# shellcheck disable=SC2086
	out=$(cd "$dir" && "$ngbin" --$name $n $nga --timeout "${ngt}s" --temp-path "$dir" \
		--metrics-brief 2>&1) || ng_failed=$?
	ng=$(sk_ops_per_sec "$out" "$name") ngcpu=$(per_cpu_of "$out" "$name")
}

if ! have "$ngbin"; then
	row "$ngbin" "not installed (apt-get install stress-ng): skipped"
	exit 0
fi
row "stressor ($n instances, ${t}s x $BENCH_REPS)" "ours  stress-ng  ratio  usr+sys ratio"
grep -v '^#' "$list" | while IFS='|' read -r name sc nga ska cops; do
	[ -n "$name" ] || continue
	[ -z "${NG_PEERS_ONLY:-}" ] || [ "$NG_PEERS_ONLY" = "$name" ] || continue
	if ! "$ngbin" --help 2>&1 | grep -q -- "--$name N "; then
		row "$name" "no ratio: this stress-ng ($("$ngbin" --version 2>&1 | awk '{ print $3; exit }')) has no $name"
		continue
	fi
	same_op "$name" "$sc" "$nga" "$ska" "$cops" || continue
	all_sk= all_ng= r= rc= sk_failed= ng_failed=
	for rep in $(seq "$BENCH_REPS"); do
		if [ $((rep % 2)) = 1 ]; then run_sk; run_ng; else run_ng; run_sk; fi
		all_sk="$all_sk ${sk:-0}" all_ng="$all_ng ${ng:-0}"
		r="$r $(ratio "${sk:-0}" "${ng:-0}")" rc="$rc $(ratio "${skcpu:-0}" "${ngcpu:-0}")"
	done
	if [ -n "$sk_failed$ng_failed" ]; then
		row "$name" "no ratio: a run failed (stresskit exit ${sk_failed:-0}, stress-ng exit ${ng_failed:-0})"
		continue
	fi
	# shellcheck disable=SC2086
	row "$name" "$(median $all_sk)  $(median $all_ng)  $(median $r)  $(median $rc)"
done
