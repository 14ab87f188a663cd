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
		expect_match "pipe +[0-9.]+ usecs $p write latency \(total histogram of 2 instances, 4000 timed ops\)" "$OUT"
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

t_latency_every_stressor() {
	# one series per stressor, timed every op: its count is the bogo-ops
	for s in pread1:pread pread2:pread pread3:pread sendfile:sendfile splice:pass; do
		name=${s%%:*}
		expect_exit 0 "$SK" --$name 2 --$name-ops 600 --latency-sample 1 --json r.json --temp-path "$TMP"
		lat_check r.json "$name" "${s#*:}" 1
	done
	expect_exit 0 "$SK" --splice 1 --splice-ops 50 --splice-sink file --verify --latency-sample 1 --json r.json --temp-path "$TMP"
	lat_check r.json splice pass 1
	# thread instances: each its own histogram, merged the same way
	expect_exit 0 "$SK" --pread2 3 --pread2-ops 900 --latency-sample 1 --instance-mode thread --json r.json --temp-path "$TMP"
	lat_check r.json pread2 pread 1
	# context_switch1 times a round trip, two bogo-ops: half of them timed
	expect_exit 0 "$SK" --context_switch1 2 --context_switch1-ops 800 --latency-sample 1 --json r.json --temp-path "$TMP"
	lat_check r.json context_switch1 round-trip 0
	python3 -c '
import json
e = json.load(open("r.json"))["metrics"][0]
assert e["latency"]["round-trip"]["timed-ops"] * 2 == e["bogo-ops"] == 800, e["bogo-ops"]
' || fail "context_switch1: not one timed round trip per two bogo-ops"
}

t_latency_redis() {
	# every request timed, send to reply: the count is the completed requests
	expect_exit 0 "$SK" --redis 2 --redis-ops 3000 --latency --json r.json \
		--latency-csv l.csv --latency-plot l.svg --metrics-brief --temp-path "$TMP"
	lat_check r.json redis request 1
	for p in p50 p90 p99 p99.9 max; do
		expect_match "redis +[0-9.]+ usecs $p request latency \(total histogram of 2 instances, 3000 timed ops\)" "$OUT"
	done
	# the stressor's own geometric-mean lines give way to the histogram's
	expect_no_match 'request latency \(geometric mean' "$OUT"
	grep -q '^redis request,3000,50' l.csv || fail "no redis ladder in the CSV: $(head -3 l.csv)"
	grep -q 'redis request' l.svg || fail "no redis series on the plot"
}

# timed, bogo FILE STRESSOR SERIES: the series' timed ops and the bogo-ops
lat_counts() {
	python3 -c '
import json, sys
e = [m for m in json.load(open(sys.argv[1]))["metrics"] if m["stressor"] == sys.argv[2]][0]
print(e["latency"][sys.argv[3]]["timed-ops"], e["bogo-ops"])' "$@"
}

t_latency_warmup_excluded() {
	# The warmup ends for an instance at its first count after the
	# controller's flag: ops from there are both counted and timed, so
	# every write timed is a bogo-op, however late the controller ran. A
	# warmup twice the counted run: a boundary off by a few ops fails.
	expect_exit 0 "$SK" --pipe 2 --warmup 1 -t 0.5 --latency-sample 1 --json r.json --temp-path "$TMP"
	set -- $(lat_counts r.json pipe write)
	[ "$1" -eq "$2" ] && [ "$2" -gt 0 ] ||
		fail "pipe with --warmup: $1 writes timed, $2 bogo-ops"
	# redis counts a reply and times it from its send: the requests in
	# flight when the warmup ended (at most clients x pipeline per
	# instance) are counted, not timed; nothing else may differ
	expect_exit 0 "$SK" --redis 2 --redis-clients 2 --redis-pipeline 4 --warmup 1 -t 0.5 \
		--latency-sample 1 --json r.json --temp-path "$TMP"
	set -- $(lat_counts r.json redis request)
	[ "$2" -gt 0 ] && [ "$1" -le "$2" ] && [ $(($2 - $1)) -le 16 ] ||
		fail "redis with --warmup: $1 requests timed, $2 bogo-ops (in flight: at most 16)"
}

t_latency_csv_plot() {
	# two stressors, two passes: six series on one plot, a ladder each in
	# the CSV. Ops limits, not a timeout: each pass times at least 10 ops
	# of each series (one in 64), however little CPU a loaded machine gives.
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 640 --pread2 1 --pread2-ops 640 --repeat 2 \
		--latency-csv l.csv --latency-plot l.svg --temp-path "$TMP"
	python3 - <<'PY' || fail "latency CSV or SVG wrong"
import csv, xml.etree.ElementTree as ET
rows = list(csv.DictReader(open("l.csv")))
series = sorted(set(r["series"] for r in rows))
assert series == ["pipe write #1", "pipe write #2", "pipe write-to-read #1",
                  "pipe write-to-read #2", "pread2 pread #1", "pread2 pread #2"], series
for s in series:
    v = [float(r["usecs"]) for r in rows if r["series"] == s]
    p = [float(r["percentile"]) for r in rows if r["series"] == s]
    assert v == sorted(v) and p == sorted(p) and p[0] == 0 and p[-1] == 100, s
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse("l.svg").getroot()
gs = [g for g in root.iter(ns + "g") if g.get("id", "").startswith("latency-")]
assert sorted(g.find(ns + "title").text for g in gs) == series
for g in gs:
    pts = g.find(ns + "polyline").get("points").split()
    xs = [float(p.split(",")[0]) for p in pts]
    ys = [float(p.split(",")[1]) for p in pts]
    assert xs == sorted(xs) and ys == sorted(ys, reverse=True), g.get("id")
PY
}

t_latency_files_bad_path() {
	bad_input --pipe 1 --latency-plot "$TMP/missing/l.svg"
	expect_match "latency-plot" "$ERR"
	bad_input --pipe 1 --latency-csv "$TMP/missing/l.csv"
}

# LKP's stress-ng parser takes each percentile line as a metric under the
# key the text names (stressor.usecs_p99.9_write_latency), and takes none
# of them for a stressor row. Run as stress-ng, as LKP's job line runs it.
t_latency_lkp_parse() {
	ln -s "$SK" stress-ng
	expect_exit 0 ./stress-ng --timeout 5 --times --verify --metrics --pipe 2 \
		--pipe-ops 2000 --latency --temp-path "$TMP"
	printf '%s\n' "$OUT" >out
	python3 "$SK_SRC/tests/integration/lkp_stress_ng_parse.py" <out >parsed ||
		fail "parser mirror failed"
	for series in write write-to-read; do
		for p in p50 p90 p99 p99.9 max; do
			v=$(printf '%s\n' "$OUT" |
				sed -n "s/.* pipe  *\([0-9.]*\) usecs $p $series latency (.*/\1/p")
			[ -n "$v" ] || fail "no $p $series line"
			grep -qx "pipe\\.usecs_${p}_${series}_latency: $v" parsed ||
				fail "LKP does not take $p $series ($v): $(cat parsed)"
		done
	done
	# the stressor's row once, with its ops: no latency line read as a row
	[ "$(grep -c '^pipe\.ops: ' parsed)" = 1 ] || fail "rows: $(cat parsed)"
	grep -qx 'pipe\.ops: 2000' parsed || fail "row: $(cat parsed)"
	# where lkp-tests and ruby are at hand, the real parser agrees
	if [ -n "${LKP_SRC:-}" ] && [ -f "$LKP_SRC/programs/stress-ng/parse" ] &&
	   command -v ruby >/dev/null; then
		ruby "$LKP_SRC/programs/stress-ng/parse" <out >real ||
			fail "lkp-tests' parser failed"
		cmp -s real parsed || fail "mirror and lkp-tests differ: $(diff real parsed)"
	fi
	rm -f stress-ng out parsed real
}
