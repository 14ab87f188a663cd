# test_compare.sh - compare's methods (holm, lkp, ci, welch, bootstrap) and
# --alpha on crafted results files whose verdicts are known, the smallest
# detectable change on every row, --fail-on-change, and the refusal of
# documents run with other options.

METHODS="holm lkp ci welch bootstrap"

t_long_compare_methods_flag() {
	crafted base.json 100 101 99 100.5 99.5
	crafted up.json 110 111 109 110.5 109.5
	crafted down.json 90 91 89 90.5 89.5
	for m in $METHODS; do
		expect_exit 0 "$SK" compare --all -v --method $m base.json up.json
		expect_match "^method: $m, " "$OUT"
		expect_match '^ +100 +\+10\.0% +110 +pipe\.ops_per_sec  improvement  \(.*min change [0-9.]+%\)$' \
			"$(row pipe.ops_per_sec)"
		expect_exit 2 "$SK" compare --all -v --method=$m --fail-on-regression base.json down.json
		expect_match 'pipe\.ops_per_sec  regression  \(' "$(row pipe.ops_per_sec)"
		# an improvement is a change: --fail-on-change says so, --fail-on-regression not
		expect_exit 2 "$SK" compare --all -v --method $m --fail-on-change base.json up.json
		expect_exit 0 "$SK" compare --all -v --method $m --fail-on-regression base.json up.json
	done
	expect_exit 0 "$SK" compare --all -v --method welch base.json up.json
	expect_match '\(p=[0-9.e-]+, min change [0-9.]+%\)$' "$(row pipe.ops_per_sec)"
	expect_exit 0 "$SK" compare --all -v --method bootstrap base.json up.json
	expect_match '\(\[\+[0-9.]+%, \+[0-9.]+%\], min change' "$(row pipe.ops_per_sec)"
	expect_exit 0 "$SK" compare --all -v --method ci base.json up.json
	expect_match '\(±[0-9.]+% vs ±[0-9.]+%, min change' "$(row pipe.ops_per_sec)"
}

# Two samples of one distribution, 2.6% apart in the mean: no method
# flags them, and neither a file against itself.
t_long_compare_methods_a_a() {
	crafted a.json 100 110 90 105 95
	crafted b.json 103 93 112 98 107
	for m in $METHODS; do
		expect_exit 8 "$SK" compare --all -v --method $m --fail-on-change a.json b.json
		expect_no_match '^ .*  (improvement|regression|changed)( |$)' "$OUT"
		expect_match 'pipe\.ops_per_sec  \(.*min change [0-9.]+%\)$' "$(row pipe.ops_per_sec)"
		expect_exit 8 "$SK" compare --all -v --method $m --fail-on-change a.json a.json
		expect_no_match '^ .*  (improvement|regression|changed)( |$)' "$OUT"
	done
	# the smallest detectable change exceeds the one seen: it was too small to tell
	expect_exit 8 "$SK" compare --all -v --method welch a.json b.json
	min=$(row pipe.ops_per_sec | sed -n 's/.*min change \([0-9.]*\)%.*/\1/p')
	awk -v m="$min" 'BEGIN { exit !(m > 2.6) }' || fail "min change $min% not above the 2.6% seen"
}

t_compare_methods_too_few() {
	crafted base.json 100 101
	crafted new.json 200 201 202
	crafted new2.json 200 201
	for m in holm+range $METHODS; do
		[ $m = lkp ] && new=new2.json || new=new.json
		expect_exit 8 "$SK" compare --all -v --method $m --fail-on-change base.json $new
		expect_match '^ +100 +\+(99|100)\.[0-9]% +20[01] +pipe\.ops_per_sec$' "$(row pipe.ops_per_sec)"
		# one line: the method, what it needs, what these files have
		[ $m = lkp ] && need='on either side' || need='a side'
		expect_match "^note: $(printf %s "$m" | sed "s/+/\\\\+/") judges a row with 3 runs $need, and these files have 2 and [23]: rows against a file with fewer are not judged; use --repeat 3" "$OUT"
	done
	# lkp-tests judges a stat when one side has 3 runs
	expect_exit 2 "$SK" compare --method lkp --fail-on-change base.json new.json
	expect_no_match '^note:' "$OUT"
}

# A stricter --alpha turns a borderline change into none.
t_compare_alpha() {
	# t = 3.06 on 4 df: p = 0.038
	crafted base.json 100 101 99
	crafted new.json 102.5 103.5 101.5
	expect_exit 0 "$SK" compare --all -v --method welch base.json new.json
	expect_match 'pipe\.ops_per_sec  improvement' "$(row pipe.ops_per_sec)"
	expect_exit 8 "$SK" compare --all -v --method welch --alpha 0.001 base.json new.json
	expect_match '^method: welch, Welch.s t-test: p < 0.001' "$OUT"
	expect_no_match 'improvement' "$(row pipe.ops_per_sec)"
}

t_compare_bootstrap_reproducible() {
	crafted base.json 100 104 97 101 99
	crafted new.json 103 99 108 104 102
	expect_exit 8 "$SK" compare --all -v --method bootstrap base.json new.json
	first=$OUT
	expect_exit 8 "$SK" compare --all -v --method bootstrap base.json new.json
	[ "$first" = "$OUT" ] || fail "two bootstraps of the same files differ"
}

# Welch's p-value and the bootstrap interval against scipy's.
t_long_compare_scipy() {
	p=$(scipy_python)
	if [ -z "$p" ]; then
		echo "skip: python3-scipy is not installed"
		return 0
	fi
	crafted base.json 100 104 97 101 99
	crafted new.json 103 99 108 104 102
	expect_exit 8 "$SK" compare --all -v --method welch base.json new.json
	pv=$(row pipe.ops_per_sec | sed -n 's/.*(p=\([0-9.e-]*\),.*/\1/p')
	"$p" -c '
import sys
from scipy import stats
r = stats.ttest_ind([103, 99, 108, 104, 102], [100, 104, 97, 101, 99], equal_var=False)
got = float(sys.argv[1])
assert abs(got - r.pvalue) <= 1e-3 * r.pvalue, (got, r.pvalue)
' "$pv" || fail "welch p $pv differs from scipy's"
	expect_exit 8 "$SK" compare --all -v --method bootstrap base.json new.json
	iv=$(row pipe.ops_per_sec | sed -n 's/.*(\[\([-+0-9.]*\)%, \([-+0-9.]*\)%\].*/\1 \2/p')
	# another generator, so within a quarter of a point of the change; the
	# level is the expanded percentile interval's (Hesterberg), from the
	# t quantile of Welch's df
	"$p" -c '
import sys
import numpy as np
from scipy import stats
a, b = np.array([100, 104, 97, 101, 99.]), np.array([103, 99, 108, 104, 102.])
na, nb, va, vb = len(a), len(b), a.var(ddof=1), b.var(ddof=1)
q = va / na + vb / nb
df = q * q / ((va / na) ** 2 / (na - 1) + (vb / nb) ** 2 / (nb - 1))
boot = va * (na - 1) / na ** 2 + vb * (nb - 1) / nb ** 2
level = 1 - 2 * stats.norm.sf(stats.t.ppf(0.975, df) * np.sqrt(q / boot))
r = stats.bootstrap((b, a), lambda x, y: (x.mean() - y.mean()) / a.mean() * 100,
                    method="percentile", n_resamples=10000, random_state=1, vectorized=False,
                    confidence_level=level)
lo, hi = map(float, sys.argv[1:3])
ci = r.confidence_interval
assert abs(lo - ci.low) < 0.25 and abs(hi - ci.high) < 0.25, (lo, hi, ci)
' $iv || fail "bootstrap interval $iv differs from scipy's"
}

t_compare_bad_method() {
	crafted base.json 100 101 99
	for args in "--method nosuch" "--method" "--alpha 0" "--alpha 0.9" "--alpha abc" \
		"--alpha 5%" "--method=" ; do
		# shellcheck disable=SC2086
		expect_exit 1 "$SK" compare --all -v $args base.json base.json
		one_line "$ERR"
		expect_match '^stresskit: error: compare: ' "$ERR"
		[ -z "$OUT" ] || fail "output for $args: $OUT"
	done
}

# A file that cannot be read is named with its errno, one that is not JSON
# as not JSON: neither as a JSON syntax error at "line -1".
t_compare_unreadable_files() {
	crafted base.json 100 101 99
	: >empty.json
	mkdir dir.json
	for f in missing.json dir.json empty.json; do
		expect_exit 1 "$SK" compare --all -v base.json $f
		one_line "$ERR"
		[ -z "$OUT" ] || fail "output for $f: $OUT"
		expect_no_match 'line -1' "$ERR"
	done
	expect_exit 1 "$SK" compare --all -v base.json missing.json
	[ "$ERR" = "stresskit: error: compare: cannot read missing.json: No such file or directory" ] ||
		fail "unexpected: $ERR"
	expect_exit 1 "$SK" compare --all -v base.json dir.json
	[ "$ERR" = "stresskit: error: compare: cannot read dir.json: Is a directory" ] ||
		fail "unexpected: $ERR"
	expect_exit 1 "$SK" compare --all -v base.json empty.json
	expect_match '^stresskit: error: compare: empty\.json: not a JSON document: ' "$ERR"
}

# with_config FILE PY: sets FILE's configuration by a python statement on c
with_config() {
	python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
c = {"timeout": 10.0, "warmup": 0.0, "mode": "together", "instance-mode": "process",
     "verify": False, "sandbox": False, "taskset": None,
     "stressors": [{"stressor": "pipe", "instances": 2, "ops": 0,
                    "options": {"pipe-data-size": "4K"}}]}
d["system-info"] = {"stresskit-version": "1.0"}
exec(sys.argv[2])
d["configuration"] = c
json.dump(d, open(sys.argv[1], "w"))
PY
}

t_compare_options_differ() {
	crafted base.json 100 101 99
	crafted new.json 200 201 199
	with_config base.json 'pass'
	with_config new.json 'c["stressors"][0]["options"]["pipe-data-size"] = "64K"; c["timeout"] = 20.0'
	expect_exit 1 "$SK" compare --all -v base.json new.json
	one_line "$ERR"
	expect_match "^stresskit: error: compare: new.json was run with other options than base.json: timeout 10.0 vs 20.0, pipe-data-size \"4K\" vs \"64K\" \(--force compares them anyway\)$" "$ERR"
	[ -z "$OUT" ] || fail "a table despite other options: $OUT"
	expect_exit 0 "$SK" compare --all -v --force base.json new.json
	expect_match 'pipe\.ops_per_sec  improvement' "$(row pipe.ops_per_sec)"
	with_config new.json 'c["stressors"][0]["instances"] = 4'
	expect_exit 1 "$SK" compare --all -v base.json new.json
	expect_match 'pipe instances 2 vs 4' "$ERR"
	with_config new.json 'd["system-info"]["stresskit-version"] = "1.1"'
	expect_exit 1 "$SK" compare --all -v base.json new.json
	expect_match 'stresskit-version "1.0" vs "1.1"' "$ERR"
	with_config new.json 'c["stressors"][0]["stressor"] = "splice"'
	expect_exit 1 "$SK" compare --all -v base.json new.json
	expect_match 'pipe instances 2 vs 0, splice instances 0 vs 2' "$ERR"
	# the same options, and output options that differ, compare
	with_config new.json 'c["metrics"] = True'
	expect_exit 0 "$SK" compare --all -v base.json new.json
}

# Real runs: another --pipe-data-size is refused by name.
t_compare_options_real_runs() {
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 200 --json a.json --temp-path "$TMP"
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 200 --pipe-data-size 64 --json b.json --temp-path "$TMP"
	expect_judged "$SK" compare --all -v a.json a.json
	expect_exit 1 "$SK" compare --all -v a.json b.json
	one_line "$ERR"
	expect_match 'pipe-data-size "4K" vs "64"' "$ERR"
}

# Each kind of option difference on crafted documents: one that changes the
# workload or what is measured refuses, one that changes only the reporting
# is a note under the table, and the steady-state and latency options are
# weighed by what the runs did.
t_long_compare_options_weighed() {
	crafted base.json 100 101 99
	crafted new.json 200 201 199
	base='c.update({"sample-interval": 1.0, "status-interval": None, "confidence": 95.0,
	                "repeat": 3, "repeat-until": None, "status": None, "perf": False,
	                "steady-state": None, "steady-state-window": 10.0,
	                "latency": False, "latency-sample": None,
	                "temp-path": "/tmp", "temp-path-filesystem": "tmpfs",
	                "scale": False, "scale-format": "stresskit", "scale-steps": None,
	                "json": "base.json", "metrics": False})
c["stressors"][0]["version"] = "1"'
	with_config base.json "$base"
	# reporting only: compared, one note each, in the option's words
	with_config new.json "$base"'
c.update({"sample-interval": 0.1, "status-interval": 1.0, "confidence": 99.0,
          "repeat": 5, "perf": True, "temp-path": "/var/tmp", "json": "new.json",
          "metrics": True})'
	expect_exit 0 "$SK" compare --all -v base.json new.json
	[ -z "$ERR" ] || fail "stderr: $ERR"
	expect_match 'pipe\.ops_per_sec  improvement' "$(row pipe.ops_per_sec)"
	for n in 'sample-interval differs: 1.0 vs 0.1' 'status-interval differs: null vs 1.0' \
		'confidence differs: 95.0 vs 99.0' 'repeat differs: 3 vs 5' \
		'perf differs: false vs true' 'temp-path differs: "/tmp" vs "/var/tmp"'; do
		expect_match "^note: new\\.json: option $n \\(reporting only, compared\\)\$" "$OUT"
	done
	expect_no_match 'option (json|metrics) ' "$OUT"
	# the workload or what is measured: refused, each named with both values
	with_config new.json "$base"'
c.update({"latency": True, "latency-sample": 16, "steady-state": "ops_slope:1%",
          "temp-path-filesystem": "ext2/ext3/ext4"})'
	expect_exit 1 "$SK" compare --all -v base.json new.json
	one_line "$ERR"
	expect_match '^stresskit: error: compare: new\.json was run with other options than base\.json: temp-path-filesystem "tmpfs" vs "ext2/ext3/ext4", latency false vs true, steady-state null vs "ops_slope:1%" \(--force compares them anyway\)$' "$ERR"
	[ -z "$OUT" ] || fail "a table despite other options: $OUT"
	expect_exit 0 "$SK" compare --all -v --force base.json new.json
	expect_match '^note: new\.json: option latency differs: false vs true \(compared under --force\)$' "$OUT"
	# under --steady-state the intervals and the window decide when it stops
	with_config new.json "$base"'
c.update({"steady-state": "ops_slope:1%", "sample-interval": 0.5})'
	expect_exit 1 "$SK" compare --all -v base.json new.json
	expect_match 'sample-interval 1.0 vs 0.5, steady-state null vs "ops_slope:1%" ' "$ERR"
	with_config base.json "$base"'
c["steady-state"] = "ops_slope:1%"'
	with_config new.json "$base"'
c.update({"steady-state": "ops_slope:1%", "steady-state-window": 20.0})'
	expect_exit 1 "$SK" compare --all -v base.json new.json
	expect_match 'other options than base\.json: steady-state-window 10\.0 vs 20\.0 \(' "$ERR"
	# both time ops: how many they time matters; one times none: latency says it
	with_config base.json "$base"'
c.update({"latency": True, "latency-sample": 16})'
	with_config new.json "$base"'
c.update({"latency": True, "latency-sample": 1})'
	expect_exit 1 "$SK" compare --all -v base.json new.json
	expect_match 'other options than base\.json: latency-sample 16 vs 1 \(' "$ERR"
	# another bogo-op version refuses; the stresskit version, with every
	# stressor's version recorded, is a note
	with_config base.json "$base"
	with_config new.json "$base"'
c["stressors"][0]["version"] = "2"'
	expect_exit 1 "$SK" compare --all -v base.json new.json
	expect_match 'other options than base\.json: pipe version "1" vs "2" \(' "$ERR"
	with_config new.json "$base"'
d["system-info"]["stresskit-version"] = "1.1"'
	expect_exit 0 "$SK" compare --all -v base.json new.json
	expect_match '^note: new\.json: option stresskit-version differs: "1\.0" vs "1\.1" \(reporting only, compared\)$' "$OUT"
}

# Real runs: a reporting option compares with a note, --latency refuses.
t_compare_options_weighed_real_runs() {
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 200 --json a.json --temp-path "$TMP"
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 200 --status-interval 0.5 --sample-interval 0.1 \
		--confidence 90 --json b.json --temp-path "$TMP"
	expect_judged "$SK" compare --all -v a.json b.json
	expect_match '^note: b\.json: option status-interval differs: null vs 0\.5 ' "$OUT"
	expect_match '^note: b\.json: option sample-interval differs: 1\.0 vs 0\.1 ' "$OUT"
	expect_match '^note: b\.json: option confidence differs: 95\.0 vs 90\.0 ' "$OUT"
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 200 --latency --json c.json --temp-path "$TMP"
	expect_exit 1 "$SK" compare --all -v a.json c.json
	one_line "$ERR"
	expect_match 'latency false vs true \(--force' "$ERR"
}

# piped NAME BYTES OPS_PER_SEC...: a pipe results file of one run per
# value, its MB/s that of BYTES-byte writes, as --pipe-data-size makes it
piped() {
	python3 - "$@" <<'PY'
import json, sys
name, size, vals = sys.argv[1], int(sys.argv[2]), [float(v) for v in sys.argv[3:]]
runs = [{"run": k + 1, "metrics": [{"stressor": "pipe", "bogo-ops": int(v),
         "bogo-ops-per-second-real-time": v, "extra-metrics": [
             {"description": "MB per sec pipe write rate", "value": v * size / 1e6,
              "higher-is-better": True}]}]} for k, v in enumerate(vals)]
json.dump({"runs": runs}, open(name, "w"))
PY
}

# holm+range on 3 runs a side, allowed 2% of drift (a machine whose
# invocations drift so): A/A noise is not flagged, though each
# side's median lies outside the other's range (lkp flags it, 1 time in 5
# by chance, and says so) and Welch's p alone is 0.03; 512- against
# 4096-byte writes are (+16% ops/s, -85% MB/s), the ops/s row too at 5.
t_compare_default_aa_and_true_change() {
	piped a.json 4096 40000 41000 42000
	piped b.json 4096 43000 44000 45500
	expect_exit 8 "$SK" compare --all -v --drift 2 --fail-on-change a.json b.json
	expect_match '^method: holm\+range, ' "$OUT"
	expect_no_match '^ .*  (improvement|regression|changed)( |$)|^note:' "$OUT"
	expect_exit 2 "$SK" compare --all -v --method welch --fail-on-change a.json b.json
	expect_exit 2 "$SK" compare --all -v --method lkp --fail-on-change a.json b.json
	expect_match '^note: 3 and 3 runs are too few for lkp.s promise: an A/A comparison flags each row (19|20|21)\.[0-9]% of the time \(±[0-9.]+%, simulated on normal runs; [0-9.]+ of its 3 rows\), above alpha 0.05' \
		"$(printf '%s\n' "$OUT" | sed -n 3p)"
	# more runs: lkp's rate falls under alpha, and the note goes
	piped a10.json 4096 40000 41000 42000 40500 41500 39000 43000 41200 40800 42200
	piped b10.json 4096 43000 44000 45500 43500 44500 42000 46000 44200 43800 45200
	expect_exit 0 "$SK" compare --all -v --method lkp a10.json b10.json
	expect_no_match '^note:' "$OUT"

	piped w4096.json 4096 41000 43000 45000
	piped w512.json 512 47500 50000 52000
	expect_exit 2 "$SK" compare --all -v --fail-on-change w4096.json w512.json
	expect_match '-8[0-9]\.[0-9]% .*pipe\.MB_per_sec_pipe_write_rate  regression  \(p=[0-9.e-]+, holm p=[0-9.e-]+, min change' \
		"$(row pipe.MB_per_sec_pipe_write_rate)"
	piped w4096.json 4096 41000 43000 45000 42000 44000
	piped w512.json 512 47500 50000 52000 48500 51000
	expect_exit 2 "$SK" compare --all -v --fail-on-change w4096.json w512.json
	expect_match '\+1[56]\.[0-9]% .*pipe\.ops_per_sec  improvement' "$(row pipe.ops_per_sec)"
	expect_match 'pipe\.MB_per_sec_pipe_write_rate  regression' "$(row pipe.MB_per_sec_pipe_write_rate)"
}

# compare's synopsis is written from its option rows: every option is
# in it, with its alias and the word for its value, in 79 columns.
t_compare_help_synopsis() {
	expect_exit 0 "$SK" compare --help
	syn=$(printf '%s\n' "$OUT" | sed '/^$/q')
	expect_match '^usage: stresskit compare \[--method METHOD\] \[--alpha A\]' "$syn"
	for w in '\[--all\|-a\]' '\[--verbose\|-v\]' '\[--noise PROFILE\]' '\[--keys lkp\|native\]' \
		'\[--bisect\]' '\[--perf-profile-top N\]' 'BASE\.json NEW\.json \[NEW2\.json \.\.\.\]'; do
		expect_match "$w" "$syn"
	done
	printf '%s\n' "$syn" | awk 'length > 79 { bad = 1 } END { exit bad }' ||
		fail "a synopsis line over 79 columns: $syn"
}
