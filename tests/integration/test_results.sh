# test_results.sh - --yaml and --json read back with real parsers, --repeat,
# --perf counters, --times in YAML, and compare on crafted results files
# whose means, spreads and significance are known.

t_yaml_json_readback() {
	expect_exit 0 "$SK" --pipe 2 -t 0.3 -M --times --yaml r.yaml --json r.json --temp-path "$TMP"
	py '
import json, sys, yaml
y = yaml.safe_load(open("r.yaml"))
j = json.load(open("r.json"))
assert list(y) == ["system-info", "configuration", "environment", "metrics", "times", "runs"], list(y)
def same(a, b):
    if isinstance(a, float) or isinstance(b, float):
        return abs(a - b) <= 1e-6 * max(1, abs(a), abs(b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, z) for x, z in zip(a, b))
    return a == b and type(a) == type(b)
assert same(y, j), "YAML and JSON differ"
si = y["system-info"]
for k in ("stresskit-version", "release", "cpu-model", "cpus-online", "machine"):
    assert si[k] not in (None, ""), k
assert isinstance(si["cpus-online"], int) and isinstance(si["release"], str)
m = y["metrics"][0]
keys = ["stressor", "bogo-ops", "bogo-ops-per-second-usr-sys-time",
        "bogo-ops-per-second-real-time", "wall-clock-time", "user-time",
        "system-time", "cpu-usage-per-instance", "max-rss",
        "mb-per-sec-pipe-write-rate"]
assert list(m)[:len(keys)] == keys, list(m)
assert m["stressor"] == "pipe" and isinstance(m["bogo-ops"], int) and m["bogo-ops"] > 0
assert len(m["instances"]) == 2
assert sum(i["bogo-ops"] for i in m["instances"]) == m["bogo-ops"]
assert m["extra-metrics"][0]["description"] == "MB per sec pipe write rate"
assert m["extra-metrics"][0]["higher-is-better"] is True
c = y["configuration"]
assert "--pipe 2" in c["command-line"] and c["argv"][1:3] == ["--pipe", "2"]
assert c["stressors"][0]["options"]["pipe-data-size"] == "4K"
assert c["timeout"] == 0.3 and c["repeat"] == 1
t = y["times"]
assert list(t)[:8] == ["run-time", "available-cpu-time", "user-time", "system-time",
    "total-time", "user-time-percent", "system-time-percent", "total-time-percent"], list(t)
assert len(y["runs"]) == 1 and y["runs"][0]["metrics"][0]["bogo-ops"] == m["bogo-ops"]
'
	head -1 r.yaml | grep -qx -- '---' || fail "YAML does not start with ---"
	tail -1 r.yaml | grep -qx -- '\.\.\.' || fail "YAML does not end with ..."
}

t_yaml_escaping() {
	# every awkward character in one word: quotes, colon, hash, backslash, unicode
	word="it's:\"a\"#b\\c-ü"
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 10 --log-prefix "$word" --yaml r.yaml --json r.json --temp-path "$TMP"
	W="$word" py '
import json, os, yaml
for doc in (yaml.safe_load(open("r.yaml")), json.load(open("r.json"))):
    assert doc["configuration"]["log-prefix"] == os.environ["W"], doc["configuration"]["log-prefix"]
    assert doc["configuration"]["argv"][6] == os.environ["W"]
    assert doc["metrics"][0]["bogo-ops"] == 10
'
}

t_results_bad_path() {
	mkdir -p "$TMP/d"
	expect_exit 1 "$SK" --pipe 1 --yaml "$TMP/nosuch/r.yaml" --temp-path "$TMP/d"
	one_line "$ERR"
	expect_match "cannot write --yaml '.*/nosuch/r.yaml'" "$ERR"
	[ -z "$OUT" ] || fail "ran despite a bad --yaml: $OUT"
	# a good --yaml beside a bad --json leaves no file behind
	expect_exit 1 "$SK" --pipe 1 --yaml "$TMP/d/r.yaml" --json "$TMP/nosuch/r.json" --temp-path "$TMP/d"
	one_line "$ERR"
	no_leftovers "$TMP/d"
}

t_repeat() {
	expect_exit 0 "$SK" --pipe 1 -t 0.2 --repeat 3 --json r.json --temp-path "$TMP"
	expect_match 'info:  \[[0-9]+\] pass 3 of 3$' "$OUT"
	# each run's row keeps stress-ng's ten fields, the warm-up pass's too
	rows=$(printf '%s\n' "$OUT" | awk '$2 == "metrc:" && $4 == "pipe" && $5 ~ /^[0-9]+$/ && NF == 10' | wc -l)
	[ "$rows" = 4 ] || fail "expected 4 stress-ng rows (a warm-up and 3 passes), got $rows"
	expect_match 'summary of 3 passes: mean ±%stddev' "$OUT"
	# ± pads its %stddev to three digits: ±  5%, ±114% (a loaded machine)
	expect_match '^stresskit: metrc: \[[0-9]+\] +[0-9.]+( ± *[0-9]+%)? +pipe\.ops_per_sec  ±[0-9.]+% \[-?[0-9.e+]+\.\.[0-9.e+]+\]$' "$OUT"
	py '
import json, statistics
j = json.load(open("r.json"))
runs = [r["metrics"][0]["bogo-ops-per-second-real-time"] for r in j["runs"]]
assert len(runs) == 3 and [r["run"] for r in j["runs"]] == [1, 2, 3]
top = j["metrics"][0]
assert abs(top["bogo-ops-per-second-real-time"] - statistics.mean(runs)) < 1e-6 * max(runs)
assert top["runs"] == 3 and "instances" not in top
'
	expect_exit 1 "$SK" --pipe 1 --repeat 0
	one_line "$ERR"
	expect_match "invalid --repeat '0'" "$ERR"
	expect_exit 1 "$SK" --pipe 1 --repeat x
	one_line "$ERR"
}

t_perf_pipe() {
	expect_exit 0 "$SK" --pipe 1 -t 0.3 --perf --json r.json --temp-path "$TMP"
	expect_match 'pipe +[0-9]+ +context-switches$' "$OUT"
	expect_match 'msec task-clock$' "$OUT"
	# hardware counters are shown, or one line says why not
	if ! printf '%s\n' "$OUT" | grep -q ' cycles$'; then
		[ "$(printf '%s\n' "$OUT" | grep -c 'hardware counters unavailable')" = 1 ] ||
			fail "neither hardware counters nor a line saying so"
	fi
	py '
import json
p = json.load(open("r.json"))["metrics"][0]["perf"]
for k in ("task-clock", "context-switches", "page-faults"):
    assert p[k] > 0, (k, p)
assert "cpu-migrations" in p
'
}

# As a user of its own under kernel.perf_event_paranoid 2 (Debian's
# default: a user may count its own processes in user space only),
# --perf counts what it may: every count user space only and named so,
# as perf-stat names it ("task-clock:u"), in the table and the results,
# and one line says what was left out and what allows it.
t_perf_unprivileged() {
	"$SK" --pipe 1 -t 0.1 --perf --temp-path "$TMP" >"$TMP/probe" 2>&1 || true
	why=$(sed -n 's/.*perf counters unavailable (\(.*\))$/\1/p' "$TMP/probe")
	rm -f "$TMP/probe"
	[ -z "$why" ] || { echo "    skip: no perf counters here even as root: $why"; return 0; }
	perf_paranoid_2 || return 0
	expect_exit 0 as_own_user "$SK" --pipe 1 -t 0.3 --perf --json r.json --temp-path .
	expect_no_match 'perf counters unavailable' "$OUT"
	expect_match 'pipe +[0-9.]+ msec task-clock:u$' "$OUT"
	expect_match 'pipe +[0-9]+ +context-switches:u$' "$OUT"
	one_line "$(printf '%s\n' "$OUT" | grep 'user space only')"
	expect_match 'info: +\[[0-9]+\] perf counters count user space only \(:u\), not the kernel.s share \(kernel\.perf_event_paranoid is 2\): sysctl kernel\.perf_event_paranoid=1 \(or lower\) or CAP_PERFMON counts it too$' "$OUT"
	py '
import json
p = json.load(open("u/r.json"))["metrics"][0]["perf"]
assert p["task-clock:u"] > 0 and p["ps.task-clock:u"] > 0, p
assert "context-switches:u" in p and "page-faults:u" in p, p
# not one count that a full one could be taken for
assert all(k.endswith(":u") for k in p), sorted(p)
'
	rm -rf "$TMP/u"
}

t_compare_improvement_regression() {
	crafted base.json 100 101 99 -- 10 10 10
	crafted up.json 110 111 109 -- 12 12 12
	crafted down.json 90 91 89 -- 8 8 8
	expect_exit 0 "$SK" compare --all -v --method lkp base.json up.json
	expect_match '^base\.json' "$OUT"
	r=$(row pipe.ops_per_sec)
	# lkp (the default was, before holm) prints means and judges medians
	# and ranges: the detail gives those
	expect_match '^ +100 +\+10\.0% +110 +pipe\.ops_per_sec  improvement  \(median 100 \[99, 101\] vs 110 \[109, 111\], ratio 1\.1, min change [0-9.]+%\)$' "$r"
	expect_match 'pipe\.ops  improvement  \(' "$(row pipe.ops)"
	# latency went up: lower is better, so that is a regression
	expect_match '\+20\.0% +12 +pipe\.latency_usec  regression  \(' "$(row pipe.latency_usec)"
	expect_match 'pipe\.MB_per_sec_pipe_write_rate  improvement  \(' "$(row pipe.MB_per_sec_pipe_write_rate)"
	# a KPI row regressed: exit 2 whatever --fail-on-regression says
	expect_exit 2 "$SK" compare --all -v --method lkp base.json down.json
	expect_match '^ +100 +-10\.0% +90 +pipe\.ops_per_sec  regression  \(' "$(row pipe.ops_per_sec)"
	expect_exit 2 "$SK" compare --all -v --method lkp --fail-on-regression base.json down.json
	expect_exit 2 "$SK" compare --all -v --method lkp base.json up.json --fail-on-regression
	expect_exit 8 "$SK" compare --all -v --method lkp --fail-on-regression base.json base.json
	# two NEW files: each judged against BASE
	expect_exit 2 "$SK" compare --all -v --method lkp base.json up.json down.json
	expect_match '\+10\.0% +110 +-10\.0% +90 +pipe\.ops_per_sec  improvement in 1  regression in 2  \(1: median 100 \[99, 101\] vs 110 \[109, 111\], ratio 1\.1, min change [0-9.]+%; 2: median 100 \[99, 101\] vs 90 \[89, 91\], ratio 1\.11, min change [0-9.]+%\)$' "$(row pipe.ops_per_sec)"
}

t_compare_not_significant() {
	crafted base.json 100 110 90
	crafted new.json 95 100 110
	expect_exit 8 "$SK" compare --all -v --method lkp --fail-on-regression base.json new.json
	# population stddev of 100 110 90 is 8.2 = 8% of the mean
	r=$(row pipe.ops_per_sec)
	expect_match '^ +100 ±  8% +\+1\.7% +102 ±  6% +pipe\.ops_per_sec  \(median 100 \[90, 110\] vs 100 \[95, 110\], ratio 1, min change [0-9.]+%\)$' "$r"
	# 3 runs are judged (lkp's note says at what A/A rate, not that they are not)
	expect_no_match 'improvement|regression|not judged' "$OUT"
	expect_match "^note: 3 and 3 runs are too few for lkp's promise" "$OUT"
	# a large change whose ranges overlap is not flagged either
	crafted wide.json 50 150 200
	expect_exit 8 "$SK" compare --all -v --method lkp base.json wide.json
	expect_match '\+33\.3% .*pipe\.ops_per_sec  \(median 100 \[90, 110\] vs 150 \[50, 200\], ratio [0-9.]+, min change' "$(row pipe.ops_per_sec)"
}

t_compare_too_few_runs() {
	crafted base.json 100 101
	crafted new.json 200 201 202
	expect_exit 8 "$SK" compare --all -v --fail-on-regression new.json base.json
	expect_match '-50\.[0-9]% +100 +pipe\.ops_per_sec$' "$(row pipe.ops_per_sec)"
	n=$(printf '%s\n' "$OUT" | grep -c '^note: ')
	[ "$n" = 1 ] || fail "expected one note line: $OUT"
	expect_match 'judges a row with 3 runs a side, and these files have 3 and 2: rows against a file with fewer are not judged; use --repeat 3' "$OUT"
}

t_compare_bad_files() {
	crafted base.json 100 101 99
	echo '{ not json' > broken.json
	echo '{"metrics": []}' > norun.json
	for args in "base.json" "base.json nosuch.json" "base.json broken.json" \
		"norun.json base.json" "--bogus base.json base.json"; do
		# shellcheck disable=SC2086
		expect_exit 1 "$SK" compare --all -v $args
		one_line "$ERR"
		expect_match '^stresskit: error: compare: ' "$ERR"
		[ -z "$OUT" ] || fail "output for bad compare: $OUT"
	done
}

t_compare_real_runs() {
	expect_exit 0 "$SK" --pipe 1 -t 0.2 --json a.json --temp-path "$TMP"
	expect_exit 0 "$SK" --pipe 1 -t 0.2 --json b.json --temp-path "$TMP"
	expect_judged "$SK" compare --all -v a.json b.json
	row pipe.ops_per_sec >/dev/null
	row pipe.MB_per_sec_pipe_write_rate >/dev/null
	expect_match 'these files have 1 and 1: ' "$OUT"
}

t_repeat_interrupted() {
	"$SK" --pipe 1 -t 2s --repeat 3 --json r.json --yaml r.yaml --temp-path "$TMP" >log 2>&1 &
	pid=$!
	# past the warm-up pass: a recorded pass is the one stopped
	wait_until 30 grep -q 'pass 1 of 3' log
	wait_until 30 sk_running 1 '^stresskit-pipe$'
	kill -INT "$pid"
	wait "$pid" || true
	grep -q 'pass 1 of 3' log || fail "no pass 1: $(cat log)"
	! grep -q 'pass 2 of 3' log || fail "a pass started after SIGINT"
	py '
import json, yaml
for doc in (json.load(open("r.json")), yaml.safe_load(open("r.yaml"))):
    assert len(doc["runs"]) == 1 and doc["runs"][0]["interrupted"] is True
    assert doc["metrics"][0]["bogo-ops"] > 0
'
}

# --times prints stress-ng's lines, column for column, and YAML keeps them.
t_times_stress_ng_format() {
	expect_exit 0 "$SK" --pipe 1 -t 0.3 --times --yaml r.yaml --temp-path "$TMP"
	p='^stresskit: info:  \[[0-9]+\] '
	expect_match "${p}for a [0-9]+\.[0-9]{2}s run time:$" "$OUT"
	expect_match "${p} {2,}[0-9]+\.[0-9]{2}s available CPU time$" "$OUT"
	expect_match "${p} {2,}[0-9]+\.[0-9]{2}s user time   \( *[0-9]+\.[0-9]{2}%\)$" "$OUT"
	expect_match "${p} {2,}[0-9]+\.[0-9]{2}s system time \( *[0-9]+\.[0-9]{2}%\)$" "$OUT"
	expect_match "${p} {2,}[0-9]+\.[0-9]{2}s total time  \( *[0-9]+\.[0-9]{2}%\)$" "$OUT"
	expect_match "${p}load average: [0-9.]+ [0-9.]+ [0-9.]+$" "$OUT"
	# the field widths: "%10.2fs", as stress-ng prints them
	line=$(printf '%s\n' "$OUT" | grep 'available CPU time$' | sed 's/^.*\] //')
	[ "${#line}" = 30 ] || fail "available CPU time line is not stress-ng's width: '$line'"
	py '
import yaml
t = yaml.safe_load(open("r.yaml"))["times"]
assert list(t) == ["run-time", "available-cpu-time", "user-time", "system-time",
    "total-time", "user-time-percent", "system-time-percent", "total-time-percent",
    "load-average-1-minute", "load-average-5-minute", "load-average-15-minute"], list(t)
assert abs(t["total-time"] - t["user-time"] - t["system-time"]) < 1e-6
assert t["available-cpu-time"] > t["run-time"] * 0.99
'
}

# A --scale sweep is one pass: an entry per step, compared step by step.
t_scale_results() {
	name=$("$SK" --stressors | awk '$1 == "pread2" { print $1 }')
	[ -n "$name" ] || return 0
	expect_exit 0 "$SK" --pread2 2 --scale -t 0.2 --json s.json --yaml s.yaml --temp-path "$TMP"
	py '
import json, yaml
for doc in (json.load(open("s.json")), yaml.safe_load(open("s.yaml"))):
    m = doc["runs"][0]["metrics"]
    assert [(e["stressor"], e["instances-forked"]) for e in m] == [("pread2", 1), ("pread2", 2)], m
'
	expect_judged "$SK" compare --all -v s.json s.json
	row 'pread2@1.ops_per_sec' >/dev/null
	row 'pread2@2.ops_per_sec' >/dev/null
	expect_exit 1 "$SK" --pread2 2 --scale --repeat 2 -t 0.2
	one_line "$ERR"
}
