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
trap 'rm -rf "$dir"' EXIT INT TERM

# sk_ops_per_cpu OUTPUT NAME: bogo ops/s (usr+sys time) of a stressor's row.
sk_ops_per_cpu() {
	printf '%s\n' "$1" | awk -v s="$2" '$2 == "metrc:" && $4 == s && $5 ~ /^[0-9]+$/ { print $10; exit }'
}

# bare_field OUTPUT KEY: a line "KEY VALUE" of a bare loop's output.
bare_field() {
	printf '%s\n' "$1" | awk -v k="$2" '$1 == k { print $2 }'
}

run_sk() {
	# shellcheck disable=SC2086
	out=$("$SK" --$name $n $skargs --timeout "${t}s" --temp-path "$dir" --metrics-brief)
	sk="$sk $(sk_ops_per_sec "$out" $name)"
	skcpu="$skcpu $(sk_ops_per_cpu "$out" $name)"
}

run_bare() {
	# shellcheck disable=SC2086
	out=$("$BENCHDIR"/$bareargs)
	bare="$bare $(bare_field "$out" ops_per_sec)"
	barecpu="$barecpu $(bare_field "$out" ops_per_cpu_sec)"
}

run_ng() {
	[ -n "$ngargs" ] && have stress-ng || return 0
	# shellcheck disable=SC2086
	out=$(cd "$dir" && stress-ng --$name $n $ngargs --timeout "${t}s" \
		--temp-path "$dir" --metrics-brief 2>&1)
	ng="$ng $(sk_ops_per_sec "$out" $name)"
	ngcpu="$ngcpu $(sk_ops_per_cpu "$out" $name)"
}

# measure LABEL STRESSOR "SK ARGS" "BARE ARGS" ["STRESS-NG ARGS"]: runs the
# three BENCH_REPS times, interleaved, the order turned round each time so
# the one after a run that left work for the kernel (dirty pages) is not
# always the same; prints medians.
measure() {
	label=$1 name=$2 skargs=$3 bareargs=$4 ngargs=${5:-}
	sk= skcpu= bare= barecpu= ng= ngcpu=
	for rep in $(seq "$BENCH_REPS"); do
		if [ $((rep % 2)) = 1 ]; then
			run_sk; run_bare; run_ng
		else
			run_ng; run_bare; run_sk
		fi
	done
	sk=$(median $sk) skcpu=$(median $skcpu)
	bare=$(median $bare) barecpu=$(median $barecpu)
	row "$label, bogo ops/s: stresskit" "$sk  (per usr+sys s: $skcpu)"
	row "  bare loop" "$bare  ratio $(ratio "$sk" "$bare") (target >= $target)  usr+sys ratio $(ratio "$skcpu" "$barecpu")"
	if [ -n "$ngargs" ]; then
		if [ -n "$ng" ]; then
			ng=$(median $ng) ngcpu=$(median $ngcpu)
			row "  stress-ng $name" "$ng  ratio $(ratio "$sk" "$ng")  usr+sys ratio $(ratio "$skcpu" "$ngcpu")"
		else
			row "  stress-ng $name" "not installed"
		fi
	fi
}

size=$((4 << 20))
target=0.97
measure "sendfile $n x 4M file to /dev/null" sendfile "" \
	"bare_sendfile $n $t null $size $size $dir" "--sendfile-size 4M"
target=0.95
measure "sendfile $n x 10K calls over TCP loopback" sendfile \
	"--sendfile-sink tcp" "bare_sendfile $n $t tcp $size 10240 $dir"
# stress-ng 0.15 divides --splice-bytes among instances: ask it for n x 64K
# so its op moves 64K too. Its op adds a second pipe and seven probe calls.
target=0.97
measure "splice $n x 64K /dev/zero -> pipe -> /dev/null" splice "" \
	"bare_splice $n $t zero 65536 67108864 $dir" "--splice-bytes $((n * 64))K"
measure "splice $n x 64K vmsplice+splice to a file" splice \
	"--splice-sink file --splice-method vmsplice" \
	"bare_splice $n $t vmsplice 65536 67108864 $dir"
measure "splice $n x 64K write() to a file" splice \
	"--splice-sink file --splice-method write" \
	"bare_splice $n $t write 65536 67108864 $dir"
