# zerocopy.sh - sendfile and splice bogo-ops/s beside bare loops doing the
# same syscalls with the same sizes (2 instances as processes), and beside
# stress-ng's sendfile and splice; sendfile over loopback TCP beside a bare
# sendfile-to-socket loop; splice-to-file against write-to-file.
# Each ratio is given over real time (the target) and over usr+sys time,
# which a machine shared with other builds disturbs much less.
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME
n=2
dir=$(mktemp -d /tmp/sk-bench-zerocopy.XXXXXX)
trap 'rm -rf "$dir"' EXIT
trap 'exit 1' INT TERM
# stress-ng reads "0.5s" as 0, no limit: it gets whole seconds, at least 1
ngt=$(awk -v t="$t" 'BEGIN { n = int(t); if (n < t) n++; if (n < 1) n = 1; print n }')

# sk_ops_per_cpu OUTPUT NAME: bogo ops/s (usr+sys time) of a stressor's row.
sk_ops_per_cpu() {
	printf '%s\n' "$1" | awk -v s="$2" '$2 == "metrc:" && $4 == s && $5 ~ /^[0-9]+$/ { print $10; exit }'
}

# median_ratio R1 R2 ...: the median of ratios, 3 decimals.
median_ratio() {
	printf '%.3f\n' "$(median "$@")"
}

# bare_field OUTPUT KEY: a line "KEY VALUE" of a bare loop's output.
bare_field() {
	printf '%s\n' "$1" | awk -v k="$2" '$1 == k { print $2 }'
}

# Each run_* sets its figures for this repetition: ops/s, ops per usr+sys
# s, and the envelope (the 95th percentile of its 50 ms windows), the
# estimator compare reads, the same on both sides. The bare loops place
# nothing: --placement free, alike (the TCP sink's receiver is a helper).
run_sk() {
	# shellcheck disable=SC2086
	out=$("$SK" --$name $n $skargs --timeout "${t}s" --temp-path "$dir" --metrics-brief \
		--placement free --json "$dir/sk.json")
	sk=$(sk_ops_per_sec "$out" $name) skcpu=$(sk_ops_per_cpu "$out" $name)
	skenv=$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["runs"][0]["metrics"][0]["envelope"]["bogo-ops-per-second-real-time"] or 0)' "$dir/sk.json")
}

run_bare() {
	# shellcheck disable=SC2086
	out=$("$BENCHDIR"/$bareargs)
	bare=$(bare_field "$out" ops_per_sec) barecpu=$(bare_field "$out" ops_per_cpu_sec)
	bareenv=$(bare_field "$out" envelope_ops_per_sec)
}

run_ng() {
	ng= ngcpu=
	[ -n "$ngargs" ] && [ -z "$ngwhy" ] && have stress-ng || return 0
	# shellcheck disable=SC2086
	out=$(cd "$dir" && stress-ng --$name $n $ngargs --timeout "${ngt}s" \
		--temp-path "$dir" --metrics-brief 2>&1)
	ng=$(sk_ops_per_sec "$out" $name) ngcpu=$(sk_ops_per_cpu "$out" $name)
}

# measure LABEL STRESSOR "SK ARGS" "BARE ARGS" ["STRESS-NG ARGS"]: stress-ng's
# op checked first (most of its STRESSOR() calls move $ngop bytes, as ours
# do; otherwise it is not run and one row says why), then runs the
# three BENCH_REPS times, interleaved, the order turned round each time so
# the one after a run that left work for the kernel (dirty pages) is not
# always the same. Prints the medians of the figures and the median of each
# repetition's ratio: runs seconds apart share more of the machine's load
# than the medians of the whole do.
measure() {
	label=$1 name=$2 skargs=$3 bareargs=$4 ngargs=${5:-}
	all_sk= all_skcpu= all_bare= all_ng= r_bare= rc_bare= re_bare= r_ng= rc_ng= ngwhy=
	if [ -n "$ngargs" ] && have stress-ng; then
		# shellcheck disable=SC2086
		ngwhy=$(cd "$dir" && peer_op_same "  stress-ng $name" $name "$ngop" \
			stress-ng --$name $n $ngargs --timeout 1s --temp-path "$dir")
	fi
	for rep in $(seq "$BENCH_REPS"); do
		if [ $((rep % 2)) = 1 ]; then
			run_sk; run_bare; run_ng
		else
			run_ng; run_bare; run_sk
		fi
		all_sk="$all_sk $sk" all_skcpu="$all_skcpu $skcpu" all_bare="$all_bare $bare"
		r_bare="$r_bare $(ratio "$sk" "$bare")" rc_bare="$rc_bare $(ratio "$skcpu" "$barecpu")"
		re_bare="$re_bare $(ratio "$skenv" "$bareenv")"
		if [ -n "$ng" ]; then
			all_ng="$all_ng $ng"
			r_ng="$r_ng $(ratio "$sk" "$ng")" rc_ng="$rc_ng $(ratio "$skcpu" "$ngcpu")"
		fi
	done
	row "$label, bogo ops/s: stresskit" "$(median $all_sk)  (per usr+sys s: $(median $all_skcpu))"
	row "  bare loop" "$(median $all_bare)  ratio $(median_ratio $r_bare) (target >= $target)  usr+sys ratio $(median_ratio $rc_bare)"
	row "  bare loop, envelope of 50 ms windows" "ratio $(median_ratio $re_bare)"
	[ -n "$ngargs" ] || return 0
	if [ -n "$all_ng" ]; then
		row "  stress-ng $name" "$(median $all_ng)  ratio $(median_ratio $r_ng)  usr+sys ratio $(median_ratio $rc_ng)"
	elif [ -n "$ngwhy" ]; then
		printf '%s\n' "$ngwhy"
	else
		row "  stress-ng $name" "not installed"
	fi
}

size=$((4 << 20))
target=0.97
ngop=$size
measure "sendfile $n x 4M file to /dev/null" sendfile "" \
	"bare_sendfile $n $t null $size $size $dir" "--sendfile-size 4M"
target=0.95
measure "sendfile $n x 10K calls over TCP loopback" sendfile \
	"--sendfile-sink tcp" "bare_sendfile $n $t tcp $size 10240 $dir"
# stress-ng 0.15 divides --splice-bytes among instances: asked for n x 64K
# its op is still 14 splice() calls, 5 of them failing probes, most of 4K
# (strace: 44% of them 4096 bytes), not one splice of 64K each way: the
# op check refuses its ratio.
target=0.97
ngop=65536
measure "splice $n x 64K /dev/zero -> pipe -> /dev/null" splice "" \
	"bare_splice $n $t zero 65536 67108864 $dir" "--splice-bytes $((n * 64))K"
measure "splice $n x 64K vmsplice+splice to a file" splice \
	"--splice-sink file --splice-method vmsplice" \
	"bare_splice $n $t vmsplice 65536 67108864 $dir"
measure "splice $n x 64K write() to a file" splice \
	"--splice-sink file --splice-method write" \
	"bare_splice $n $t write 65536 67108864 $dir"
