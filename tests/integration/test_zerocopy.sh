# test_zerocopy.sh - the sendfile and splice stressors: every sink and
# method, --verify, exact --NAME-ops, metrics from bytes really moved, bad
# sizes, and a TCP receiver killed mid-run.

# metric_value STRESSOR DESC OUTPUT: the value of a miscellaneous metric.
metric_value() {
	printf '%s\n' "$3" | awk -v s="$1" -v d="$2" \
		'$2 == "metrc:" && $4 == s && index($0, d) { print $5; exit }'
}

# rate_is STRESSOR DESC MB_PER_OP: in r.json (a one-instance run), the
# metric DESC is the bytes really moved over the instance's own recorded
# run time: ops x MB_PER_OP / run-time, within 2% (a short last send or
# splice). Not the timeout: an instance forked late on a loaded machine
# runs for less than it, from its own start to the stop.
rate_is() {
	python3 - "$@" <<'PY' || fail "$2 is not $3 MB per op over the instance's run time: $(cat r.json)"
import json, re, sys
stressor, desc, per = sys.argv[1], sys.argv[2], float(sys.argv[3])
m = [m for m in json.load(open("r.json"))["metrics"] if m["stressor"] == stressor][0]
i, = m["instances"]
key = re.sub(r"[^a-z0-9]+", "-", desc.lower())
v = [v for k, v in i["metrics"].items() if k.startswith(key)][0]
want = i["bogo-ops"] * per / i["run-time"]
assert i["bogo-ops"] > 0 and 0.98 * want <= v <= 1.02 * want, (v, want)
PY
	rm -f r.json
}

t_sendfile_null() {
	expect_exit 0 "$SK" --sendfile 2 -t 0.5 --temp-path "$TMP"
	[ "$(metrics_field sendfile 5 "$OUT")" -gt 0 ] || fail "no ops: $OUT"
	expect_match 'sendfile +[0-9.]+ MB per sec sent to /dev/null \(geometric mean of 2 instances\)$' "$OUT"
	no_leftovers "$TMP"
	# one op is the whole 4M file: the rate is ops/s x 4 MB per instance
	expect_exit 0 "$SK" --sendfile 1 -t 0.5 --json r.json --temp-path "$TMP"
	rate_is sendfile 'MB per sec sent' 4
}

t_sendfile_chunk_ops_exact() {
	expect_exit 0 "$SK" --sendfile 2 --sendfile-ops 101 --temp-path "$TMP"
	[ "$(metrics_field sendfile 5 "$OUT")" = 101 ] || fail "ops not 101: $OUT"
	# a chunk that does not divide the file: calls still count one each
	expect_exit 0 "$SK" --sendfile 1 --sendfile-size 4K --sendfile-chunk 1000 \
		--sendfile-ops 13 --temp-path "$TMP"
	[ "$(metrics_field sendfile 5 "$OUT")" = 13 ] || fail "ops not 13: $OUT"
	expect_exit 0 "$SK" --sendfile 2 --sendfile-sink tcp --sendfile-ops 57 --temp-path "$TMP"
	[ "$(metrics_field sendfile 5 "$OUT")" = 57 ] || fail "tcp ops not 57: $OUT"
	no_leftovers "$TMP"
}

t_sendfile_tcp_verify() {
	expect_exit 0 "$SK" --sendfile 2 --sendfile-sink tcp --verify -t 0.5 --temp-path "$TMP"
	expect_match 'sendfile +[0-9.]+ Mb per sec sent over TCP loopback \(geometric mean of 2 instances\)$' "$OUT"
	# chunks that straddle the file's end: the stream must still be the file, in order
	expect_exit 0 "$SK" --sendfile 1 --sendfile-sink tcp --sendfile-size 5K \
		--sendfile-chunk 3K --verify -t 0.3 --temp-path "$TMP"
	# one op is one 10K call: Mb/s is ops/s x 10240 x 8 / 10^6
	expect_exit 0 "$SK" --sendfile 1 --sendfile-sink tcp -t 0.5 --json r.json --temp-path "$TMP"
	rate_is sendfile 'Mb per sec' 0.08192
	no_leftovers "$TMP"
}

t_sendfile_receiver_killed() {
	"$SK" --sendfile 1 --sendfile-sink tcp -t 20 --status-interval 0.05 --temp-path "$TMP" >"$TMP.out" 2>"$TMP.err" &
	pid=$!
	trap 'kill -9 $pid 2>/dev/null || true' EXIT
	wait_until 30 sk_running 1 '^stresskit-sfrx$' || fail "no receiver process found"
	# mid-run: the sender has counted sends
	wait_until 30 ran_ops "$TMP.out" || fail "no sends counted: $(cat "$TMP.out")"
	rx=$(sk_procs '^stresskit-sfrx$' | awk '{ print $1 }')
	kill -9 "$rx"
	# the run ends on the failure, not at its 20 s timeout: the deadline
	# is far under it
	wait_until 15 no_sk_procs || fail "the run did not end after the receiver died: $(sk_procs)"
	set +e
	wait "$pid"
	rc=$?
	set -e
	trap - EXIT
	[ "$rc" = 2 ] || fail "exit $rc, expected 2: $(cat "$TMP.err")"
	err=$(cat "$TMP.err")
	expect_match 'sendfile: instance 0: sendfile failed: (EPIPE|ECONNRESET) .*receiver went away' "$err"
	expect_match 'receiver was killed by signal 9' "$err"
	no_leftovers "$TMP"
}

# zerocopy_bad NAME "OPTION VALUE"...: each is refused in one line naming the option.
zerocopy_bad() {
	name=$1
	shift
	for bad in "$@"; do
		# shellcheck disable=SC2086
		bad_input --"$name" 1 $bad -t 1
		expect_match -- "${bad%% *}" "$ERR"
	done
}

t_sendfile_bad_sizes() {
	zerocopy_bad sendfile "--sendfile-size 512" "--sendfile-size 2G" "--sendfile-size 4Q" \
		"--sendfile-chunk 2G" "--sendfile-sink udp"
}

t_splice_null() {
	expect_exit 0 "$SK" --splice 2 -t 0.5 --temp-path "$TMP"
	expect_match 'splice +[0-9.]+ MB per sec splice rate \(geometric mean of 2 instances\)$' "$OUT"
	# the rate is the bytes moved: ops/s x 64K, not ten times that
	expect_exit 0 "$SK" --splice 1 -t 0.5 --json r.json --temp-path "$TMP"
	rate_is splice 'MB per sec splice rate' 0.0625
	# a pass bigger than the default pipe still moves all its bytes
	expect_exit 0 "$SK" --splice 1 --splice-bytes 1M -t 0.3 --json r.json --temp-path "$TMP"
	rate_is splice 'MB per sec splice rate' 1
	no_leftovers "$TMP"
}

t_long_splice_every_mode_verify() {
	for sink in null file; do
		for method in splice vmsplice write; do
			expect_exit 0 "$SK" --splice 2 --splice-sink $sink --splice-method $method \
				--splice-file-size 1M --verify -t 0.3 --temp-path "$TMP"
			# the rate is named by the method that moved the bytes
			expect_match "splice +[0-9.]+ MB per sec $method rate " "$OUT"
			[ "$method" = splice ] || expect_no_match ' MB per sec splice rate' "$OUT"
			[ "$(metrics_field splice 5 "$OUT")" -gt 0 ] || fail "$sink/$method: no ops"
		done
	done
	# passes that do not divide the file size, past the wrap point
	expect_exit 0 "$SK" --splice 1 --splice-sink file --splice-method vmsplice \
		--splice-bytes 100000 --splice-file-size 1M --verify -t 0.3 --temp-path "$TMP"
	no_leftovers "$TMP"
}

t_splice_ops_exact() {
	expect_exit 0 "$SK" --splice 2 --splice-ops 1001 --temp-path "$TMP"
	[ "$(metrics_field splice 5 "$OUT")" = 1001 ] || fail "ops not 1001: $OUT"
	expect_exit 0 "$SK" --splice 1 --splice-sink file --splice-method write \
		--splice-ops 33 --temp-path "$TMP"
	[ "$(metrics_field splice 5 "$OUT")" = 33 ] || fail "ops not 33: $OUT"
	no_leftovers "$TMP"
}

t_splice_bad_sizes() {
	zerocopy_bad splice "--splice-bytes 0" "--splice-bytes 65M" "--splice-file-size 1K" \
		"--splice-method mmap" "--splice-sink pipe"
}

t_zerocopy_help() {
	expect_exit 0 "$SK" --help sendfile
	expect_match 'One bogo-op is one sendfile\(\) call' "$OUT"
	expect_match -- '--sendfile-chunk SIZE' "$OUT"
	expect_exit 0 "$SK" --help splice
	expect_match 'One bogo-op is one pass of --splice-bytes' "$OUT"
	expect_match 'Metric: MB per sec splice rate' "$OUT"
	# what it does beside stress-ng is the man page's, not the binary's
	if printf '%s\n' "$OUT" | grep -q 'stress-ng'; then
		fail "--help splice carries a comparison with stress-ng"
	fi
}

t_splice_zero_refused() {
	# a kernel that will not splice from /dev/zero (the test hook plays one):
	# a zero buffer is vmspliced instead, said once for the run, and checked
	expect_exit 0 env STRESSKIT_TEST_SPLICE_ZERO_EINVAL=1 "$SK" --splice 2 --verify \
		-t 0.3 --temp-path "$TMP"
	[ "$(printf '%s\n' "$OUT" | grep -c 'will not splice from /dev/zero')" = 1 ] ||
		fail "fallback not said exactly once: $OUT"
	expect_match 'vmsplicing a zero buffer into the pipe instead' "$OUT"
	[ "$(metrics_field splice 5 "$OUT")" -gt 0 ] || fail "no ops: $OUT"
	no_leftovers "$TMP"
}

t_sendfile_verify_catches() {
	# the test hook starts the stream 8 bytes into the file: --verify must say so
	expect_exit 2 env STRESSKIT_TEST_SENDFILE_SKEW=1 "$SK" --sendfile 1 --sendfile-sink tcp \
		--verify -t 0.5 --temp-path "$TMP"
	expect_match 'sendfile: instance 0: verify: the TCP receiver got bytes that differ from the file' "$ERR"
	no_leftovers "$TMP"
	# without --verify nobody looks
	expect_exit 0 env STRESSKIT_TEST_SENDFILE_SKEW=1 "$SK" --sendfile 1 --sendfile-sink tcp \
		-t 0.3 --temp-path "$TMP"
}
