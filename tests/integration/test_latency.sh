# test_latency.sh - --latency: ordered percentiles per stressor, a
# histogram whose count is the timed ops, the sampling, YAML/JSON, and
# bad input.

# lat_check FILE STRESSOR SERIES OPS_EQUAL: percentiles ordered, histogram
# sums to its count; with OPS_EQUAL=1 the count is the stressor's bogo-ops.
lat_check() {
	python3 - "$@" <<'PY' || fail "latency check failed for $2 $3"
import json, sys
path, name, series, equal = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1"
e = [m for m in json.load(open(path))["metrics"] if m["stressor"] == name][0]
s = e["latency"][series]
keys = ["usecs-%s-%s-latency" % (p, series) for p in ("p50", "p90", "p99", "p999", "max")]
v = [e[k] for k in keys]
assert all(a <= b for a, b in zip(v, v[1:])), v
assert v[0] > 0, v
lad = [r["usecs"] for r in s["percentiles"]]
assert lad == sorted(lad), lad
h = s["histogram"]
assert h["total-count"] == s["timed-ops"] > 0
assert sum(b[3] for b in h["buckets"]) + h["overflow-count"] == h["total-count"]
assert all(b[1] <= b[2] for b in h["buckets"])
assert abs(h["max"] / 1e3 - v[4]) <= 1e-3 * v[4], (h["max"], v[4])
if equal:
    assert s["timed-ops"] == e["bogo-ops"], (s["timed-ops"], e["bogo-ops"])
x = [m for m in e["extra-metrics"] if m["description"] == "usecs p50 %s latency" % series][0]
assert x["higher-is-better"] is False
PY
}

t_latency_pipe_every_op() {
	expect_exit 0 "$SK" --pipe 2 --pipe-ops 4000 --latency-sample 1 --json r.json --temp-path "$TMP"
	lat_check r.json pipe write 1
	lat_check r.json pipe write-to-read 0
	for p in p50 p90 p99 p99.9 max; do
		expect_match "pipe +[0-9.]+ usecs $p write latency \(histogram of 2 instances, 4000 timed ops\)" "$OUT"
	done
	expect_match "usecs p50 write-to-read latency" "$OUT"
}

t_latency_sampled() {
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 1000 --latency --latency-sample 10 --json r.json --temp-path "$TMP"
	# the first op, then one in ten
	python3 -c '
import json
e = json.load(open("r.json"))["metrics"][0]
assert e["latency"]["write"]["timed-ops"] == 100, e["latency"]["write"]["timed-ops"]
' || fail "sampling: not one op in ten"
}

t_latency_off_unchanged() {
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 100 --json r.json --temp-path "$TMP"
	expect_no_match "latency" "$OUT"
	python3 -c '
import json
e = json.load(open("r.json"))["metrics"][0]
assert "latency" not in e and not any("latency" in k for k in e)
' || fail "latency figures without --latency"
}

t_latency_bad_input() {
	bad_input --pipe 1 --latency-sample 0
	expect_match "latency-sample" "$ERR"
	bad_input --pipe 1 --latency-sample x
	bad_input --pipe 1 --latency-sample 1000001
}
