# ng_peers.sh [LIST] - each row of LIST (default NG_PEERS_LIST, else
# bench/ng_peers.list) beside stress-ng's stressor of the same name:
# first the peer-op check (one instance of each tool under strace -f: the
# same calls per bogo-op and the same results, or no ratio and one row
# saying what differs), then BENCH_REPS runs of each, interleaved, at the
# same instance count, placed alike, printing the medians of the runs'
# ratios ours / stress-ng of bogo ops/s (real time, the target >= 1.0)
# and of ops per usr+sys second. The bench ng_peers is this script over
# bench/ng_peers.list, ng_peers_fs (bench/ng_peers_fs.sh) over
# bench/ng_peers_fs.list.
#
# A list holds, besides '#' comment lines, rows and settings. A row:
#   NAME | SYSCALLS | STRESS-NG ARGS | STRESSKIT ARGS [| CHECK]
# NAME is the stressor (--NAME N on both); SYSCALLS (comma-separated) are
# the calls whose count per bogo-op and most common result (with its
# errno when it fails) must agree under strace; SYSCALL:calls compares
# the count alone (a call whose result is no size: a timer's overrun);
# '-' checks nothing (an op strace cannot follow: the list says why), and
# the ratio is given and said to be unchecked. Each tool's ARGS come
# after its --NAME N. CHECK is how long the traced runs last: N bogo-ops
# (--NAME-ops N), or Ns seconds; empty, the list's check setting.
# A setting, KEY=VALUE, holds for every row of its list (where it stands
# does not matter; the last of a key counts):
#   instances=N   instances of each tool in the measured runs (default 1)
#   nice=N        nice level of both tools' runs (default 0: the caller's)
#   cpus=CPUS     taskset -c CPUS on both tools' runs; last: the last
#                 online CPU; none (default): not pinned
#   check=N|Ns    the traced runs: N ops, or N seconds (default 3s)
#   calls=P%      our calls per op within P% of stress-ng's, or within
#                 0.05 (default 10%)
#   share=P|any   the most common result's share of the calls within P
#                 points of stress-ng's; any: not compared (default any)
# A result is compared only for a call made at least once every other
# op: a rarer call's most common result is a handful of calls'.
# NG_PEERS_N, NG_PEERS_NICE and NG_PEERS_CPUS override instances, nice
# and cpus; NG_PEERS_CHECK_OPS=N and NG_PEERS_CHECK=S (seconds) the check
# of rows without their own; NG_PEERS_ONLY=NAME (or BENCH_NG_ONLY) runs
# that stressor's rows alone; NG_PEERS_BIN (default stress-ng) is the
# peer run, e.g. an upstream build. A list it cannot read exits 2 with a
# one-line error.
# shellcheck shell=sh
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
ngbin=${NG_PEERS_BIN:-stress-ng}
list=${1:-${NG_PEERS_LIST:-$here/ng_peers.list}}
t=$BENCH_TIME
target=1.0
# a traced run bounded by ops still stops here: symlink's 2 ops took 9 s
# under strace on a loaded machine, so this leaves room
check_cap=60

# bad_list WHY: the one-line error for a list it cannot use.
bad_list() {
	echo "ng_peers.sh: $list: $1" >&2
	exit 2
}

[ -r "$list" ] || bad_list "cannot read it"
# The list as lines "row|NAME|SYSCALLS|NGARGS|SKARGS|CHECK" (fields
# trimmed, blanks inside them one space) and "set KEY VALUE"; at the
# first line it cannot use, "error line N: WHY" and nothing more.
parsed=$(awk '
	function bad(why) { printf "error line %d: %s\n", NR, why; exit }
	/^[[:space:]]*(#|$)/ { next }
	!/\|/ {
		s = $0; gsub(/[[:space:]]/, "", s)
		if (s !~ /^[a-z]+=/)
			bad("neither a row (NAME|SYSCALLS|NG ARGS|OUR ARGS[|CHECK]) nor a setting (KEY=VALUE)")
		k = s; sub(/=.*/, "", k); v = substr(s, length(k) + 2)
		if (k !~ /^(instances|nice|cpus|check|calls|share)$/)
			bad("no setting " k "= (instances, nice, cpus, check, calls, share)")
		if ((k == "instances" && v !~ /^[1-9][0-9]*$/) ||
		    (k == "nice" && v !~ /^-?[0-9]+$/) ||
		    (k == "cpus" && v !~ /^(last|none|[0-9][0-9,-]*)$/) ||
		    (k == "check" && v !~ /^[1-9][0-9]*s?$/) ||
		    (k == "calls" && v !~ /^[0-9]+%$/) ||
		    (k == "share" && v !~ /^(any|[0-9]+)$/))
			bad(k "= cannot be \"" v "\" (bench/ng_peers.sh says what it takes)")
		print "set", k, v
		next
	}
	{
		if (split($0, f, "|") > 5)
			bad("a row has at most 5 fields: NAME|SYSCALLS|NG ARGS|OUR ARGS|CHECK")
		for (i = 1; i <= 5; i++) {
			gsub(/^[[:space:]]+|[[:space:]]+$/, "", f[i]); gsub(/[[:space:]]+/, " ", f[i])
		}
		if (f[1] !~ /^[a-z0-9][a-z0-9-]*$/) bad("not a stressor name: \"" f[1] "\"")
		if (f[2] == "") bad(f[1] ": no SYSCALLS (\"-\" for none)")
		if (f[5] !~ /^([1-9][0-9]*s?)?$/)
			bad(f[1] ": CHECK is N (ops) or Ns (seconds), not \"" f[5] "\"")
		print "row|" f[1] "|" f[2] "|" f[3] "|" f[4] "|" f[5]
	}' "$list")
case $parsed in
error*|*"
error"*) bad_list "$(printf '%s\n' "$parsed" | sed -n 's/^error //p')" ;;
esac

# setting KEY DEFAULT: the list's last KEY=VALUE, else DEFAULT.
setting() {
	v=$(printf '%s\n' "$parsed" | awk -v k="$1" '$1 == "set" && $2 == k { v = $3 } END { print v }')
	echo "${v:-$2}"
}

n=${NG_PEERS_N:-$(setting instances 1)}
nice=${NG_PEERS_NICE:-$(setting nice 0)}
cpus=${NG_PEERS_CPUS:-$(setting cpus none)}
[ "$cpus" = last ] && cpus=$(($(getconf _NPROCESSORS_ONLN) - 1))
check=$(setting check 3s)
[ -z "${NG_PEERS_CHECK_OPS:-}" ] || check=$NG_PEERS_CHECK_OPS
[ -z "${NG_PEERS_CHECK:-}" ] || check=${NG_PEERS_CHECK}s
calls_tol=$(setting calls 10%)
calls_tol=${calls_tol%\%}
share_tol=$(setting share any)
# Both tools run under the same prefix: where something renices processes
# named stresskit* on a shared machine (one was seen to: instances at 19,
# stress-ng's at 0), a real-time ratio at two nice levels measured that
pin=
[ "$nice" = 0 ] || pin="nice -n $nice"
[ "$cpus" = none ] || pin="${pin:+$pin }taskset -c $cpus"

dir=$(mktemp -d /tmp/sk-bench-ng.XXXXXX)
trap 'rm -rf "$dir"' EXIT
trap 'exit 1' INT TERM
# stress-ng reads "0.5s" as 0, no limit: it gets whole seconds, at least 1
ngt=$(awk -v t="$t" 'BEGIN { n = int(t); if (n < t) n++; if (n < 1) n = 1; print n }')

# metrics_field OUTPUT NAME COLUMN: a column of the stressor's metrics
# row (5: bogo ops, 9: ops/s real time, 10: ops/s usr+sys time).
metrics_field() {
	printf '%s\n' "$1" | awk -v s="$2" -v c="$3" '$2 == "metrc:" && $4 == s && $5 ~ /^[0-9]+$/ { print $c; exit }'
}

# traced SYSCALLS NAME TRACE CMD...: runs CMD (--metrics-brief and the
# temp path added) under strace -f, the SYSCALLS' calls written to TRACE,
# and prints the bogo ops CMD reports (nothing when it reports none).
traced() {
	tsc=$1 tname=$2 tf=$3
	shift 3
	tout=$(cd "$dir" && strace -f -qq -e trace="$(printf '%s' "$tsc" | sed 's/:calls//g')" \
		-e signal=none -o "$tf" "$@" --metrics-brief --temp-path "$dir" 2>&1)
	metrics_field "$tout" "$tname" 5
}

# compare_traces SYSCALLS SK_OPS SK_TRACE NG_OPS NG_TRACE: "same WHAT" or
# "differ WHY", by the list's calls and share settings.
compare_traces() {
	awk -v spec="$1" -v skops="${2:-0}" -v skf="$3" -v ngops="${4:-0}" \
		-v tol="$calls_tol" -v stol="$share_tol" '
	BEGIN {
		n = split(spec, s, ",")
		for (i = 1; i <= n; i++) {
			only[i] = sub(/:calls$/, "", s[i])
			sc[i] = s[i]
		}
	}
	{
		side = FILENAME == skf ? "sk" : "ng"
		for (i = 1; i <= n; i++) {
			call = $2 ~ "^" sc[i] "\\("
			if (call) { calls[side, i]++; seen[side]++ }
			if (!call && !index($0, "<... " sc[i] " resumed>")) continue
			if (!index($0, " = ")) continue
			# the result: a number, or -1_ERRNO
			r = $0; sub(/.* = /, "", r); split(r, w, " ")
			if (w[1] !~ /^-?[0-9]/) continue
			k = w[1] == "-1" ? "-1_" w[2] : w[1]
			res[side, i, k]++; all[side, i]++
			# a tie (two results of half the calls each) goes to the
			# smaller, so each side names the same one whatever came first
			if (res[side, i, k] > best[side, i] ||
			    (res[side, i, k] == best[side, i] && k < top[side, i])) {
				best[side, i] = res[side, i, k]; top[side, i] = k
			}
		}
	}
	END {
		if (skops <= 0) { print "differ stresskit counted no ops"; exit }
		if (ngops <= 0) { print "differ stress-ng counted no ops"; exit }
		if (!seen["sk"] || !seen["ng"]) {
			printf "differ no %s() seen (stresskit: %d calls, stress-ng: %d)\n", spec, seen["sk"], seen["ng"]
			exit
		}
		for (i = 1; i <= n; i++) {
			a = calls["sk", i] / skops; b = calls["ng", i] / ngops
			d = a - b; if (d < 0) d = -d
			what = sprintf("%s() %.3f vs %.3f per op", sc[i], a, b)
			if (d > 0.05 && d > tol / 100 * b) {
				why = why sprintf("%s() %.3f calls per op, stress-ng %.3f; ", sc[i], a, b)
				continue
			}
			if (!only[i] && a >= 0.5) {
				sa = all["sk", i] ? 100 * best["sk", i] / all["sk", i] : 0
				sb = all["ng", i] ? 100 * best["ng", i] / all["ng", i] : 0
				ds = sa - sb; if (ds < 0) ds = -ds
				what = what sprintf(", mostly = %s (%d%%) vs %s (%d%%)", top["sk", i], sa, top["ng", i], sb)
				if (top["sk", i] != top["ng", i] || (stol != "any" && ds > stol + 0)) {
					why = why sprintf("%s() mostly returns %s (%d%%), stress-ng %s (%d%%); ",
						sc[i], top["sk", i], sa, top["ng", i], sb)
					continue
				}
			}
			same = same what "; "
		}
		if (why != "") print "differ " substr(why, 1, length(why) - 2)
		else print "same " substr(same, 1, length(same) - 2)
	}' "$3" "$5"
}

# same_op LABEL NAME SYSCALLS NGARGS SKARGS CHECK: the peer-op check; one
# row says what it found, and the status is 1 when no ratio is to be given.
same_op() {
	sl=$1 sn=$2 ss=$3 sng=$4 ssk=$5 sc=$6
	if [ "$ss" = - ]; then
		row "  $sl peer op" "unchecked under strace ($(basename "$list") says why)"
		return 0
	fi
	if ! have strace; then
		row "$sl" "no ratio: its op is unchecked (no strace: apt-get install strace)"
		return 1
	fi
	case $sc in
	*s) stop="--timeout $sc" ;;
	*) stop="--$sn-ops $sc --timeout ${check_cap}s" ;;
	esac
	# shellcheck disable=SC2086
	skops=$(traced "$ss" "$sn" "$dir/sk.trace" "$SK" --"$sn" 1 $ssk $stop)
	# shellcheck disable=SC2086
	ngops=$(traced "$ss" "$sn" "$dir/ng.trace" "$ngbin" --"$sn" 1 $sng $stop)
	v=$(compare_traces "$ss" "$skops" "$dir/sk.trace" "$ngops" "$dir/ng.trace")
	rm -f "$dir/sk.trace" "$dir/ng.trace"
	if [ "${v%% *}" = same ]; then
		row "  $sl peer op" "same: ${v#* }"
		return 0
	fi
	row "$sl" "no ratio: the ops differ: ${v#* }"
	return 1
}

# Each run_* sets its figures for this repetition (ops/s, ops per usr+sys
# second) and, when the run failed (a non-zero exit: a failed op, an
# error), its *_failed to the exit status: a ratio to a failed run is not
# given. stress-ng places nothing: --placement free, so each pair is
# placed alike.
run_sk() {
	# shellcheck disable=SC2086
	out=$(cd "$dir" && $pin "$SK" --"$name" "$n" $skargs --timeout "${t}s" --temp-path "$dir" \
		--metrics-brief --placement free 2>&1) || sk_failed=$?
	sk=$(sk_ops_per_sec "$out" "$name") skcpu=$(metrics_field "$out" "$name" 10)
}

run_ng() {
	# shellcheck disable=SC2086
	out=$(cd "$dir" && $pin "$ngbin" --"$name" "$n" $ngargs --timeout "${ngt}s" \
		--temp-path "$dir" --metrics-brief 2>&1) || ng_failed=$?
	ng=$(sk_ops_per_sec "$out" "$name") ngcpu=$(metrics_field "$out" "$name" 10)
}

if ! have "$ngbin"; then
	row "$ngbin" "not installed (apt-get install stress-ng): no ratios"
	exit 0
fi
nghelp=$("$ngbin" --help 2>&1)
ngver=$("$ngbin" --version 2>&1 | awk '{ print $3; exit }')
how="under: $pin"
[ -n "$pin" ] || how="unpinned, at the caller's nice level"
echo "  $n instance(s) each, ${t}s x $BENCH_REPS, both $how; ratio = stresskit / stress-ng (target >= $target)"
only=${NG_PEERS_ONLY:-${BENCH_NG_ONLY:-}}
printf '%s\n' "$parsed" | grep '^row|' | while IFS='|' read -r _ name calls ngargs skargs rcheck; do
	[ -z "$only" ] || [ "$only" = "$name" ] || continue
	# not "label": row (lib.sh) sets that
	rlabel="$name${skargs:+ $skargs}"
	if ! printf '%s\n' "$nghelp" | grep -q -- "--$name N "; then
		row "$rlabel" "no ratio: this stress-ng ($ngver) has no $name"
		continue
	fi
	same_op "$rlabel" "$name" "$calls" "$ngargs" "$skargs" "${rcheck:-$check}" || continue
	all_sk='' all_ng='' r='' rc='' sk_failed='' ng_failed=''
	for rep in $(seq "$BENCH_REPS"); do
		if [ $((rep % 2)) = 1 ]; then run_sk; run_ng; else run_ng; run_sk; fi
		[ -n "$sk" ] || sk_failed=${sk_failed:-"0, no metrics row"}
		[ -n "$ng" ] || ng_failed=${ng_failed:-"0, no metrics row"}
		all_sk="$all_sk $sk" all_ng="$all_ng $ng"
		r="$r $(ratio "$sk" "$ng")" rc="$rc $(ratio "${skcpu:-0}" "${ngcpu:-0}")"
	done
	if [ -n "$sk_failed$ng_failed" ]; then
		row "$rlabel" "no ratio: a run failed (stresskit exit ${sk_failed:-0}, stress-ng exit ${ng_failed:-0})"
		continue
	fi
	# shellcheck disable=SC2086
	row "$rlabel" "ops/s $(median $all_sk) vs $(median $all_ng): ratio $(printf '%.3f' "$(median $r)")  usr+sys ratio $(printf '%.3f' "$(median $rc)")"
done
