# test_core.sh - the run engine through the pipe stressor: a run, exact
# --NAME-ops, --verify, the table's format, and every kind of bad input.

t_pipe_run() {
	expect_exit 0 "$SK" --pipe 2 --timeout 1s --metrics-brief --temp-path "$TMP"
	expect_match '^stresskit: info:  \[[0-9]+\] dispatching hogs: 2 pipe$' "$OUT"
	expect_match '^stresskit: metrc: \[[0-9]+\] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s$' "$OUT"
	expect_match '^stresskit: metrc: \[[0-9]+\]                           \(secs\)    \(secs\)    \(secs\)   \(real time\) \(usr\+sys time\)$' "$OUT"
	row=$(printf '%s\n' "$OUT" | grep ' pipe ' | grep -v dispatching | head -1)
	[ "$(echo "$row" | wc -w)" = 10 ] || fail "brief row is not ten fields: $row"
	ops=$(metrics_field pipe 5 "$OUT")
	[ "$ops" -gt 0 ] || fail "no ops: $ops"
	expect_match 'pipe +[0-9]+\.[0-9]{2} MB per sec pipe write rate \(geometric mean of 2 instances\)$' "$OUT"
	expect_match 'successful run completed in [0-9]+\.[0-9]{2}s$' "$OUT"
	no_leftovers "$TMP"
}

t_pipe_ops_exact() {
	expect_exit 0 "$SK" --pipe 3 --pipe-ops 1000 --timeout 60s --temp-path "$TMP"
	[ "$(metrics_field pipe 5 "$OUT")" = 1000 ] || fail "ops not exactly 1000: $OUT"
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 7 --temp-path "$TMP"
	[ "$(metrics_field pipe 5 "$OUT")" = 7 ] || fail "ops not exactly 7"
	# fewer ops than instances: the total is still exact
	expect_exit 0 "$SK" --pipe 4 --pipe-ops 2 --temp-path "$TMP"
	[ "$(metrics_field pipe 5 "$OUT")" = 2 ] || fail "ops not exactly 2"
}

# --NAME-ops counts after --warmup, as the timeout does: the loop's limit
# is set when the warmup ends (per op and in batches, processes and threads)
t_warmup_then_ops_exact() {
	expect_exit 0 "$SK" --pipe 2 --pipe-ops 1000 --warmup 0.3s --json p.json --temp-path "$TMP"
	[ "$(metrics_field pipe 5 "$OUT")" = 1000 ] || fail "pipe ops not exactly 1000 after the warmup: $OUT"
	expect_exit 0 "$SK" --pread2 2 --pread2-ops 20001 --warmup 0.3s --instance-mode thread \
		--json t.json --temp-path "$TMP"
	[ "$(metrics_field pread2 5 "$OUT")" = 20001 ] || fail "pread2 ops not exactly 20001 after the warmup: $OUT"
	py '
import json
for f in ("p.json", "t.json"):
    m = json.load(open(f))["runs"][0]["metrics"][0]
    assert m["wall-clock-time"] > 0, (f, m["wall-clock-time"])
    assert sum(i["bogo-ops"] for i in m["instances"]) == m["bogo-ops"], f
'
}

# --warmup leaves out the CPU time of an instance's helpers too: pipe's
# reader is alive at the warmup's end and reaped after the run, its whole
# time in wait4's figure. An instance is two processes, so its counted
# CPU time is at most twice its counted run time (and the ticks /proc
# counts in); with the reader's 1.5 s of warmup left in, it was 3 to 4
# times as much here. A loaded machine gives the reader less of the
# warmup, never more than the bound.
t_warmup_helper_cpu_left_out() {
	expect_exit 0 "$SK" --pipe 1 --warmup 1.5 -t 0.2 --temp-path "$TMP"
	printf '%s\n' "$OUT" | awk '$2 == "metrc:" && $4 == "pipe" && $5 ~ /^[0-9]+$/ {
		found = 1; exit !($7 + $8 <= 2 * $6 + 0.05) } END { if (!found) exit 1 }' ||
		fail "counted CPU time over twice the counted run time: $OUT"
}

t_pipe_verify() {
	expect_exit 0 "$SK" --verify --pipe 2 --pipe-data-size 8 --timeout 1s --temp-path "$TMP"
	expect_match 'successful run' "$OUT"
	expect_exit 0 "$SK" --pipe 1 --pipe-data-size 4K --pipe-size 64K --verify -t 0.5s --temp-path "$TMP"
}

t_metrics_full() {
	expect_exit 0 "$SK" --pipe 1 -t 0.5 -M --temp-path "$TMP"
	expect_match 'bogo ops/s CPU used per       RSS Max$' "$OUT"
	expect_match '\(usr\+sys time\) instance \(%\)          \(KB\)$' "$OUT"
	row=$(printf '%s\n' "$OUT" | awk '$2 == "metrc:" && $4 == "pipe" && $5 ~ /^[0-9]+$/')
	[ "$(echo "$row" | wc -w)" = 12 ] || fail "full row is not twelve fields: $row"
}

t_log_prefix_stress_ng() {
	expect_exit 0 "$SK" --log-prefix stress-ng --pipe 1 -t 0.3 --temp-path "$TMP"
	expect_no_match '^stresskit' "$OUT"
	expect_match '^stress-ng: metrc: \[[0-9]+\] pipe ' "$OUT"
	expect_match '^stress-ng: info:  \[[0-9]+\] successful run completed in' "$OUT"
}

t_option_order() {
	# an option means the same wherever it stands
	expect_exit 0 "$SK" --pipe-ops 50 --pipe 1 --temp-path "$TMP"
	[ "$(metrics_field pipe 5 "$OUT")" = 50 ] || fail "ops before --pipe ignored"
	expect_exit 0 "$SK" --pipe 1 --temp-path "$TMP" --pipe-ops=50
	[ "$(metrics_field pipe 5 "$OUT")" = 50 ] || fail "--pipe-ops=50 ignored"
}

t_timeout_kept() {
	expect_exit 0 "$SK" --pipe 2 --timeout 1s -v --temp-path "$TMP"
	timeout_kept "$OUT" 1
}

t_quiet() {
	expect_exit 0 "$SK" --pipe 1 -t 0.2 -q --temp-path "$TMP"
	[ -z "$OUT" ] || fail "quiet printed: $OUT"
}

t_info_commands() {
	expect_exit 0 "$SK" --stressors
	expect_match '^pipe ' "$OUT"
	expect_exit 0 "$SK" --help
	expect_match -- '--timeout' "$OUT"
	expect_match -- '--pipe-ops|--NAME-ops' "$OUT"
	expect_exit 0 "$SK" --help pipe
	expect_match -- '--pipe-data-size SIZE' "$OUT"
	expect_match 'One bogo-op is one write\(\)' "$OUT"
	expect_exit 0 "$SK" --version
	expect_match '^stresskit [0-9]+\.[0-9]+' "$OUT"
	expect_exit 0 "$SK" --no-rand-seed --pipe 1 --pipe-ops 5
}

t_bad_input() {
	bad_input --nosuch 1
	expect_match 'unknown option --nosuch' "$ERR"
	bad_input --pipe abc
	expect_match "invalid --pipe 'abc'" "$ERR"
	bad_input --pipe 99999999999999999999
	expect_match "invalid --pipe '99999999999999999999'" "$ERR"
	bad_input --pipe 8193
	bad_input --pipe 1 --timeout 1x
	expect_match "invalid --timeout '1x'" "$ERR"
	bad_input --pipe 1 --timeout -5
	expect_match "invalid --timeout '-5'" "$ERR"
	bad_input --pipe 1 --pipe-data-size 0
	expect_match "invalid --pipe-data-size '0': expected .* from 8 to 4K" "$ERR"
	bad_input --pipe 1 --pipe-data-size 1M
	bad_input --pipe 1 --pipe-ops 99999999999999999999
	expect_match "invalid --pipe-ops" "$ERR"
	bad_input --pipe 1 --timeout
	expect_match -- "--timeout needs a value" "$ERR"
	bad_input --timeout 1s
	expect_match "no stressor selected" "$ERR"
	bad_input --help nosuch
	expect_match "unknown stressor 'nosuch'" "$ERR"
	bad_input --pipe 1 --taskset 9999
	# a CPU this machine lacks: refused when read, before anything runs
	bad_input --pipe 1 --taskset 999
	expect_match "invalid --taskset '999': CPU 999 is not one this process may run on" "$ERR"
	bad_input --pipe 1 stray
	expect_match "unexpected argument 'stray'" "$ERR"
}

t_taskset() {
	expect_exit 0 "$SK" --pipe 1 --taskset 0 -t 0.3 --temp-path "$TMP"
}

t_process_names_and_death() {
	"$SK" --pipe 2 --timeout 20s --temp-path "$TMP" >/dev/null 2>&1 &
	pid=$!
	wait_until 20 sk_running 2 '^stresskit-pipe$' || fail "no stresskit-pipe process"
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null || true
	wait_until 20 no_sk_procs || fail "instances outlived the controller: $(sk_procs)"
	rm -rf "$TMP"/stresskit-*
}

# The libraries loaded on first use (core/base/lazy_lib.h) are not in the
# processes of a run that has not used them by its forks: a plain run's
# pipe instance and reader map none of them; a --yaml run's, not libyaml,
# which writes the file after the reap (the results document it holds
# is jansson's, begun before the run). The redis stressor's store library
# is loaded before the fork, in the controller, so its instances map it
# rather than load it each.
# lazy_unlinked NAME...: those NAMEs (patterns) the loader does not map
# at start anyway (a sanitizer's runtime needs libm), one a line
lazy_unlinked() {
	for lu in "$@"; do
		ldd "$SK" | grep -q "$lu" || echo "$lu"
	done
}

# lazy_maps PATTERN: the lazy libraries the processes matching map
lazy_maps() {
	lm_libs=$(lazy_unlinked libjansson libyaml libseccomp libJudy 'libm\.so' | paste -sd'|' -)
	for lm_pid in $(sk_procs "$1" | cut -d' ' -f1); do
		grep -E "$lm_libs" "/proc/$lm_pid/maps" || true
	done
}

# lazy_run PATTERN OPTION...: runs OPTION... until N processes match, then
# stops it; their libraries among the lazy ones in $maps.
lazy_run() {
	lr_pattern=$1
	shift
	"$SK" "$@" --timeout 20s --temp-path "$TMP" >"$TMP/log" 2>&1 &
	pid=$!
	wait_until 20 sk_running 1 "$lr_pattern" || fail "no $lr_pattern: $(cat "$TMP/log")"
	maps=$(lazy_maps "$lr_pattern")
	kill -INT "$pid"
	wait "$pid" || true
}

t_lazy_libraries_not_in_instances() {
	lazy_run '^stresskit-pipe' --pipe 1
	[ -z "$maps" ] || fail "an instance maps a library it does not use: $maps"
	lazy_run '^stresskit-pipe' --pipe 1 --yaml "$TMP/r.yaml"
	expect_no_match 'libyaml|libseccomp|libJudy' "$maps"
	grep -q '^metrics:' "$TMP/r.yaml" || fail "no YAML after the run: $(cat "$TMP/log")"
	lazy_run '^stresskit-redis$' --redis 1
	expect_match 'libJudy' "$maps"
	expect_no_match 'libjansson|libyaml|libseccomp' "$maps"
	rm -f "$TMP/log" "$TMP/r.yaml"
}

# A library loaded on first use that will not load stops the run before
# it starts: one line naming it, exit 4, no output file and no run
# directory left.
# lazy_refused SO: a run with $TMP/lib/SO found first by the loader
lazy_refused() {
	LD_LIBRARY_PATH=$TMP/lib expect_exit 4 "$SK" --pipe 1 --pipe-ops 10 \
		--json "$TMP/r.json" --temp-path "$TMP"
	expect_match "^stresskit: error: cannot load $1, which .* needs: .*$1" "$ERR"
	one_line "$ERR"
	[ -z "$OUT" ] || fail "the run started: $OUT"
	[ ! -e "$TMP/r.json" ] || fail "an output was written"
	rm "$TMP/lib/$1"
}

t_lazy_library_missing() {
	mkdir "$TMP/lib"
	# an empty file
	for so in $(lazy_unlinked libjansson.so.4 libm.so.6); do
		: >"$TMP/lib/$so"
		lazy_refused "$so"
	done
	# a library that loads only while its functions are bound lazily:
	# the check binds them all, as the first use does
	for so in $(lazy_unlinked libm.so.6); do
		echo 'void sk_nowhere(void); void sk_f(void) { sk_nowhere(); }' |
			cc -shared -fPIC -Wl,-z,lazy -x c - -o "$TMP/lib/$so"
		lazy_refused "$so"
	done
	rmdir "$TMP/lib"
	no_leftovers "$TMP"
}

t_sigint_stops() {
	"$SK" --pipe 2 --timeout 20s --temp-path "$TMP" >"$TMP/log" 2>&1 &
	pid=$!
	wait_until 20 sk_running 2 '^stresskit-pipe$'
	kill -INT "$pid"
	wait "$pid" || true
	grep -q 'bogo ops' "$TMP/log" || fail "no metrics after SIGINT: $(cat "$TMP/log")"
	rm -f "$TMP/log"
	no_leftovers "$TMP"
}

t_instance_counts() {
	ncpu=$(nproc)
	expect_exit 0 "$SK" --pipe 0 --pipe-ops 10 --temp-path "$TMP"
	expect_match "dispatching hogs: $ncpu pipe" "$OUT"
	expect_exit 0 "$SK" --pipe -1 --pipe-ops 10 --temp-path "$TMP"
	expect_match "dispatching hogs: $ncpu pipe" "$OUT"
	expect_exit 0 "$SK" --pipe 50% --pipe-ops 10 --temp-path "$TMP"
	half=$((ncpu / 2))
	[ $half -gt 0 ] || half=1
	expect_match "dispatching hogs: $half pipe" "$OUT"
}

t_verbose() {
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 10 -v --temp-path "$TMP"
	expect_match 'debug: \[[0-9]+\] pipe: instance 0 \(pid [0-9]+\): 10 bogo-ops' "$OUT"
	expect_match "debug: \[[0-9]+\] run directory $TMP/stresskit-" "$OUT"
}
