# redis.sh - the redis stressor's targets, side by side in one run:
#  1. `stresskit redis-server` vs redis-server under the same redis-benchmark
#     -t set,get -d 1024 -c 5 -P 3 -r 100000 (requests/s, and server CPU
#     time per request, which the shared machine's load disturbs less);
#  2. the stressor's client vs redis-benchmark, both driving redis-server;
#  3. RSS of each server holding 100k keys of 1 KiB.
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME
n=$((t * 100000))
BOPTS="-d 1024 -c 5 -P 3 -r 100000"

if ! have redis-server || ! have redis-benchmark; then
	row "redis" "redis-server or redis-benchmark not installed: skipped"
	exit 0
fi
tmp=$(mktemp -d /tmp/sk-bench-redis.XXXXXX)
sk_pid= real_pid=
trap 'kill $sk_pid $real_pid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT

free_port() {
	python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_ping() {
	for _ in $(seq 250); do
		[ "$(redis-cli -p "$1" ping 2>/dev/null)" = PONG ] && return 0
		sleep 0.02
	done
	echo "redis.sh: no server on port $1" >&2
	exit 1
}

# start_servers: a fresh stresskit and real server (empty, RSS at rest).
start_servers() {
	[ -n "$sk_pid" ] && kill $sk_pid $real_pid && wait $sk_pid $real_pid 2>/dev/null
	sk_port=$(free_port)
	"$SK" redis-server --port "$sk_port" >"$tmp/sk.log" 2>&1 &
	sk_pid=$!
	real_port=$(free_port)
	redis-server --port "$real_port" --bind 127.0.0.1 --save '' --appendonly no \
		--daemonize no --loglevel warning >"$tmp/real.log" 2>&1 &
	real_pid=$!
	wait_ping "$sk_port"
	wait_ping "$real_port"
}

# cpu PID: user+system clock ticks of a process so far.
cpu() {
	awk '{ print $14 + $15 }' "/proc/$1/stat"
}

# bench_rps PORT TEST: requests/s of redis-benchmark -t TEST.
bench_rps() {
	redis-benchmark -p "$1" -t "$2" $BOPTS -n "$n" --csv 2>/dev/null |
		awk -F'"' -v t="$(echo "$2" | tr a-z A-Z)" '$2 == t { print $4 }'
}

# medians VAR...: replaces each variable's list of samples by its median.
medians() {
	for v; do
		eval "$v=\$(median \$$v)"
	done
}

# 1. the servers under redis-benchmark, interleaved so load hits both
start_servers
sk_set= sk_get= re_set= re_get= sk_cpu= re_cpu=
for rep in $(seq "$BENCH_REPS"); do
	for side in sk real; do
		if [ $side = sk ]; then port=$sk_port pid=$sk_pid; else port=$real_port pid=$real_pid; fi
		c0=$(cpu $pid)
		set_rps=$(bench_rps "$port" set)
		get_rps=$(bench_rps "$port" get)
		us=$(awk -v a="$c0" -v b="$(cpu $pid)" -v n="$n" -v hz="$(getconf CLK_TCK)" \
			'BEGIN { printf "%.3f", (b - a) / hz * 1e6 / (2 * n) }')
		if [ $side = sk ]; then
			sk_set="$sk_set $set_rps" sk_get="$sk_get $get_rps" sk_cpu="$sk_cpu $us"
		else
			re_set="$re_set $set_rps" re_get="$re_get $get_rps" re_cpu="$re_cpu $us"
		fi
	done
done
medians sk_set sk_get re_set re_get sk_cpu re_cpu
row "redis-benchmark SET req/s: stresskit redis-server" "$sk_set"
row "  redis-server $(redis-server --version | sed 's/.*v=\([^ ]*\).*/\1/')" "$re_set  ratio $(ratio "$sk_set" "$re_set") (target >= 1.00)"
row "redis-benchmark GET req/s: stresskit redis-server" "$sk_get"
row "  redis-server" "$re_get  ratio $(ratio "$sk_get" "$re_get") (target >= 1.00)"
row "server CPU usec per request: stresskit" "$sk_cpu"
row "  redis-server" "$re_cpu  ratio $(ratio "$re_cpu" "$sk_cpu") (redis/stresskit, >= 1.00 is better)"

# 2. the stressor's client and redis-benchmark, both against redis-server,
# once each sends what the other does (redis_op_same). Part 1 needs no such
# check: one redis-benchmark drives both servers.
why_set=$(redis_op_same set "$real_port" "$BOPTS" --temp-path "$tmp")
why_get=$(redis_op_same get "$real_port" "$BOPTS" --temp-path "$tmp")
st_set= st_get= rb_set= rb_get=
for rep in $(seq "$BENCH_REPS"); do
	out=$("$SK" --redis 1 --redis-target "127.0.0.1:$real_port" --timeout "$((2 * t))s" \
		--metrics-brief --temp-path "$tmp")
	st_set="$st_set $(sk_metric "$out" redis 'SET requests per sec')"
	st_get="$st_get $(sk_metric "$out" redis 'GET requests per sec')"
	rb_set="$rb_set $(bench_rps "$real_port" set)"
	rb_get="$rb_get $(bench_rps "$real_port" get)"
done
medians st_set st_get rb_set rb_get
row "vs redis-server, SET req/s: stresskit --redis client" "$st_set"
if [ -z "$why_set" ]; then
	row "  redis-benchmark" "$rb_set  ratio $(ratio "$st_set" "$rb_set") (target >= 1.00)"
else
	printf '%s\n' "$why_set"
fi
row "vs redis-server, GET req/s: stresskit --redis client" "$st_get"
if [ -z "$why_get" ]; then
	row "  redis-benchmark" "$rb_get  ratio $(ratio "$st_get" "$rb_get") (target >= 1.00)"
else
	printf '%s\n' "$why_get"
fi

# 3. memory: 100k keys of 1 KiB, written once each through redis-cli --pipe
fill() {
	awk 'BEGIN { v = sprintf("%1024s", ""); gsub(/ /, "x", v)
		for (i = 0; i < 100000; i++) {
			k = sprintf("key:%012d", i)
			printf "*3\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$1024\r\n%s\r\n", length(k), k, v } }' |
		redis-cli -p "$1" --pipe >/dev/null
}
start_servers
fill "$sk_port"
fill "$real_port"
sk_rss=$(ps -o rss= -p "$sk_pid" | tr -d ' ')
re_rss=$(ps -o rss= -p "$real_pid" | tr -d ' ')
row "RSS KiB, 100k keys x 1 KiB: stresskit redis-server" "$sk_rss ($(redis-cli -p "$sk_port" dbsize) keys)"
row "  redis-server" "$re_rss ($(redis-cli -p "$real_port" dbsize) keys)  ratio $(ratio "$sk_rss" "$re_rss") (target <= 1.00)"
