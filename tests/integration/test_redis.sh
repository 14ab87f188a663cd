# test_redis.sh - `stresskit redis-server` under the real redis-cli and
# redis-benchmark, its limits and protocol errors over raw sockets, and
# the redis stressor on its own server and against a real redis-server.

# rs_start [OPTION]...: starts `stresskit redis-server` on a free port
# (the kernel picks it); sets RS_PID and RS_PORT. A trap stops it.
rs_start() {
	"$SK" redis-server --port 0 "$@" >"$TMP/rs.out" 2>&1 &
	RS_PID=$!
	trap 'kill $RS_PID 2>/dev/null; wait $RS_PID 2>/dev/null; true' EXIT
	wait_until 30 rs_listening || fail "redis-server did not start: $(cat "$TMP/rs.out")"
}

rs_listening() {
	RS_PORT=$(sed -n 's/.*ready to accept connections on .*:\([0-9]*\)$/\1/p' "$TMP/rs.out" 2>/dev/null || true)
	[ -n "$RS_PORT" ]
}

# rs_gone KEY: GET KEY answers nil.
rs_gone() {
	[ "$(redis-cli -p "$RS_PORT" get "$1")" = "" ]
}

# rs_stop: SIGTERM, which must end it cleanly with status 0.
rs_stop() {
	kill -TERM "$RS_PID" || fail "redis-server died: $(cat "$TMP/rs.out")"
	trap - EXIT
	rc=0
	wait "$RS_PID" || rc=$?
	[ "$rc" = 0 ] || fail "redis-server exited $rc on SIGTERM"
	expect_match 'stopped$' "$(cat "$TMP/rs.out")"
	rm -f "$TMP/rs.out"
}

# free_port: a TCP port on 127.0.0.1 that nothing listens on right now.
free_port() {
	python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# wait_port PORT: until something listens on 127.0.0.1:PORT (5 s at most).
wait_port() {
	python3 -c "
import socket, sys, time
for _ in range(250):
    try:
        socket.create_connection(('127.0.0.1', $1)).close(); sys.exit(0)
    except OSError:
        time.sleep(0.02)
sys.exit('nothing listens on port $1')"
}

# raw PYTHON: runs python with P (the port) and helpers: conn(), and
# talk(data, want, sock) that sends data and fails unless the reply is want
# (ending in <closed> when the server must close the connection).
raw() {
	python3 -c "
import socket, sys, time
P = $RS_PORT
def conn():
    s = socket.create_connection(('127.0.0.1', P)); s.settimeout(0.1); return s
def talk(data, want, s=None):
    s = s or conn(); s.sendall(data); out = b''
    closing = want.endswith(b'<closed>')
    deadline = time.time() + 5
    while time.time() < deadline and (closing or len(out) < len(want)):
        try:
            d = s.recv(65536)
        except socket.timeout:
            continue
        except ConnectionResetError:
            out += b'<reset>'; break
        if not d:
            out += b'<closed>'; break
        out += d
    if out != want:
        sys.exit('sent %r: got %r, want %r' % (data[:80], out[:300], want[:300]))
$1"
}

t_redis_server_cli() {
	rs_start
	cli() { redis-cli -p "$RS_PORT" "$@"; }
	[ "$(cli ping)" = PONG ] || fail "PING"
	[ "$(cli set k hello)" = OK ] || fail "SET"
	[ "$(cli get k)" = hello ] || fail "GET"
	[ "$(cli set k v NX)" = "" ] || fail "SET NX on an existing key"
	[ "$(cli set k2 v XX)" = "" ] || fail "SET XX on a missing key"
	[ "$(cli incrby n 41)" = 41 ] && [ "$(cli incr n)" = 42 ] && [ "$(cli decr n)" = 41 ] ||
		fail "INCR"
	[ "$(cli mset a 1 b 2)" = OK ] || fail "MSET"
	[ "$(cli mget a b nope | tr '\n' ,)" = "1,2,," ] || fail "MGET"
	[ "$(cli exists a b nope a)" = 3 ] || fail "EXISTS"
	[ "$(cli del a b nope)" = 2 ] || fail "DEL"
	[ "$(cli dbsize)" = 2 ] || fail "DBSIZE"
	[ "$(cli echo 'x y')" = "x y" ] || fail "ECHO"
	# the GET is a new redis-cli a moment later: on a loaded machine once
	# past 500 ms, so the key lives 3 s, and its expiry is waited for
	[ "$(cli set t v PX 3000)" = OK ] && [ "$(cli get t)" = v ] || fail "SET PX"
	wait_until 20 rs_gone t || fail "key did not expire"
	expect_match '^db0:keys=2,' "$(cli info keyspace)"
	[ "$(cli config get save | tr '\n' ,)" = "save,," ] || fail "CONFIG GET save"
	[ "$(cli config get appendonly | tr '\n' ,)" = "appendonly,no," ] || fail "CONFIG GET appendonly"
	expect_match '^[0-9]+$' "$(cli command count)"
	# Redis's own error texts
	[ "$(cli foo bar baz)" = "ERR unknown command 'foo', with args beginning with: 'bar' 'baz' " ] ||
		fail "unknown command text: $(cli foo bar baz)"
	[ "$(cli get)" = "ERR wrong number of arguments for 'get' command" ] || fail "arity text"
	[ "$(cli set k v EX 0)" = "ERR invalid expire time in 'set' command" ] || fail "EX 0"
	[ "$(cli set k v NX XX)" = "ERR syntax error" ] || fail "NX XX"
	[ "$(cli incr k)" = "ERR value is not an integer or out of range" ] || fail "INCR text"
	# redis-cli reading commands from standard input, as in a session
	out=$(printf "set s 1\nincr s\nget s\nflushall\ndbsize\n" | redis-cli -p "$RS_PORT")
	[ "$(echo $out)" = "OK 2 2 OK 0" ] || fail "redis-cli session: $out"
	rs_stop
}

# redis-cli as a person uses it, on a terminal: it asks COMMAND DOCS at start.
t_redis_cli_interactive() {
	rs_start
	out=$(python3 - "$RS_PORT" <<'EOF'
import os, pty, select, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.environ['TERM'] = 'dumb'
    os.execvp('redis-cli', ['redis-cli', '-p', sys.argv[1]])
def rd(want):
    out = b''; end = time.time() + 5
    while time.time() < end and not out.endswith(want):
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                d = os.read(fd, 4096)
            except OSError:
                break
            if b'\x1b[6n' in d:		# the line editor asks where the cursor is
                os.write(fd, b'\x1b[1;1R')
            out += d
    return out
prompt = b'> '
rd(prompt)
for cmd in [b'set greeting hello', b'get greeting', b'GET', b'quit']:
    os.write(fd, cmd + b'\r')
    sys.stdout.write(rd(prompt if cmd != b'quit' else b'\n').decode())
os.waitpid(pid, 0)
EOF
)
	expect_match '^OK' "$out"
	expect_match '^"hello"' "$out"
	expect_match "^\(error\) ERR wrong number of arguments for 'get' command" "$out"
	rs_stop
}

t_redis_server_benchmark() {
	rs_start
	out=$(redis-benchmark -p "$RS_PORT" -t set,get -n 3000 -d 1024 -c 5 -P 3 -r 1000 -q 2>&1 |
	      tr '\r' '\n')
	expect_no_match 'WARNING|ERR|rror' "$out"
	expect_match '^SET: [0-9.]+ requests per second' "$out"
	expect_match '^GET: [0-9.]+ requests per second' "$out"
	keys=$(redis-cli -p "$RS_PORT" dbsize 2>&1) || fail "DBSIZE: $keys"
	[ "$keys" -gt 500 ] && [ "$keys" -le 1000 ] || fail "dbsize $keys after -r 1000"
	rs_stop
}

t_redis_server_protocol_errors() {
	rs_start
	raw "
talk(b'*1\r\n#3\r\nPING\r\n', b\"-ERR Protocol error: expected '\$', got '#'\r\n<closed>\")
talk(b'*x\r\n', b'-ERR Protocol error: invalid multibulk length\r\n<closed>')
talk(b'GET \"a\r\n', b'-ERR Protocol error: unbalanced quotes in request\r\n<closed>')
# replies to the commands before the error come first, in one stream
talk(b'PING\r\n*1\r\n\$-5\r\n', b'+PONG\r\n-ERR Protocol error: invalid bulk length\r\n<closed>')
# empty lines and *0 are skipped; QUIT closes after +OK
talk(b'\r\n*0\r\nPING\r\nQUIT\r\nPING\r\n', b'+PONG\r\n+OK\r\n<closed>')
# a pipelined batch split at every byte gets the same replies
batch = b'*3\r\n\$3\r\nSET\r\n\$1\r\nk\r\n\$4\r\na\r\nb\r\n*2\r\n\$3\r\nGET\r\n\$1\r\nk\r\nECHO \"x y\"\r\n'
want = b'+OK\r\n\$4\r\na\r\nb\r\n\$3\r\nx y\r\n'
for i in range(len(batch)):
    s = conn(); s.sendall(batch[:i]); time.sleep(0.002)
    talk(batch[i:], want, s)
"
	rs_stop
}

t_redis_server_limits() {
	rs_start --inline-max 100 --bulk-max 10 --args-max 3 --qbuf-max 1K --max-clients 3
	raw "
talk(b'ECHO ' + b'a' * 95 + b'\r\n', b'\$95\r\n' + b'a' * 95 + b'\r\n')
talk(b'ECHO ' + b'a' * 96 + b'\r\n', b'-ERR Protocol error: too big inline request\r\n<closed>')
talk(b'ECHO ' + b'a' * 200, b'-ERR Protocol error: too big inline request\r\n<closed>')
talk(b'*2\r\n\$4\r\nECHO\r\n\$10\r\n0123456789\r\n', b'\$10\r\n0123456789\r\n')
talk(b'*2\r\n\$4\r\nECHO\r\n\$11\r\n', b'-ERR Protocol error: invalid bulk length\r\n<closed>')
talk(b'*3\r\n\$4\r\nMSET\r\n\$1\r\na\r\n\$1\r\nb\r\n', b'+OK\r\n')
talk(b'*4\r\n', b'-ERR Protocol error: invalid multibulk length\r\n<closed>')
# clients: three are served, the fourth is turned away
held = [conn() for _ in range(3)]
talk(b'PING\r\n', b'+PONG\r\n', held[2])
talk(b'', b'-ERR max number of clients reached\r\n<closed>')
held[0].close(); time.sleep(0.1)
talk(b'PING\r\n', b'+PONG\r\n')
"
	rs_stop
	# the query buffer: 1K of one unfinished command is the most a client may hold
	rs_start --qbuf-max 1K
	raw "
talk(b'*2\r\n\$4\r\nECHO\r\n\$900\r\n' + b'x' * 900 + b'\r\n', b'\$900\r\n' + b'x' * 900 + b'\r\n')
talk(b'*2\r\n\$4\r\nECHO\r\n\$2000\r\n' + b'x' * 1100, b'-ERR Protocol error: query buffer limit exceeded\r\n<closed>')
"
	rs_stop
}

t_redis_server_slow_client() {
	rs_start
	# one client sends half a command and stalls; the others are served
	raw "
slow = conn(); slow.sendall(b'*2\r\n\$4\r\nECHO\r\n\$5\r\nhel')
fast = conn()
for i in range(50):
    talk(b'PING\r\n', b'+PONG\r\n', fast)
talk(b'lo\r\n', b'\$5\r\nhello\r\n', slow)
# a client that never reads its replies does not block others either
greedy = conn()
try:
    greedy.sendall(b'PING\r\n' * 1000000)
except socket.timeout:
    pass   # the server stopped reading it: that is the point
talk(b'PING\r\n', b'+PONG\r\n')
"
	rs_stop
}

t_redis_server_bad_args() {
	expect_exit 1 "$SK" redis-server --port 70000
	one_line "$ERR"
	expect_match "invalid --port '70000': expected a TCP port" "$ERR"
	expect_exit 1 "$SK" redis-server --frobnicate 1
	one_line "$ERR"
	expect_exit 1 "$SK" redis-server --inline-max 0
	one_line "$ERR"
	expect_exit 1 "$SK" redis-server --port
	one_line "$ERR"
	port=$(free_port)
	expect_exit 0 "$SK" redis-server --help
	[ -z "$(sk_procs)" ] || fail "left running: $(sk_procs)"
}

t_redis_stressor() {
	expect_exit 0 "$SK" --redis 2 --timeout 1s --metrics-brief --temp-path "$TMP"
	ops=$(metrics_field redis 5 "$OUT")
	[ "$ops" -gt 0 ] || fail "no ops: $ops"
	expect_match 'redis +[0-9.]+ SET requests per sec \(geometric mean of 2 instances\)$' "$OUT"
	expect_match 'redis +[0-9.]+ GET requests per sec \(geometric mean of 2 instances\)$' "$OUT"
	# the total throughput beside them: the instances' rates summed, so at
	# least twice their geometric mean (equal when the two rates are);
	# no bound above: a loaded machine can starve one instance (one had
	# 1/14 of the other's rate in an ASan run beside the suite)
	expect_match 'redis +[0-9.]+ SET total requests per sec \(total of 2 instances\)$' "$OUT"
	expect_match 'redis +[0-9.]+ GET total requests per sec \(total of 2 instances\)$' "$OUT"
	for op in SET GET; do
		mean=$(printf '%s\n' "$OUT" | sed -n "s/.* \([0-9.]*\) $op requests per sec (geometric.*/\1/p")
		total=$(printf '%s\n' "$OUT" | sed -n "s/.* \([0-9.]*\) $op total requests per sec (total.*/\1/p")
		awk -v m="$mean" -v t="$total" 'BEGIN { exit !(m > 0 && t >= 2 * m * 0.99999) }' ||
			fail "$op total $total against a per-instance mean of $mean"
	done
	expect_match 'redis +[0-9.]+ usecs p50 request latency' "$OUT"
	expect_match 'redis +[0-9.]+ usecs p99 request latency' "$OUT"
	no_leftovers "$TMP"
	# one test only: only its rate
	expect_exit 0 "$SK" --redis 1 --redis-test get -t 0.3s --metrics-brief --temp-path "$TMP"
	expect_no_match 'SET (total )?requests per sec' "$OUT"
	expect_match 'GET requests per sec' "$OUT"
	expect_match 'GET total requests per sec \(total of 1 instances\)' "$OUT"
}

t_redis_ops_exact() {
	expect_exit 0 "$SK" --redis 2 --redis-ops 999 --redis-pipeline 7 --redis-clients 3 \
		--temp-path "$TMP" --metrics-brief
	[ "$(metrics_field redis 5 "$OUT")" = 999 ] || fail "ops not exactly 999: $OUT"
	no_leftovers "$TMP"
}

# --redis-ops counts from the end of --warmup, as the other stressors'
# ops do, ahead of a timeout (the ops end the run first) or alone; the
# warmup's requests, SET and GET, are not counted, nor those it left in
# flight (7 is fewer than the 15 in flight on 5 connections of 3).
t_redis_warmup_then_ops_exact() {
	for t in "-t 60s" ""; do
		for n in 20001 7; do
			# shellcheck disable=SC2086
			expect_exit 0 "$SK" --redis 2 --redis-ops "$n" --warmup 0.3s $t \
				--temp-path "$TMP" --metrics-brief
			[ "$(metrics_field redis 5 "$OUT")" = "$n" ] ||
				fail "redis ops not exactly $n after the warmup (${t:-no timeout}): $OUT"
		done
	done
	no_leftovers "$TMP"
}

t_redis_verify() {
	# a small key space, so that GETs find the keys SET earlier in the run
	expect_exit 0 "$SK" --redis 1 --verify --redis-keyspace 50 --redis-data-size 100 \
		-t 0.6s --temp-path "$TMP"
	expect_match 'successful run' "$OUT"
}

# A server that answers every GET with a value no SET stored: --verify must fail.
t_redis_verify_catches_corruption() {
	port=$(free_port)
	python3 -c "
import socket, threading
srv = socket.socket(); srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(('127.0.0.1', $port)); srv.listen(16)
def serve(c):
    buf = b''
    while True:
        d = c.recv(65536)
        if not d: return
        buf += d; out = b''
        while True:
            if buf.startswith(b'*3\r\n\$3\r\nSET'):
                n = buf.find(b'\r\n', 37)
                vlen = int(buf[37:n]); end = n + 2 + vlen + 2
                if len(buf) < end: break
                buf = buf[end:]; out += b'+OK\r\n'
            elif buf.startswith(b'*2\r\n\$3\r\nGET') and len(buf) >= 36:
                buf = buf[36:]; out += b'\$8\r\ncorrupt!\r\n'
            else: break
        c.sendall(out)
while True:
    c, _ = srv.accept(); threading.Thread(target=serve, args=(c,), daemon=True).start()
" &
fake=$!
	trap 'kill $fake 2>/dev/null; true' EXIT
	wait_port "$port"
	# to an ops limit, not a timeout: half the ops are GETs, however slowly
	# the fake server answers on a loaded machine (in 0.5 s it once
	# answered no GET, and nothing was verified)
	expect_exit 2 "$SK" --redis 1 --verify --redis-keyspace 10 --redis-data-size 8 \
		--redis-target 127.0.0.1:$port --redis-ops 40 --temp-path "$TMP"
	expect_match 'verify: GET key:0000000000[0-9]{2} returned' "$ERR"
	# without --verify the same run passes: the check is what failed it
	expect_exit 0 "$SK" --redis 1 --redis-keyspace 10 --redis-data-size 8 \
		--redis-target 127.0.0.1:$port -t 0.3s --temp-path "$TMP"
}

t_redis_target_real_server() {
	port=$(free_port)
	redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no \
		--daemonize no --loglevel warning >"$TMP/real.log" 2>&1 &
	real=$!
	trap 'kill $real 2>/dev/null; wait $real 2>/dev/null; true' EXIT
	wait_port "$port"
	expect_exit 0 "$SK" --redis 2 --verify --redis-keyspace 1000 --redis-target "127.0.0.1:$port" \
		-t 0.6s --metrics-brief --temp-path "$TMP"
	expect_match 'SET requests per sec' "$OUT"
	keys=$(redis-cli -p "$port" dbsize)
	[ "$keys" -gt 100 ] && [ "$keys" -le 1000 ] || fail "real server holds $keys keys"
	[ "$(redis-cli -p "$port" strlen key:000000000007)" -eq 1024 ] ||
		[ "$(redis-cli -p "$port" exists key:000000000007)" = 0 ] || fail "value length"
	kill "$real"
	wait "$real" || true
	trap - EXIT
	rm -f "$TMP/real.log"
}

# rate_fig FILE KEY: the redis row's KEY in a --json results file.
rate_fig() {
	python3 -c '
import json, sys
e = [m for m in json.load(open(sys.argv[1]))["metrics"] if m["stressor"] == "redis"][0]
print(e[sys.argv[2]])' "$@"
}

# slow_requests FILE: the requests that took 0.5 s or more, from the histogram.
slow_requests() {
	python3 -c '
import json, sys
e = [m for m in json.load(open(sys.argv[1]))["metrics"] if m["stressor"] == "redis"][0]
h = e["latency"]["request"]["histogram"]
print(sum(b[3] for b in h["buckets"] if b[1] >= 500000000) + h["overflow-count"])' "$@"
}

rs_has_keys() {
	[ "$(redis-cli -p "$RS_PORT" dbsize)" -gt 0 ]
}

# rate_run RATE STALL: the redis stressor against $RS_PORT at RATE for 2 s;
# with STALL=1 the server is stopped for 0.6 s once the SETs reach it.
rate_run() {
	"$SK" --redis 1 --redis-target "127.0.0.1:$RS_PORT" --redis-rate "$1" -t 2 \
		--latency --json r.json --temp-path "$TMP" >out 2>&1 &
	run=$!
	if [ "$2" = 1 ]; then
		wait_until 30 rs_has_keys || true
		kill -STOP "$RS_PID"
		sleep 0.6
		kill -CONT "$RS_PID"
	fi
	wait "$run" || fail "stressor at --redis-rate $1: $(cat out)"
}

t_long_redis_rate_open_loop() {
	rs_start
	# unstalled: requests are due at exactly the rate asked; the rate
	# achieved is the bogo-ops/s (each over its own clock: within 1%); and
	# under 90% of the rate asked (a loaded machine's shortfall, which
	# make bench's redis rows measure) the run says it was overloaded
	rate_run 200 0
	asked=$(rate_fig r.json requests-per-sec-scheduled)
	got=$(rate_fig r.json requests-per-sec-achieved)
	ops_s=$(rate_fig r.json bogo-ops-per-second-real-time)
	python3 -c "import sys; sys.exit(not ($asked == 200 and abs($got - $ops_s) <= 0.01 * $ops_s))" ||
		fail "scheduled $asked of 200, achieved $got against $ops_s bogo-ops/s: $(cat out)"
	if python3 -c "import sys; sys.exit(not $got < 0.9 * $asked)"; then
		expect_match "--redis-rate 200: overloaded, $(printf '%.0f' "$got") requests per sec achieved" "$(cat out)"
	else
		expect_no_match overloaded "$(cat out)"
	fi
	# a 0.6 s stall: requests due during it wait in the backlog and are
	# timed from when they were due, so the tail holds the stall: at
	# 1000/s those due in its first 0.1 s took 0.5 s or more
	redis-cli -p "$RS_PORT" flushall >/dev/null
	rate_run 1000 1
	for k in usecs-p999-request-latency usecs-max-request-latency; do
		v=$(rate_fig r.json $k)
		python3 -c "import sys; sys.exit(not $v >= 500000)" ||
			fail "$k $v us does not show a 0.6 s stall: $(cat out)"
	done
	slow=$(slow_requests r.json)
	[ "$slow" -ge 50 ] || fail "$slow requests of the 0.6 s stall at 1000/s took 0.5 s"
	# closed loop, the same stall: only the 5 x 3 requests in flight wait
	# it out; a loaded machine's own delays are far under 0.5 s, so at
	# most a second batch in flight adds to them
	redis-cli -p "$RS_PORT" flushall >/dev/null
	rate_run 0 1
	slow=$(slow_requests r.json)
	[ "$slow" -le 30 ] || fail "closed loop: $slow requests took 0.5 s, not the 15 in flight"
	[ "$(rate_fig r.json usecs-max-request-latency | cut -d. -f1)" -ge 500000 ] ||
		fail "closed loop: the stall is not even the max"
	rs_stop
	rm -f r.json out
	# a rate no loopback server reaches: said, with the shortfall
	expect_exit 0 "$SK" --redis 1 --redis-rate 100000000 -t 0.3 --temp-path "$TMP"
	expect_match 'redis: instance 0: --redis-rate 100000000: overloaded, [0-9]+ requests per sec achieved' "$OUT"
}

t_redis_bad_options() {
	# refused by its row when the line is read: nothing dispatched, one line
	for v in set,frob '' set, ,get; do
		bad_input --redis 1 --redis-test "$v" -t 1
		[ "$ERR" = "stresskit: error: invalid --redis-test '$v': expected a comma-separated list of set|get" ] ||
			fail "unexpected: $ERR"
	done
	# names in any case, as redis-benchmark -t takes them; any number of them
	expect_exit 0 "$SK" --redis 1 --redis-test GET,set,get,set,get,set,get,set,get --redis-ops 90 \
		--settings --temp-path "$TMP"
	expect_match 'redis-test +get,set,get,set,get,set,get,set,get \(string\)' "$OUT"
	expect_exit 1 "$SK" --redis 1 --redis-target localhost -t 1 --temp-path "$TMP"
	one_line "$ERR"
	expect_exit 1 "$SK" --redis 1 --redis-target 127.0.0.1:99999 -t 1 --temp-path "$TMP"
	one_line "$ERR"
	expect_exit 1 "$SK" --redis 1 --redis-pipeline 0 -t 1 --temp-path "$TMP"
	one_line "$ERR"
	for r in -1 x 100000001; do
		expect_exit 1 "$SK" --redis 1 --redis-rate $r -t 1 --temp-path "$TMP"
		one_line "$ERR"
		expect_match '^stresskit: error: .*redis-rate' "$ERR"
	done
	[ -z "$(sk_procs)" ] || fail "left running: $(sk_procs)"
}

# rs_mem FIELD: the server's VmRSS or VmSize in KiB.
rs_mem() {
	awk -v f="$1:" '$1 == f { print $2 }' "/proc/$RS_PID/status"
}

t_redis_server_memory_bounded() {
	rs_start --qbuf-max 64K --max-clients 300
	rss0=$(rs_mem VmRSS) vsz0=$(rs_mem VmSize)
	# 200 clients each declare a 500 MB bulk and send 60K of it, then
	# hold; 50 more pipeline PINGs and never read a reply
	raw "
held = []
for i in range(200):
    s = conn(); s.sendall(b'*3\r\n\$3\r\nSET\r\n\$1\r\nk\r\n\$500000000\r\n' + b'x' * 60000)
    held.append(s)
for i in range(50):
    s = conn()
    try:
        s.sendall(b'PING\r\n' * 200000)
    except socket.timeout:
        pass
    held.append(s)
time.sleep(0.3)
talk(b'PING\r\n', b'+PONG\r\n')
open('$TMP/held', 'w').write('%d' % len(held))
import os
os.system('cat /proc/$RS_PID/status > $TMP/status')
"
	rss1=$(awk '$1 == "VmRSS:" { print $2 }' "$TMP/status")
	vsz1=$(awk '$1 == "VmSize:" { print $2 }' "$TMP/status")
	rm -f "$TMP/status" "$TMP/held"
	# what was sent is about 12 MB plus 60 MB of PINGs; a server that
	# trusted the declared lengths would reserve 100 GB
	[ $((rss1 - rss0)) -lt 65536 ] || fail "RSS grew by $((rss1 - rss0)) KiB"
	[ $((vsz1 - vsz0)) -lt 1048576 ] || fail "VmSize grew by $((vsz1 - vsz0)) KiB"
	rs_stop
}

# rs_seccomp MODE: the server's Seccomp: line is MODE.
rs_seccomp() {
	[ "$(awk '$1 == "Seccomp:" { print $2 }' "/proc/$RS_PID/status")" = "$1" ]
}

t_redis_server_sandboxed() {
	# confined once it listens, unless told otherwise; commands still work
	rs_start
	# it answers from the moment it listens and confines itself right
	# after (a sanitized build first checks for leaks): wait for it
	wait_until 30 rs_seccomp 2 || fail "redis-server runs without its seccomp filter"
	out=$(redis-benchmark -p "$RS_PORT" -n 500 -c 3 -q -t ping,set,get,incr,mset 2>&1 | tr '\r' '\n')
	expect_no_match 'ERR|rror' "$out"
	[ "$(redis-cli -p "$RS_PORT" info server | grep -c process_id)" = 1 ] || fail "INFO"
	rs_stop		# a blocked call would have ended it: rs_stop fails then
	rs_start --no-sandbox
	rs_seccomp 0 || fail "--no-sandbox still loads a filter"
	rs_stop
}

# Keys with an expiry go without being asked for: the server removes them
# from its expiry index while idle (INFO's expired_keys counts them), so
# DBSIZE and the keyspace count only live keys and the memory comes back.
rs_expired() {
	redis-cli -p "$RS_PORT" info stats | grep -q "^expired_keys:$1"
}

t_redis_server_active_expiry() {
	rs_start
	cli() { redis-cli -p "$RS_PORT" "$@"; }
	# used_memory is the allocator's figure (0 under ASan, which intercepts
	# mallinfo2), used_memory_dataset the store's count of value bytes
	mem() { cli info memory | sed -n "s/^$1:\([0-9]*\).*/\1/p"; }
	[ "$(cli set keep v)" = OK ] || fail "SET"
	python3 -c "
for i in range(5000): print('SET k%d %s PX 2000' % (i, 'x' * 200))" |
		redis-cli -p "$RS_PORT" --pipe >/dev/null || fail "redis-cli --pipe"
	full=$(mem used_memory)
	data=$(mem used_memory_dataset)
	# nothing touches the keys (INFO does not): only the server's sweep
	# can remove them; waited for, up to 20 s on a loaded machine
	wait_until 60 rs_expired 5000 || true
	expect_match '^expired_keys:5000' "$(cli info stats)"
	expect_match '^db0:keys=1,expires=0' "$(cli info keyspace)"
	[ "$(cli dbsize)" = 1 ] || fail "DBSIZE $(cli dbsize)"
	[ "$(cli get keep)" = v ] || fail "the key without expiry went too"
	[ "$data" -ge $((5000 * 200)) ] && [ "$(mem used_memory_dataset)" -lt 100 ] ||
		fail "values not freed: dataset $data -> $(mem used_memory_dataset)"
	[ "$full" = 0 ] || [ "$(mem used_memory)" -lt $((full - 5000 * 200 / 2)) ] ||
		fail "memory not returned: $full -> $(mem used_memory)"
	# DBSIZE counts live keys only, whether or not a sweep ran since
	[ "$(cli set t v PX 1)" = OK ] || fail "SET PX"
	sleep 0.01
	[ "$(cli dbsize)" = 1 ] || fail "DBSIZE counted an expired key"
	rs_stop
}

# --redis-ops below the number of tests (SET, GET) per instance: a test
# whose share is no op is skipped, not run without a limit (the run never
# ended: a share of 0 read as no limit)
t_redis_ops_fewer_than_tests() {
	for i in 1 2; do
		for n in 1 2 3; do
			expect_exit 0 timeout 30 "$SK" --redis "$i" --redis-ops "$n" --temp-path "$TMP"
			[ "$(metrics_field redis 5 "$OUT")" = "$n" ] || fail "--redis $i --redis-ops $n: $OUT"
		done
	done
	no_leftovers "$TMP"
}

# rs_wait_exit: waits (20 s at most) for the server to end on its own, as
# after SHUTDOWN, and fails unless it ended with status 0.
# rs_exited: the server process has ended (gone, or a zombie not yet
# waited for).
rs_exited() {
	! [ -e "/proc/$RS_PID" ] || [ "$(awk '{ print $3 }' "/proc/$RS_PID/stat" 2>/dev/null)" = Z ]
}

rs_wait_exit() {
	wait_until 20 rs_exited || fail "redis-server still runs after SHUTDOWN"
	trap - EXIT
	rc=0
	wait "$RS_PID" || rc=$?
	[ "$rc" = 0 ] || fail "redis-server exited $rc after SHUTDOWN: $(cat "$TMP/rs.out")"
	expect_match 'stopped$' "$(cat "$TMP/rs.out")"
	rm -f "$TMP/rs.out"
}

# SHUTDOWN in each form stops the server with status 0, as redis-server 7.0;
# redis-cli sees the connection close and says nothing.
t_redis_server_shutdown() {
	rs_start
	[ "$(redis-cli -p "$RS_PORT" shutdown abort)" = "ERR No shutdown in progress." ] ||
		fail "SHUTDOWN ABORT"
	[ "$(redis-cli -p "$RS_PORT" shutdown nosave save)" = "ERR syntax error" ] ||
		fail "SHUTDOWN NOSAVE SAVE"
	[ "$(redis-cli -p "$RS_PORT" shutdown frob)" = "ERR syntax error" ] || fail "SHUTDOWN frob"
	out=$(redis-cli -p "$RS_PORT" shutdown) || fail "redis-cli shutdown failed: $out"
	[ -z "$out" ] || fail "SHUTDOWN answered: $out"
	rs_wait_exit
	for how in nosave save "nosave now force"; do
		rs_start
		# shellcheck disable=SC2086
		out=$(redis-cli -p "$RS_PORT" shutdown $how) || fail "shutdown $how: $out"
		rs_wait_exit
	done
	# raw: no reply, the connection closes
	rs_start
	raw "talk(b'SHUTDOWN NOSAVE\r\n', b'<closed>')"
	rs_wait_exit
}

# One database: SELECT 0 (what redis-cli -n 0 and client libraries send)
# works, any other index gets Redis's error.
t_redis_server_select() {
	rs_start
	cli() { redis-cli -p "$RS_PORT" "$@"; }
	[ "$(cli select 0)" = OK ] || fail "SELECT 0: $(cli select 0)"
	[ "$(cli -n 0 set k v)" = OK ] && [ "$(cli -n 0 get k)" = v ] || fail "redis-cli -n 0"
	[ "$(cli select 1)" = "ERR DB index is out of range" ] || fail "SELECT 1: $(cli select 1)"
	[ "$(cli select -1)" = "ERR DB index is out of range" ] || fail "SELECT -1"
	[ "$(cli select x)" = "ERR value is not an integer or out of range" ] || fail "SELECT x"
	expect_match '^SELECT 1 failed: ERR DB index is out of range' "$(cli -n 1 ping 2>&1)"
	raw "
talk(b'SELECT 0\r\n', b'+OK\r\n')
talk(b'SELECT 99999999999\r\n', b'-ERR value is out of range, value must between -2147483648 and 2147483647\r\n')
"
	rs_stop
}

# CONFIG GET: name/value pairs for the parameters a Redis user asks about,
# patterns included, in Redis 7.0's RESP2 shape (a flat array).
t_redis_server_config_get() {
	rs_start --max-clients 77
	cli() { redis-cli -p "$RS_PORT" "$@"; }
	[ "$(cli config get maxmemory | tr '\n' ,)" = "maxmemory,0," ] || fail "maxmemory"
	[ "$(cli config get maxmemory-policy | tr '\n' ,)" = "maxmemory-policy,noeviction," ] ||
		fail "maxmemory-policy"
	[ "$(cli config get databases | tr '\n' ,)" = "databases,1," ] || fail "databases"
	[ "$(cli config get port | tr '\n' ,)" = "port,$RS_PORT," ] || fail "port"
	[ "$(cli config get bind | tr '\n' ,)" = "bind,127.0.0.1," ] || fail "bind"
	# pairs of a pattern, sorted: Redis's order is its hash table's
	pairs=$(cli config get 'max*' | paste - - | sort | tr '\t\n' '=,')
	[ "$pairs" = "maxclients=77,maxmemory=0,maxmemory-policy=noeviction," ] ||
		fail "CONFIG GET max*: $pairs"
	pairs=$(cli config get save appendonly 'DATA?ASES' nosuch port port | paste - - | sort | tr '\t\n' '=,')
	[ "$pairs" = "appendonly=no,databases=1,port=$RS_PORT,save=," ] || fail "several: $pairs"
	raw "
talk(b'CONFIG GET maxmemory\r\n', b'*2\r\n\$9\r\nmaxmemory\r\n\$1\r\n0\r\n')
talk(b'CONFIG GET MAXMEMORY\r\n', b'*2\r\n\$9\r\nMAXMEMORY\r\n\$1\r\n0\r\n')
talk(b'CONFIG GET nosuch\r\n', b'*0\r\n')
talk(b'CONFIG GET\r\n', b\"-ERR wrong number of arguments for 'config|get' command\r\n\")
"
	rs_stop
}

# INFO has what monitoring and redis-cli --stat read; --stat's columns are
# numbers, not LONG_MIN for a missing field; avg_ttl is the keys' real one.
t_redis_server_info_stat() {
	rs_start
	cli() { redis-cli -p "$RS_PORT" "$@"; }
	field() { cli info | tr -d '\r' | sed -n "s/^$1://p"; }
	[ "$(cli set a 1)" = OK ] && [ "$(cli get a)" = 1 ] && [ "$(cli get nope)" = "" ] || fail "SET/GET"
	[ "$(cli exists a nope)" = 1 ] || fail "EXISTS"
	[ "$(field keyspace_hits)" = 2 ] && [ "$(field keyspace_misses)" = 2 ] ||
		fail "hits $(field keyspace_hits) misses $(field keyspace_misses), want 2 and 2"
	expect_match '^[0-9.]+[BKMG]$' "$(field used_memory_human)"
	[ "$(field used_memory_rss)" -gt 100000 ] || fail "used_memory_rss $(field used_memory_rss)"
	[ "$(field maxmemory)" = 0 ] && [ "$(field maxmemory_policy)" = noeviction ] || fail "maxmemory"
	[ "$(field blocked_clients)" = 0 ] && [ "$(field role)" = master ] || fail "clients, role"
	# keys of 100 s and 200 s: avg_ttl is about 150 s (Redis's is an estimate)
	[ "$(cli set t1 v EX 100)" = OK ] && [ "$(cli set t2 v EX 200)" = OK ] || fail "SET EX"
	ttl=$(field db0 | sed -n 's/.*avg_ttl=\([0-9]*\)$/\1/p')
	[ "$ttl" -gt 140000 ] && [ "$ttl" -le 150000 ] || fail "avg_ttl $ttl: $(field db0)"
	# instantaneous_ops_per_sec shows traffic while there is some
	raw "
import subprocess
s = conn(); end = time.time() + 10; ops = 0
while time.time() < end and ops == 0:
    for _ in range(20):
        talk(b'PING\r\n', b'+PONG\r\n', s)
    info = subprocess.run(['redis-cli', '-p', str(P), 'info', 'stats'], capture_output=True, text=True).stdout
    ops = int(info.split('instantaneous_ops_per_sec:')[1].split()[0])
if not ops:
    sys.exit('instantaneous_ops_per_sec stayed 0 under traffic')
"
	# redis-cli --stat on a terminal, until it printed two rows (5 s at most)
	out=$(python3 - "$RS_PORT" <<'PY'
import os, pty, select, signal, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execvp('redis-cli', ['redis-cli', '-p', sys.argv[1], '--stat', '-i', '0.1'])
out = b''; end = time.time() + 5
while time.time() < end and out.count(b'\n') < 4:
    r, _, _ = select.select([fd], [], [], 0.05)
    if r:
        try:
            out += os.read(fd, 4096)
        except OSError:
            break
os.kill(pid, signal.SIGTERM); os.waitpid(pid, 0)
sys.stdout.write(out.decode().replace('\r', ''))
PY
)
	expect_no_match -9223372036854775808 "$out"
	# keys mem clients blocked requests connections
	rows=$(printf '%s\n' "$out" | grep -cE '^3 +[0-9.]+[BKMG] +1 +0 +[0-9]+ \(\+[0-9]+\) +[0-9]+ *$') ||
		fail "no --stat row of numbers: $out"
	[ "$rows" -ge 2 ] || fail "--stat rows: $out"
	rs_stop
}

# TTL PTTL TYPE KEYS SCAN as Redis 7.0 answers them.
t_redis_server_keys() {
	rs_start
	cli() { redis-cli -p "$RS_PORT" "$@"; }
	[ "$(cli set k1 v)" = OK ] && [ "$(cli set k2 v EX 100)" = OK ] || fail "SET"
	[ "$(cli ttl k1)" = -1 ] && [ "$(cli ttl nope)" = -2 ] && [ "$(cli pttl nope)" = -2 ] ||
		fail "TTL of no expiry, no key"
	ttl=$(cli ttl k2) pttl=$(cli pttl k2)
	[ "$ttl" -ge 99 ] && [ "$ttl" -le 100 ] || fail "TTL $ttl"
	[ "$pttl" -gt 98000 ] && [ "$pttl" -le 100000 ] || fail "PTTL $pttl"
	[ "$(cli type k1)" = string ] && [ "$(cli type nope)" = none ] || fail "TYPE"
	[ "$(cli keys 'k*' | sort | tr '\n' ,)" = "k1,k2," ] || fail "KEYS k*"
	[ "$(cli keys 'k[^1]' | tr '\n' ,)" = "k2," ] || fail "KEYS k[^1]"
	[ "$(cli keys 'K*')" = "" ] || fail "KEYS is case-sensitive"
	raw "
talk(b'TTL nope\r\n', b':-2\r\n')
talk(b'TYPE k1\r\n', b'+string\r\n')
talk(b'KEYS k1\r\n', b'*1\r\n\$2\r\nk1\r\n')
talk(b'SCAN x\r\n', b'-ERR invalid cursor\r\n')
talk(b'SCAN 0 COUNT 0\r\n', b'-ERR syntax error\r\n')
talk(b'SCAN 0 COUNT x\r\n', b'-ERR value is not an integer or out of range\r\n')
talk(b'SCAN 0 TYPE hash\r\n', b'*2\r\n\$1\r\n0\r\n*0\r\n')
talk(b'SCAN 0 MATCH k1 COUNT 100\r\n', b'*2\r\n\$1\r\n0\r\n*1\r\n\$2\r\nk1\r\n')
"
	# a cursor walk while keys come and go: every key there throughout is
	# met, none twice, pages no longer than COUNT, the walk ends at 0
	python3 -c "
for i in range(300): print('SET key%d v' % i)" | redis-cli -p "$RS_PORT" --pipe >/dev/null
	raw "
import re
s = conn(); cursor = b'0'; seen = []; step = 0
def cmd(*a):
    return b'*%d\r\n' % len(a) + b''.join(b'\$%d\r\n%s\r\n' % (len(x), x) for x in a)
while True:
    s.sendall(cmd(b'SCAN', cursor, b'MATCH', b'key*', b'COUNT', b'7'))
    buf = b''; end = time.time() + 5
    while time.time() < end:
        try:
            buf += s.recv(65536)
        except socket.timeout:
            continue
        m = re.match(rb'\*2\r\n\\$\d+\r\n(\d+)\r\n\*(\d+)\r\n', buf)
        if m and buf.count(b'\r\n') == 4 + 2 * int(m.group(2)):
            break
    cursor, n = m.group(1), int(m.group(2))
    page = buf.split(b'\r\n')[5::2][:n]
    if n > 7: sys.exit('page of %d' % n)
    seen += page
    # churn: keys 299 down to 260 go, one a page; a new key comes each page
    if step < 40:
        talk(cmd(b'DEL', b'key%d' % (299 - step)), b':1\r\n', s)
    talk(cmd(b'SET', b'new%d' % step, b'v'), b'+OK\r\n', s)
    step += 1
    if cursor == b'0': break
want = set(b'key%d' % i for i in range(260))
if not want <= set(seen): sys.exit('missed %r' % sorted(want - set(seen))[:5])
if len(seen) != len(set(seen)): sys.exit('a key met twice')
"
	[ "$(redis-cli -p "$RS_PORT" --scan --pattern 'key1?' | sort | tr '\n' ,)" = \
		"key10,key11,key12,key13,key14,key15,key16,key17,key18,key19," ] || fail "redis-cli --scan"
	rs_stop
}

# redis-cli --bigkeys and --memkeys (DBSIZE, SCAN, TYPE, then STRLEN or
# MEMORY USAGE [SAMPLES n] a key): --bigkeys prints what redis-server 7.0
# prints for these keys met in this order; --memkeys the same lines with
# this server's own figures (docs/redis.md: MEMORY USAGE), and no warning.
t_redis_server_key_tools() {
	rs_start
	cli() { redis-cli -p "$RS_PORT" "$@"; }
	big=$(printf '%01000d' 0)
	[ "$(cli set k hello)" = OK ] && [ "$(cli set big "$big")" = OK ] &&
		[ "$(cli set n 12345)" = OK ] || fail "SET"
	out=$(cli --bigkeys 2>&1)
	want="
# Scanning the entire keyspace to find biggest keys as well as
# average sizes per key type.  You can use -i 0.1 to sleep 0.1 sec
# per 100 SCAN commands (not usually needed).

[00.00%] Biggest string found so far '\"k\"' with 5 bytes
[00.00%] Biggest string found so far '\"big\"' with 1000 bytes

-------- summary -------

Sampled 3 keys in the keyspace!
Total key length in bytes is 5 (avg len 1.67)

Biggest string found '\"big\"' has 1000 bytes

0 lists with 0 items (00.00% of keys, avg size 0.00)
0 hashs with 0 fields (00.00% of keys, avg size 0.00)
3 strings with 1010 bytes (100.00% of keys, avg size 336.67)
0 streams with 0 entries (00.00% of keys, avg size 0.00)
0 sets with 0 members (00.00% of keys, avg size 0.00)
0 zsets with 0 members (00.00% of keys, avg size 0.00)"
	[ "$out" = "$want" ] || fail "redis-cli --bigkeys: $out"
	# each key's figure holds at least its value and key
	kb=$(cli memory usage k) bb=$(cli memory usage big) nb=$(cli memory usage n)
	[ "$kb" -ge 6 ] && [ "$bb" -ge 1003 ] && [ "$nb" -ge 6 ] ||
		fail "MEMORY USAGE k $kb, big $bb, n $nb"
	for opt in --memkeys "--memkeys-samples 3"; do
		# shellcheck disable=SC2086 # the option and its value, split
		out=$(cli $opt 2>&1)
		expect_no_match 'Warning|failed' "$out"
		expect_match "^Biggest string found '\"big\"' has $bb bytes\$" "$out"
		expect_match "^3 strings with $((kb + bb + nb)) bytes \(100.00% of keys," "$out"
	done
	# the replies and errors as Redis 7.0's, byte for byte
	raw "
talk(b'STRLEN k\r\n', b':5\r\n')
talk(b'STRLEN nope\r\n', b':0\r\n')
talk(b'STRLEN a b\r\n', b\"-ERR wrong number of arguments for 'strlen' command\r\n\")
talk(b'MEMORY\r\n', b\"-ERR wrong number of arguments for 'memory' command\r\n\")
talk(b'MEMORY USAGE\r\n', b\"-ERR wrong number of arguments for 'memory|usage' command\r\n\")
talk(b'MEMORY FOO\r\n', b\"-ERR unknown subcommand 'FOO'. Try MEMORY HELP.\r\n\")
talk(b'MEMORY USAGE nope\r\n', b'\$-1\r\n')
talk(b'MEMORY USAGE nope SAMPLES\r\n', b'-ERR syntax error\r\n')
talk(b'MEMORY USAGE k SAMPLES x\r\n', b'-ERR value is not an integer or out of range\r\n')
talk(b'MEMORY USAGE k SAMPLES -1\r\n', b'-ERR syntax error\r\n')
talk(b'MEMORY USAGE k FOO 1\r\n', b'-ERR syntax error\r\n')
talk(b'memory usage k samples 0 SAMPLES 2\r\n', b':$kb\r\n')
"
	rs_stop
}

# CLIENT ID/SETNAME/GETNAME on one connection, HELLO 2 as Redis 7.0,
# HELLO 3 refused with the error clients fall back to RESP2 on.
t_redis_server_client_hello() {
	rs_start
	out=$(printf 'client setname worker-1\nclient getname\nclient id\nclient setname ""\nclient getname\n' |
	      redis-cli -p "$RS_PORT" | tr '\n' ,)
	expect_match '^OK,worker-1,[1-9][0-9]*,OK,,$' "$out"
	[ "$(redis-cli -p "$RS_PORT" client setname 'a b')" = \
		"ERR Client names cannot contain spaces, newlines or special characters." ] || fail "bad name"
	[ "$(redis-cli -p "$RS_PORT" client frob)" = "ERR unknown subcommand 'frob'. Try CLIENT HELP." ] ||
		fail "CLIENT frob"
	[ "$(redis-cli -p "$RS_PORT" hello 3)" = "NOPROTO unsupported protocol version" ] || fail "HELLO 3"
	[ "$(redis-cli -p "$RS_PORT" hello 2 setname h | sed -n '1,2p;5,6p;9,14p' | tr '\n' ,)" = \
		"server,redis,proto,2,mode,standalone,role,master,modules,," ] ||
		fail "HELLO 2: $(redis-cli -p "$RS_PORT" hello 2)"
	raw "
s = conn()
talk(b'CLIENT SETNAME x\r\n', b'+OK\r\n', s)
s.sendall(b'CLIENT ID\r\n'); cid = b''; end = time.time() + 5
while not cid.endswith(b'\r\n') and time.time() < end:
    try:
        cid += s.recv(100)
    except socket.timeout:
        pass
cid = cid[1:-2]
want = b'*14\r\n\$6\r\nserver\r\n\$5\r\nredis\r\n\$7\r\nversion\r\n\$5\r\n7.0.0\r\n\$5\r\nproto\r\n:2\r\n\$2\r\nid\r\n'
talk(b'HELLO 2 SETNAME y\r\n', want + b':' + cid + b'\r\n\$4\r\nmode\r\n\$10\r\nstandalone\r\n\$4\r\nrole\r\n\$6\r\nmaster\r\n\$7\r\nmodules\r\n*0\r\n', s)
talk(b'CLIENT GETNAME\r\n', b'\$1\r\ny\r\n', s)
talk(b'HELLO x\r\n', b'-ERR Protocol version is not an integer or out of range\r\n')
talk(b'HELLO 2 FOO\r\n', b\"-ERR Syntax error in HELLO option 'FOO'\r\n\")
talk(b'HELLO 2 AUTH bob pw\r\n', b'-WRONGPASS invalid username-password pair or user is disabled.\r\n')
"
	rs_stop
}

# redis-benchmark: the tests --help names run without an error; a bare run
# is stopped at LPUSH by Redis's unknown command error, said on stderr.
t_redis_server_benchmark_tests() {
	list=$("$SK" redis-server --help | sed -n 's/^ *redis-benchmark -t \([a-z,]*\)$/\1/p')
	[ -n "$list" ] || fail "--help names no redis-benchmark -t list"
	grep -qF -- "-t $list" "$SK_SRC/docs/redis.md" || fail "docs/redis.md does not name -t $list"
	rs_start
	out=$(redis-benchmark -p "$RS_PORT" -t "$list" -n 200 -c 2 -q 2>&1) ||
		fail "redis-benchmark -t $list: $out"
	out=$(printf '%s\n' "$out" | tr '\r' '\n')
	expect_no_match 'rror' "$out"
	for t in PING_INLINE PING_MBULK SET GET INCR 'MSET \(10 keys\)'; do
		expect_match "^$t: [0-9.]+ requests per second" "$out"
	done
	rc=0
	out=$(redis-benchmark -p "$RS_PORT" -n 100 -c 2 -q 2>&1) || rc=$?
	out=$(printf '%s\n' "$out" | tr '\r' '\n')
	[ "$rc" = 1 ] || fail "a bare redis-benchmark exited $rc: $out"
	expect_match "^Error from server: ERR unknown command 'LPUSH'" "$out"
	rs_stop
}

# --bind with no such host, or an address that is not this host's: a usage
# error naming it, not a missing resource.
t_redis_server_bad_bind() {
	expect_exit 1 "$SK" redis-server --bind nosuchhost --port 0
	one_line "$ERR"
	expect_match '^stresskit: error: redis-server: --bind nosuchhost: no such host$' "$ERR"
	expect_exit 1 "$SK" redis-server --bind 203.0.113.7 --port 0
	one_line "$ERR"
	expect_match '^stresskit: error: .*--bind 203.0.113.7' "$ERR"
	[ -z "$(sk_procs)" ] || fail "left running: $(sk_procs)"
}
