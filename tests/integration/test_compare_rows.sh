# test_compare_rows.sh - compare has a row for every figure two results
# files share (stress-ng's table, extra metrics, latency, cost per op,
# perf, fairness, steady state, --times), judged in the figure's direction:
# a cost, a latency or a spread that grows is a regression.

# figured NAME FACTOR: a results file of 3 runs (0.5% apart) whose every
# figure is FACTOR times a base value.
figured() {
	python3 - "$1" "$2" <<'PY'
import json, sys
name, f = sys.argv[1], float(sys.argv[2])
runs = []
for k, j in enumerate((1.0, 1.005, 0.995)):
    v = lambda x: x * f * j
    e = {"stressor": "pipe", "bogo-ops": int(v(1e6)), "instances-forked": 2, "status": 0,
         "sample-interval": 1.0,
         "bogo-ops-per-second-real-time": v(1e5), "bogo-ops-per-second-usr-sys-time": v(2e5),
         "wall-clock-time": v(10), "user-time": v(3), "system-time": v(7),
         "cpu-usage-per-instance": v(50), "max-rss": v(2000),
         "extra-metrics": [
             {"description": "MB per sec pipe write rate", "value": v(400), "higher-is-better": True},
             {"description": "usecs p99 write latency", "value": v(70), "higher-is-better": False}],
         "latency": {"write": {"timed-ops": v(15000), "instances": 2, "mean-usecs": v(9),
                               "percentiles": [{"percentile": 50.0, "usecs": 1.5}]}},
         "perf": {"context-switches": v(50000)},
         "cost-per-op": {"cpu-usec": v(7.5), "voluntary-context-switches": v(0.3),
                         "involuntary-context-switches": v(0.2), "cycles": None,
                         "instructions": None, "insn-per-cycle": None},
         "fairness": {"instance-rate-min": v(4.9e4), "instance-rate-max": v(5.1e4),
                      "instance-rate-cv-pct": v(2), "interval-rate-cv-pct": v(3),
                      "intervals": 10},
         "steady-state": {"criterion": "ops_slope", "limit-pct": 1.0, "window": 10.0,
                          "requested": False, "attained": False, "attained-at": None,
                          "window-full": True, "steady": True, "window-start": v(0.5),
                          "window-intervals": 10, "window-bogo-ops-per-second": v(1e5),
                          "slope-pct": v(0.4), "range-pct": v(1.5)}}
    runs.append({"run": k + 1, "metrics": [e],
                 "times": {"run-time": v(10), "user-time": v(3), "total-time-percent": v(50),
                           "load-average-1-minute": v(1.5)}})
json.dump({"runs": runs}, open(name, "w"))
PY
}

# Every row's key and word for a rise in every figure: what is better
# higher improves, what is better lower regresses, the rest "changed";
# perf-stat's rows after the others, as the robot prints them.
ROWS_UP='pipe.ops_per_sec improvement
pipe.ops improvement
pipe.MB_per_sec_pipe_write_rate improvement
pipe.usecs_p99_write_latency regression
pipe.cost.cpu-usec regression
pipe.cost.voluntary-context-switches regression
pipe.cost.involuntary-context-switches regression
pipe.bogo-ops-per-second-usr-sys-time improvement
pipe.wall-clock-time changed
pipe.user-time changed
pipe.system-time changed
pipe.cpu-usage-per-instance changed
pipe.max-rss regression
pipe.latency.write.timed-ops changed
pipe.latency.write.mean-usecs regression
pipe.fairness.instance-rate-min improvement
pipe.fairness.instance-rate-max improvement
pipe.fairness.instance-rate-cv-pct regression
pipe.fairness.interval-rate-cv-pct regression
pipe.steady-state.window-start changed
pipe.steady-state.window-bogo-ops-per-second improvement
pipe.steady-state.slope-pct regression
pipe.steady-state.range-pct regression
times.run-time changed
times.user-time changed
times.total-time-percent changed
pipe.perf-stat.context-switches changed'

# compare's rows as "key word", the word "-" when not flagged
rows_words() {
	printf '%s\n' "$OUT" | awk '/^ / {
		for (i = 1; i <= NF; i++)
			if ($i ~ /^(pipe|times)\./) {
				w = $(i + 1) ~ /^(improvement|regression|changed)$/ ? $(i + 1) : "-"
				print $i, w
				break
			}
	}'
}

t_long_compare_rows_directions() {
	figured base.json 1
	figured up.json 1.1
	figured down.json 0.9
	flip='s/improvement$/X/; s/regression$/improvement/; s/X$/regression/'
	for m in holm+range holm lkp ci welch bootstrap; do
		# passes without spread: holm+range's drift would hold 10% as one
		drift=
		[ $m = holm+range ] && drift="--drift 0"
		expect_exit 2 "$SK" compare --all -v --method $m $drift --fail-on-regression base.json up.json
		got=$(rows_words)
		up=$ROWS_UP
		# lkp-tests' thresholds: time.elapsed_time and time.user_time from 10 s
		[ $m = lkp ] && up=$(printf '%s\n' "$up" | sed 's/^\(times\.\(run\|user\)-time\) changed$/\1 -/')
		printf '%s\n' "$up" >want
		printf '%s\n' "$got" >got
		[ "$got" = "$up" ] || fail "$m, every figure up 10%: $(diff want got)"
		expect_exit 2 "$SK" compare --all -v --method $m $drift --fail-on-regression base.json down.json
		got=$(rows_words)
		want=$(printf '%s\n' "$up" | sed "$flip")
		printf '%s\n' "$want" >want
		printf '%s\n' "$got" >got
		[ "$got" = "$want" ] || fail "$m, every figure down 10%: $(diff want got)"
		# every row says the smallest change it could have flagged
		n=$(printf '%s\n' "$OUT" | grep -c 'min change [0-9.]*%)$')
		[ "$n" = 27 ] || fail "$m: $n rows with a min change, not 27: $OUT"
		# A/A: nothing flagged, and within the drift every KPI unchanged
		expect_exit 0 "$SK" compare --all -v --method $m --fail-on-change base.json base.json
		expect_no_match '^ .*  (improvement|regression|changed)( |$)' "$OUT"
	done
}

# lkp's columns are means; its detail gives the medians and ranges it judged.
t_compare_rows_lkp_detail() {
	crafted base.json 100 104 99
	crafted new.json 110 111 120
	expect_exit 0 "$SK" compare --all -v --method lkp base.json new.json
	expect_match '^ +101 ±  2% +\+12\.5% +114 ±  4% +pipe\.ops_per_sec  improvement  \(median 100 \[99, 104\] vs 111 \[110, 120\], ratio 1\.11, min change [0-9.]+%\)$' \
		"$(row pipe.ops_per_sec)"
	expect_exit 0 "$SK" compare --all -v --method welch base.json new.json
	expect_no_match 'median' "$OUT"
}

# Real runs: every number a metrics entry and its pass's times hold is a
# row, or one of the few that are not figures.
t_compare_rows_real_runs() {
	for f in a b; do
		expect_exit 0 "$SK" --pipe 1 -t 0.3 --repeat 3 --latency --perf --metrics \
			--json $f.json --temp-path "$TMP"
	done
	expect_judged "$SK" compare --all -v a.json b.json
	printf '%s\n' "$OUT" >table
	python3 - a.json table <<'PY' || fail "rows missing: $(cat table)"
import json, re, sys
doc = json.load(open(sys.argv[1]))
rows = {l.split()[l.split().index(w)] for l in open(sys.argv[2]) if l.startswith(" ")
        for w in l.split() if re.match(r"^(pipe|times)\.", w)}
num = lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)
run = doc["runs"][0]
e = run["metrics"][0]
want = {"pipe.ops", "pipe.ops_per_sec"}
flat = set()
for x in e["extra-metrics"]:
    want.add("pipe." + x["description"].replace(" ", "_"))
    flat.add(re.sub(r"[^a-z0-9-]", "", x["description"].lower().replace(" ", "-")))
for obj, pre in (("cost-per-op", "cost."), ("perf", "perf-stat.")):
    want |= {"pipe." + pre + k for k, v in e[obj].items() if num(v)}
for s, lat in e["latency"].items():
    want |= {"pipe.latency.%s.%s" % (s, k) for k, v in lat.items() if num(v) and k != "instances"}
for obj in ("fairness", "steady-state"):
    want |= {"pipe.%s.%s" % (obj, k) for k, v in e[obj].items() if num(v)
             and k not in ("intervals", "window-intervals", "limit-pct", "window")}
want |= {"times." + k for k, v in run["times"].items() if num(v) and not k.startswith("load-average")}
not_figures = {"bogo-ops", "bogo-ops-per-second-real-time", "instances-forked", "status",
               "sample-interval"}
for k, v in e.items():
    if num(v) and k not in not_figures and k not in flat:
        want.add("pipe." + k)
missing = want - rows
assert not missing, sorted(missing)
assert "pipe.cost.cpu-usec" in rows and "pipe.latency.write.mean-usecs" in rows
PY
}

# Every figure -v prints is finite and means what it says: a row whose
# mean is near 0 beside its spread (1, -1 and 1e-15) has a smallest
# flaggable change of an astronomical percent of it, said as ">10000%",
# never printed as a number of twenty digits, and nothing is nan or inf.
t_compare_rows_verbose_finite() {
	crafted a.json 100 101 99 -- 1 -1 1e-15
	crafted b.json 100 101 99 -- -1 1 2e-15
	expect_exit 8 "$SK" compare --all -v a.json b.json
	expect_match 'pipe\.latency_usec  \(p=[0-9.e-]+, holm p=[0-9.e-]+, min change >10000%\)$' \
		"$(row pipe.latency_usec)"
	expect_no_match '[0-9]{9,}%|nan|inf' "$OUT"
	printf '%s\n' "$OUT" | grep -o 'min change [^)]*' | grep -Evx 'min change (>10000|[0-9]{1,5}\.[0-9])%|min change -' &&
		fail "a min change out of bounds: $OUT"
	return 0
}
