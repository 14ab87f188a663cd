# sandbox.sh - the cost of --sandbox per stressor: bogo ops/s with and
# without the seccomp filter, one instance, interleaved repetitions.
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME

# measure LABEL ARGS...: median ops/s of ARGS plain and sandboxed, ratio.
measure() {
	label=$1
	shift
	plain= boxed=
	for rep in $(seq "$BENCH_REPS"); do
		out=$("$SK" "$@" --timeout "${t}s" --metrics-brief 2>/dev/null)
		plain="$plain $(sk_ops_per_sec "$out" "$name")"
		out=$("$SK" --sandbox "$@" --timeout "${t}s" --metrics-brief 2>/dev/null)
		boxed="$boxed $(sk_ops_per_sec "$out" "$name")"
	done
	plain=$(median $plain)
	boxed=$(median $boxed)
	row "$label ops/s plain, sandboxed" "$plain $boxed  ratio $(ratio "$boxed" "$plain") (target >= 0.95)"
}

for name in $("$SK" --stressors | awk '!/not implemented/ { print $1 }'); do
	measure "$name 1" --"$name" 1
done
# the variants that go through other syscalls
if "$SK" --help splice >/dev/null 2>&1; then
	name=splice
	measure "splice 1 --splice-sink file" --splice 1 --splice-sink file
fi
if "$SK" --help sendfile >/dev/null 2>&1; then
	name=sendfile
	measure "sendfile 1 --sendfile-sink tcp" --sendfile 1 --sendfile-sink tcp
fi
