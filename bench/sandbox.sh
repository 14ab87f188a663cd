# sandbox.sh - the cost of --sandbox per stressor: bogo ops/s with and
# without the seccomp filter, one instance, interleaved repetitions. Ops
# per CPU second (usr+sys) is quoted beside ops per real second: on a
# shared machine it moves less with the other load.
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME

# sk_ops_per_cpu OUTPUT NAME: bogo ops/s (usr+sys time) of a stressor's row.
sk_ops_per_cpu() {
	printf '%s\n' "$1" | awk -v s="$2" '$2 == "metrc:" && $4 == s && $5 ~ /^[0-9]+$/ { print $10; exit }'
}

# measure NAME LABEL ARGS...: medians plain and sandboxed, and ratios.
measure() {
	name=$1 label=$2
	shift 2
	plain= boxed= plain_cpu= boxed_cpu=
	for rep in $(seq "$BENCH_REPS"); do
		out=$("$SK" "$@" --timeout "${t}s" --metrics-brief 2>/dev/null)
		plain="$plain $(sk_ops_per_sec "$out" "$name")"
		plain_cpu="$plain_cpu $(sk_ops_per_cpu "$out" "$name")"
		out=$("$SK" --sandbox "$@" --timeout "${t}s" --metrics-brief 2>/dev/null)
		boxed="$boxed $(sk_ops_per_sec "$out" "$name")"
		boxed_cpu="$boxed_cpu $(sk_ops_per_cpu "$out" "$name")"
	done
	row "$label" "sandboxed/plain ops/s $(ratio "$(median $boxed)" "$(median $plain)")," \
		"per CPU s $(ratio "$(median $boxed_cpu)" "$(median $plain_cpu)") (target >= 0.95)"
}

for name in $("$SK" --stressors | awk '!/not implemented/ { print $1 }'); do
	measure "$name" "$name 1" --"$name" 1
done
# the variants that go through other syscalls
if "$SK" --help splice >/dev/null 2>&1; then
	measure splice "splice 1 --splice-sink file" --splice 1 --splice-sink file
fi
if "$SK" --help sendfile >/dev/null 2>&1; then
	measure sendfile "sendfile 1 --sendfile-sink tcp" --sendfile 1 --sendfile-sink tcp
fi
