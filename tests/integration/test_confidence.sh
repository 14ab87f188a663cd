# test_confidence.sh - --repeat's confidence intervals, --repeat-until
# and --confidence: the figures recomputed from the passes the document
# holds (by hand, and with scipy where python3-scipy is installed).

t_repeat_confidence() {
	expect_exit 0 "$SK" --pipe 1 -t 0.2 --repeat 3 --json r.json --temp-path "$TMP"
	expect_match 'ops/s over 3 passes: mean ± half-width of its 95% confidence interval \(Student t\)' "$OUT"
	expect_match '^stresskit: metrc: \[[0-9]+\] pipe +[0-9]+ ± +[0-9.]+% \[-?[0-9]+, [0-9]+\]  sd [0-9.]+ \([0-9.]+%\)  min [0-9]+  max [0-9]+$' "$OUT"
	# t(0.975, 2) = 4.303 from the printed table
	py '
import json, math, statistics
d = json.load(open("r.json"))
v = [r["metrics"][0]["bogo-ops-per-second-real-time"] for r in d["runs"]]
c = d["metrics"][0]["confidence"]
m, sd = statistics.mean(v), statistics.stdev(v)
assert c["figure"] == "bogo-ops-per-second-real-time" and c["passes"] == 3, c
assert abs(c["mean"] - m) <= 1e-9 * m and abs(c["stddev"] - sd) <= 1e-9 * m, (c, m, sd)
assert c["min"] == min(v) and c["max"] == max(v)
assert abs(c["t-quantile"] - 4.303) < 5e-4, c
h = c["t-quantile"] * sd / math.sqrt(3)
assert abs(c["low"] - (m - h)) <= 1e-9 * m and abs(c["high"] - (m + h)) <= 1e-9 * m
assert abs(c["half-width-percent"] - 100 * h / m) < 1e-6
assert d["repeat"] == {"passes": 3, "confidence-level-percent": 95.0}, d["repeat"]
assert list(d)[-2:] == ["repeat", "runs"], list(d)
'
	# a single pass has no interval and no repeat mapping
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 100 --json one.json --temp-path "$TMP"
	py '
import json
d = json.load(open("one.json"))
assert "repeat" not in d and "confidence" not in d["metrics"][0]
'
}

# Every figure of the summary has its interval: printed after its name
# and kept per figure in the document, recomputed here from the passes.
t_repeat_confidence_every_figure() {
	expect_exit 0 "$SK" --pipe 1 -t 0.2 --repeat 3 --confidence 90 --json r.json \
		--temp-path "$TMP"
	expect_match 'summary of 3 passes: .*the mean.s 90% confidence interval \(Student t\)' "$OUT"
	printf '%s\n' "$OUT" | grep -E '  pipe\.[^ ]+  ' >summary || fail "no summary lines: $OUT"
	[ "$(wc -l <summary)" -ge 6 ] || fail "fewer figures than expected: $(cat summary)"
	# LKP takes a line of 10 or 12 fields for a stressor's row: never these
	awk 'NF == 10 || NF == 12 { exit 1 }' summary || fail "a summary line LKP reads as a row"
	python3 - r.json summary <<'PY' || fail "the figures' intervals are not the passes'"
import json, math, re, statistics, sys
d = json.load(open(sys.argv[1]))
top = d["metrics"][0]
ci = top["confidence-intervals"]
t90_2 = 2.919986  # t(0.95, 2), printed tables
def values(name):
    out = []
    for r in d["runs"]:
        e = r["metrics"][0]
        if name == "ops":
            out.append(e["bogo-ops"])
        elif name == "ops_per_sec":
            out.append(e["bogo-ops-per-second-real-time"])
        elif name.startswith("cost."):
            out.append(e["cost-per-op"][name[5:]])
        else:
            out.append(next(x["value"] for x in e["extra-metrics"]
                            if x["description"].replace(" ", "_") == name))
    return out
printed = {}
for line in open(sys.argv[2]):
    m = re.search(r"  pipe\.(\S+)  \u00b1([0-9.]+)% \[(\S+)\.\.(\S+)\]$", line)
    assert m, line
    printed[m.group(1)] = float(m.group(2))
assert set(printed) == set(ci), (sorted(printed), sorted(ci))
assert {"ops", "ops_per_sec", "cost.cpu-usec"} <= set(ci), sorted(ci)
for name, c in ci.items():
    v = values(name)
    m, sd = statistics.mean(v), statistics.stdev(v)
    h = t90_2 * sd / math.sqrt(3)
    assert c["figure"] == name and c["passes"] == 3 and c["level-percent"] == 90, c
    assert abs(c["low"] - (m - h)) <= 1e-6 * abs(m) and abs(c["high"] - (m + h)) <= 1e-6 * abs(m), (name, c, m, h)
    assert abs(printed[name] - 100 * h / abs(m)) < 0.006, (name, printed[name], c)
assert ci["ops_per_sec"]["low"] == top["confidence"]["low"]
PY
}

# The interval against scipy's, at two levels, in sequential mode.
t_long_repeat_confidence_scipy() {
	p=$(scipy_python)
	if [ -z "$p" ]; then
		echo "skip: python3-scipy is not installed"
		return 0
	fi
	expect_exit 0 "$SK" --seq 1 --with pipe,splice -t 0.15 --repeat 4 --confidence 99 \
		--json r.json --temp-path "$TMP"
	expect_match 'its 99% confidence interval' "$OUT"
	"$p" -c '
import json
from scipy import stats
import numpy as np
d = json.load(open("r.json"))
assert d["repeat"]["confidence-level-percent"] == 99
for e, top in enumerate(d["metrics"]):
    v = np.array([r["metrics"][e]["bogo-ops-per-second-real-time"] for r in d["runs"]])
    lo, hi = stats.t.interval(0.99, len(v) - 1, loc=v.mean(), scale=stats.sem(v))
    c = top["confidence"]
    # a bound near 0 is the difference of two large terms: its error is
    # relative to them (mean and half-width), not to the bound
    scale = abs(v.mean()) + abs(hi - lo)
    for got, want, of in ((c["low"], lo, scale), (c["high"], hi, scale),
                          (c["stddev"], v.std(ddof=1), v.std(ddof=1)),
                          (c["t-quantile"], stats.t.ppf(0.995, len(v) - 1),
                           stats.t.ppf(0.995, len(v) - 1))):
        assert abs(got - want) <= 1e-6 * abs(of), (top["stressor"], got, want)
' || fail "the intervals differ from scipy's"
}

t_repeat_until() {
	# a target every 3 passes meet, whatever the load does to their rates:
	# the 50% interval's half-width is t(0.75, 2) / sqrt(3) = 0.47 times
	# the rates' coefficient of variation, and 3 rates >= 0 vary by at
	# most sqrt(3) = 1.73, so under 82%; met at the third pass, the least
	# judged. Passes of 0.2 s have too few 50 ms windows for an envelope
	# (5), so the figure is ops/s itself, every pass counted (the
	# envelope's, which leaves slow passes out: test_envelope.sh)
	expect_exit 0 "$SK" --pipe 1 -t 0.2 --repeat-until 100,5 --confidence 50 --json r.json --temp-path "$TMP"
	expect_match 'info:  \[[0-9]+\] pass 1 of at most 5$' "$OUT"
	expect_match 'after 2 passes, ops/s 50% confidence half-width: pipe ±[0-9.]+% \(2 passes\) \(target ±100%\)' "$OUT"
	expect_match '--repeat-until 100%: reached after 3 passes$' "$OUT"
	py '
import json
d = json.load(open("r.json"))
r = d["repeat"]
assert r["reached"] is True and r["max-passes"] == 5 and r["until-half-width-percent"] == 100, r
assert r["passes"] == len(d["runs"]) == 3, r
assert d["metrics"][0]["confidence"]["half-width-percent"] <= 100
'
	# one no run can meet stops at the maximum, and says so
	expect_exit 0 "$SK" --pipe 1 -t 0.1 --repeat-until 0.00001% --repeat 3 --json r.json --temp-path "$TMP"
	expect_match '--repeat-until 1e-05%: not reached after 3 passes \(the most\)$' "$OUT"
	py '
import json
d = json.load(open("r.json"))
assert d["repeat"]["reached"] is False and len(d["runs"]) == 3, d["repeat"]
'
}

t_repeat_until_bad() {
	for args in "--repeat-until 0" "--repeat-until abc" "--repeat-until 5,2" \
		"--repeat-until 101" "--repeat-until 5,x" "--repeat-until 5 --repeat 2" \
		"--repeat-until 5,4 --repeat 6" "--confidence 100" "--confidence 0" \
		"--confidence abc" "--repeat-until 5 --scale"; do
		# shellcheck disable=SC2086
		expect_exit 1 "$SK" --pipe 1 $args
		one_line "$ERR"
		expect_match '^stresskit: error: ' "$ERR"
		[ -z "$OUT" ] || fail "output for $args: $OUT"
	done
}

# --status-interval: info lines without a terminal, counted from the counters.
t_status_interval() {
	expect_exit 0 "$SK" --pipe 1 -t 1.5 --status-interval 0.2 --temp-path "$TMP"
	n=$(printf '%s\n' "$OUT" | grep -Ec '^stresskit: info:  \[[0-9]+\] status [0-9.]+s: pipe [0-9]+ bogo-ops/s$')
	# 7 are due; a loaded machine may let the controller miss most, not all but one
	[ "$n" -ge 2 ] || fail "expected at least 2 status lines, got $n: $OUT"
	expect_match 'status [0-9.]+s: pipe [1-9][0-9]* bogo-ops/s$' "$OUT"
	for v in 0 0.001 abc; do
		expect_exit 1 "$SK" --pipe 1 --status-interval $v
		one_line "$ERR"
		expect_match "invalid --status-interval '$v'" "$ERR"
	done
}

# --confidence and --repeat-until are refused where they stand, quoting the
# text typed, with exit 1 and one line.
t_repeat_specs_bad_input() {
	bad_input --pipe 1 -t 1 --confidence 1e2
	[ "$ERR" = "stresskit: error: invalid --confidence '1e2': expected a level in percent above 0 and below 100, like 95 or 99" ] ||
		fail "unexpected: $ERR"
	bad_input --pipe 1 -t 1 --repeat-until 2%,2 --repeat-until 2
	[ "$ERR" = "stresskit: error: invalid --repeat-until '2%,2': expected PCT[,MAX], a half-width above 0% and at most 100% of the mean and at most MAX passes (3 to 10000), like 2 or 1.5%,20" ] ||
		fail "unexpected: $ERR"
	bad_input --pipe 1 -t 1 --repeat-until 2,5 --repeat 4
	[ "$ERR" = "stresskit: error: --repeat-until '2,5' and --repeat '4' give two maximums: give one" ] ||
		fail "unexpected: $ERR"
}

# --repeat auto: passes until every stressor's ops/s half-width is within
# --confidence-target, 30 at most; the results say how many ran and why
# they stopped. An op-count run (--pipe-ops) does the same work each
# pass, so a wide target is reached within the 30 passes, from the third
# (the fewest judged; later on a machine so loaded that its passes'
# ops/s spread by more than 40%).
t_long_repeat_auto() {
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 2000 --repeat auto --confidence-target 100 \
		--json r.json --temp-path "$TMP"
	n=$(printf '%s\n' "$OUT" | sed -n 's/.*--repeat auto, --confidence-target 100%: reached after \([0-9]*\) passes$/\1/p')
	[ -n "$n" ] && [ "$n" -ge 3 ] || fail "not reached from the third pass: $OUT"
	py "
import json
r = json.load(open('r.json'))['repeat']
assert r['passes'] == $n and r['reached'] and r['stopped'] == 'target-reached', r
assert r['max-passes'] == 30 and r['until-half-width-percent'] == 100, r
"
	# an unreachable target runs to the most passes, and says so
	expect_exit 0 "$SK" --pipe 1 -t 0.05 --repeat auto --confidence-target 0.00001 \
		--json r.json --temp-path "$TMP"
	expect_match '--confidence-target 1e-05%: not reached after 30 passes \(the most\)$' "$OUT"
	py '
import json
r = json.load(open("r.json"))["repeat"]
assert r["passes"] == 30 and not r["reached"] and r["stopped"] == "max-passes", r
'
	expect_exit 1 "$SK" --pipe 1 --confidence-target 2
	[ "$ERR" = "stresskit: error: --confidence-target is the target of --repeat auto: give --repeat auto too" ] ||
		fail "stderr: $ERR"
	expect_exit 1 "$SK" --pipe 1 --repeat auto --repeat-until 3
	one_line "$ERR"
	expect_exit 1 "$SK" --pipe 1 --repeat auto --confidence-target 0
	one_line "$ERR"
}
