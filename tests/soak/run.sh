#!/bin/sh
# tests/soak/run.sh BIN [DIR] - the soak (make soak): for SOAK_SECONDS
# (default 3600), at once,
#   all:    every stressor, one instance each, --metrics --json, with
#           --progress on a terminal (the controller's view of the counters);
#   repeat: the controller with many runs: --pipe 1 --splice 1 for
#           SOAK_RUN_SECONDS (2) a run, --repeat as many as fit, --json;
#   redis:  `stresskit redis-server` under redis-benchmark (looping) and the
#           redis stressor's own client (--redis-target);
# while tests/soak/soak.py samples every process's RSS and open fds, and
# the server's INFO counters, every SOAK_INTERVAL (10) seconds into
# DIR/samples.csv. Then soak.py check judges: no RSS or fd growth past
# SOAK_WARMUP (300) seconds (but for what the repeated runs' controller
# keeps by design), no counter backwards or past 2^63, JSON totals
# that are the sums of their instances. DIR (default a new one under /tmp)
# keeps the CSV, the JSON and the logs. SOAK_WITH=LIST limits "all" to
# those stressors and SOAK_GROWTH_PCT (1) sets the growth judged a leak
# (the short soak of the tests, whose seconds are all warm-up, sets both).
# SOAK_RSS=off judges fds but not RSS (a sanitized build's RSS is its
# allocator's; LeakSanitizer reports leaks at each exit instead).
# Exit 0 passed, 1 failed.
set -eu
bin=$(realpath "$1")
here=$(dirname "$(realpath "$0")")
dir=${2:-$(mktemp -d /tmp/stresskit-soak.XXXXXX)}
secs=${SOAK_SECONDS:-3600}
interval=${SOAK_INTERVAL:-10}
warmup=${SOAK_WARMUP:-300}
run_secs=${SOAK_RUN_SECONDS:-2}
keyspace=${SOAK_KEYSPACE:-100000}
with=${SOAK_WITH:+--with $SOAK_WITH}
mkdir -p "$dir"
csv=$dir/samples.csv
: >"$csv"
pids=
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null || :; done
	wait 2>/dev/null || :
}
trap cleanup EXIT INT TERM
specs=$dir/roots
: >"$specs"
echo "soak: ${secs}s, samples every ${interval}s, judged past ${warmup}s, in $dir"

# the sampler first: python starts slowly on a loaded machine
python3 "$here/soak.py" monitor "$csv" "$interval" "$specs" &
mon=$!
pids="$pids $mon"
for _ in $(seq 600); do
	[ -f "$csv.ready" ] && break
	sleep 0.1
done
[ -f "$csv.ready" ] || { echo "soak: the sampler did not start"; exit 1; }

# all: on a terminal so --progress draws; its -t ends it. Its redis
# stressor gets a share of 2 CPUs among every other stressor: with a tenth
# of the keyspace its server is full within the warm-up (the whole
# keyspace took 30 minutes to fill in an hour's soak), so what is judged
# is the server's steady memory, not its keyspace filling
all_keyspace=$(( keyspace / 10 > 0 ? keyspace / 10 : 1 ))
python3 "$here/../integration/pty_run.py" "$bin" --all 1 $with --redis-keyspace "$all_keyspace" --metrics --progress \
	-t "${secs}s" --json "$dir/all.json" --temp-path "$dir" \
	>"$dir/all.out" 2>&1 &
all=$!
pids="$pids $all"
echo "all=$all" >>"$specs"

# repeat: runs of run_secs as long as the soak lasts
runs=$(( secs / (run_secs + 1) ))
[ "$runs" -ge 2 ] || runs=2
"$bin" --pipe 1 --splice 1 -t "${run_secs}s" --repeat "$runs" -q \
	--json "$dir/repeat.json" --temp-path "$dir" >"$dir/repeat.out" 2>&1 &
rep=$!
pids="$pids $rep"
echo "repeat=$rep" >>"$specs"

# redis: the server on a free port, two kinds of client. Its log is made
# here: the shell opens the redirection in the child, which may not have
# run yet when the loop below reads it
: >"$dir/redis-server.out"
"$bin" redis-server --port 0 >"$dir/redis-server.out" 2>&1 &
srv=$!
pids="$pids $srv"
port=
for _ in $(seq 300); do
	port=$(sed -n 's/.*ready to accept connections on .*:\([0-9]*\).*/\1/p' \
		"$dir/redis-server.out")
	[ -n "$port" ] && break
	sleep 0.1
done
[ -n "$port" ] || { echo "soak: redis-server did not start"; cat "$dir/redis-server.out"; exit 1; }
redis-benchmark -p "$port" -t set,get -c 20 -P 8 -r "$keyspace" -l -q \
	>"$dir/redis-benchmark.out" 2>&1 &
bench=$!
pids="$pids $bench"
echo "redis=$srv:$port" >>"$specs"
"$bin" --redis 1 --redis-target "127.0.0.1:$port" --redis-keyspace "$keyspace" \
	-t "${secs}s" -q --json "$dir/redis.json" --temp-path "$dir" \
	>"$dir/redis.out" 2>&1 || echo "soak: the redis client exited $?" >>"$dir/failed"

rc=0
wait "$all" || { echo "soak: the all-stressor run exited $?"; tail -n 20 "$dir/all.out"; rc=1; }
wait "$rep" || { echo "soak: the repeated runs exited $?"; tail -n 20 "$dir/repeat.out"; rc=1; }
[ ! -f "$dir/failed" ] || { cat "$dir/failed"; tail -n 20 "$dir/redis.out"; rc=1; }
kill "$bench" "$srv" 2>/dev/null || :
echo done >>"$specs"
wait "$mon" 2>/dev/null || :
pids=
# The repeated runs' controller keeps every run's results (its summary,
# --json): about 3.7 times the JSON's bytes in memory, measured with 20 and
# 200 runs of --pipe 1; allowed 5 times, for its RSS only.
allow=$(( $(stat -c %s "$dir/repeat.json" 2>/dev/null || echo 0) * 5 / 1024 ))
# The all-stressor run's controller keeps every interval of every
# instance's time series, growing with the run by design.
series=$(python3 "$here/soak.py" series-kb "$dir/all.json" 2>/dev/null || echo 0)
python3 "$here/soak.py" check "$warmup" "$csv" --allow "repeat=$allow" --allow "all=$series" \
	--growth "${SOAK_GROWTH_PCT:-1}" --rss "${SOAK_RSS:-on}" \
	--progress "$dir/all.out" \
	--json "$dir/all.json:1" --json "$dir/repeat.json:$runs" \
	--json "$dir/redis.json:1" >"$dir/verdict.txt" || rc=1
cat "$dir/verdict.txt"
exit $rc
