# test_compare_report.sh - compare's short report (the rows flagged, in
# the robot's order), --all, -v, --keys lkp, keys one side lacks, and the
# default method's large-change rule on noisy passes.

# A one-row change: only that row is printed, with no statistics unless -v.
t_compare_report_short() {
	crafted base.json 100 101 102 -- 10 10.1 10.2
	crafted new.json 100 101 102 -- 20 20.1 20.2
	expect_exit 2 "$SK" compare --fail-on-regression base.json new.json
	expect_match '^ +10\.10 +\+99\.0% +20\.10 +pipe\.latency_usec  regression$' "$OUT"
	n=$(printf '%s\n' "$OUT" | grep -c '  pipe\.')
	[ "$n" = 1 ] || fail "$n rows, not 1: $OUT"
	expect_no_match 'p=' "$OUT"
	expect_exit 2 "$SK" compare -v --fail-on-regression base.json new.json
	expect_match 'pipe\.latency_usec  regression  \(p=[0-9.e-]+, holm p=' "$OUT"
	# --all: every row, the unchanged ones unflagged
	expect_exit 8 "$SK" compare --all base.json new.json
	expect_match '^ +101 +\+0\.0% +101 +pipe\.ops_per_sec$' "$(row pipe.ops_per_sec)"
	n=$(printf '%s\n' "$OUT" | grep -c '  pipe\.')
	[ "$n" = 4 ] || fail "--all: $n rows, not 4: $OUT"
	# nothing changed: one line says so
	expect_exit 8 "$SK" compare base.json base.json
	expect_match '^no row flagged of 4 compared, but 1 of 1 KPI verdicts inconclusive: not a verdict of no change$' "$OUT"
}

# The robot's order: KPIs (ops_per_sec) before the other metrics.
t_compare_report_kpis_first() {
	crafted base.json 100 101 102 -- 10 10.1 10.2
	crafted new.json 200 201 202 -- 20 20.1 20.2
	expect_exit 0 "$SK" compare base.json new.json
	first=$(printf '%s\n' "$OUT" | grep -m1 -o '  pipe\.[^ ]*' | tr -d ' ')
	[ "$first" = pipe.ops_per_sec ] || fail "first row $first: $OUT"
}

# --keys lkp: the robot's names, as LKP's stress-ng stats name them.
t_compare_report_lkp_keys() {
	crafted base.json 100 101 102
	crafted new.json 200 201 202
	expect_exit 0 "$SK" compare --keys lkp base.json new.json
	expect_match '  stress-ng\.pipe\.ops_per_sec  improvement$' "$OUT"
	expect_match '  stress-ng\.pipe\.MB_per_sec_pipe_write_rate  improvement$' "$OUT"
	expect_exit 0 "$SK" compare --keys=native base.json new.json
	expect_match '  pipe\.ops_per_sec  improvement$' "$OUT"
	expect_exit 1 "$SK" compare --keys robot base.json new.json
	[ "$ERR" = "stresskit: error: compare: invalid --keys 'robot': expected lkp or native" ] ||
		fail "stderr: $ERR"
}

# A metric one side lacks (another sink's throughput, compared under
# --force) is listed with the file that holds it, never dropped.
t_compare_report_one_sided() {
	crafted base.json 100 101 102 -- 10 10.1 10.2
	crafted new.json 100 101 102
	expect_exit 8 "$SK" compare base.json new.json
	expect_match '^ {5,15}10\.10 +pipe\.latency_usec  only in base\.json$' "$OUT"
	expect_exit 8 "$SK" compare new.json base.json
	expect_match '^ {30,}10\.10 +pipe\.latency_usec  only in base\.json$' "$OUT"
	# lkp-tests counts the stat NEW lacks as zeros, and judges it
	expect_exit 8 "$SK" compare --method lkp base.json new.json
	expect_match '-100\.0% .*pipe\.latency_usec  improvement  only in base\.json$' "$OUT"
}

# The default on 3 noisy passes a side (a 4x spread, as on a loaded
# machine): a 10x change of the KPI is flagged by its ranges, which
# holm's t-test alone misses; the same spread A/A is not.
t_compare_report_large_change_noisy() {
	crafted base.json 100 300 400
	crafted new.json 1000 3000 4000
	crafted base2.json 120 350 380
	expect_exit 0 "$SK" compare -v base.json new.json
	expect_match 'pipe\.ops_per_sec  improvement  \(p=[0-9.e-]+, holm p=[0-9.e-]+, ranges apart, min change' \
		"$(row pipe.ops_per_sec)"
	expect_exit 8 "$SK" compare --method holm base.json new.json
	expect_match '^no row flagged of [0-9]+ compared, but [0-9]+ of [0-9]+ KPI verdicts inconclusive' "$OUT"
	expect_exit 8 "$SK" compare --fail-on-change base.json base2.json
}

# --distance is lkp's: refused with another method, and checked.
t_compare_report_distance() {
	crafted base.json 100 105 110
	crafted new.json 121 125 130
	expect_exit 0 "$SK" compare --method lkp --distance 2 base.json new.json
	expect_match 'in distance mode' "$OUT"
	expect_match 'pipe\.ops_per_sec  improvement' "$OUT"
	expect_exit 1 "$SK" compare --distance 2 base.json new.json
	[ "$ERR" = "stresskit: error: compare: --distance is lkp's (--method lkp)" ] || fail "$ERR"
	expect_exit 1 "$SK" compare --method lkp --distance 0 base.json new.json
	one_line "$ERR"
}

# A side of several files joined by commas: the runs of separate
# invocations as one side; a path that exists is one file, commas and
# all; a file of a side run with other options is refused as two sides
# are.
t_compare_report_joined_sides() {
	crafted a1.json 100
	crafted a2.json 102
	crafted a3.json 98
	crafted b1.json 150
	crafted b2.json 153
	crafted b3.json 149
	expect_exit 2 "$SK" compare --fail-on-change a1.json,a2.json,a3.json b1.json,b2.json,b3.json
	expect_match '^ +100 +\+50\.[0-9]% +151 +pipe\.ops_per_sec  improvement$' "$(row pipe.ops_per_sec)"
	expect_no_match '^note: .*judges a row' "$OUT"
	crafted 'odd,name.json' 100 101 99
	expect_exit 8 "$SK" compare 'odd,name.json' 'odd,name.json'
	expect_match '^no row flagged of [0-9]+ compared, but [0-9]+ of [0-9]+ KPI verdicts inconclusive' "$OUT"
	expect_exit 1 "$SK" compare a1.json,missing.json b1.json
	[ "$ERR" = "stresskit: error: compare: cannot read missing.json: No such file or directory" ] ||
		fail "stderr: $ERR"
	py '
import json
d = json.load(open("a2.json"))
d["configuration"] = {"timeout": 20.0}
json.dump(d, open("a2t.json", "w"))
d = json.load(open("a1.json"))
d["configuration"] = {"timeout": 10.0}
json.dump(d, open("a1t.json", "w"))
'
	expect_exit 1 "$SK" compare a1t.json,a2t.json b1.json
	expect_match 'a2t\.json was run with other options than a1t\.json: timeout 10\.0 vs 20\.0' "$ERR"
	one_line "$ERR"
}

# with_others FILE PCT...: each run of FILE with others.cpu-percent PCT
# (the share of the CPUs other programs took, others_mode.c).
with_others() {
	python3 - "$@" <<'PY'
import json, sys
name, pcts = sys.argv[1], sys.argv[2:]
doc = json.load(open(name))
for run, pct in zip(doc["runs"], pcts):
    run["others"] = {"cpu-percent": float(pct), "steal-percent": 0.0}
json.dump(doc, open(name, "w"))
PY
}

# holm+range's drift: two invocations steady within their passes but 4%
# apart are apart by a drift of 2%; --drift 0 is the passes alone, and a
# side of several files has the drift divided among them. The default is
# 0.5%, which holds 4% for a change.
t_compare_drift() {
	crafted base.json 100 100.2 99.8
	crafted new.json 104 104.2 103.8
	expect_exit 2 "$SK" compare --fail-on-change base.json new.json
	expect_match '^method: holm\+range, .*0\.5% of drift between invocations' "$OUT"
	expect_exit 8 "$SK" compare --fail-on-change --drift 2 base.json new.json
	expect_match '^method: holm\+range, .*2% of drift between invocations' "$OUT"
	expect_match '^no row flagged of [0-9]+ compared, but [0-9]+ of [0-9]+ KPI verdicts inconclusive' "$OUT"
	expect_exit 2 "$SK" compare --fail-on-change --drift 0 base.json new.json
	expect_match '\+4\.0% .*pipe\.ops_per_sec  improvement$' "$(row pipe.ops_per_sec)"
	for i in 1 2 3 4 5 6 7 8; do
		cp base.json b$i.json
		cp new.json n$i.json
	done
	expect_exit 2 "$SK" compare --fail-on-change --drift 2 b1.json,b2.json,b3.json,b4.json,b5.json,b6.json,b7.json,b8.json \
		n1.json,n2.json,n3.json,n4.json,n5.json,n6.json,n7.json,n8.json
	expect_exit 1 "$SK" compare --drift 3 --method holm base.json new.json
	[ "$ERR" = "stresskit: error: compare: --drift is holm+range's (the default method)" ] ||
		fail "stderr: $ERR"
	for bad in -1 101 x 3x; do
		expect_exit 1 "$SK" compare --drift "$bad" base.json new.json
		expect_match "^stresskit: error: compare: invalid --drift '$bad'" "$ERR"
	done
	expect_exit 8 "$SK" compare --drift=2.5% base.json new.json
	expect_match '2\.5% of drift' "$OUT"
}

# Other programs took half the CPUs during NEW's runs and none during
# BASE's: NEW's 20% lower rates move with that, said in a note, not
# flagged; the same runs with the machine alike are flagged. The others'
# figures are listed under --all and never judged.
t_compare_others() {
	crafted base.json 100 100.5 99.5
	crafted new.json 80 80.4 79.6
	cp new.json alike.json
	with_others base.json 1 2 1
	with_others new.json 50 52 49
	with_others alike.json 2 1 1
	expect_exit 8 "$SK" compare --fail-on-regression base.json new.json
	expect_match "^note: other programs took 50% of the CPUs during new\.json's runs and 1% during base\.json's: its figures move with that \(holm\+range allows it as drift\)$" "$OUT"
	expect_match '^no row flagged of [0-9]+ compared, but [0-9]+ of [0-9]+ KPI verdicts inconclusive' "$OUT"
	expect_exit 2 "$SK" compare --fail-on-regression base.json alike.json
	expect_no_match '^note: other programs' "$OUT"
	expect_match '-20\.0% .*pipe\.ops_per_sec  regression$' "$(row pipe.ops_per_sec)"
	expect_exit 2 "$SK" compare --all --fail-on-regression base.json alike.json
	expect_match '^ +1\.33 .*others\.cpu-percent$' "$(row others.cpu-percent)"
	# the other methods say it too, and judge as they do
	expect_exit 2 "$SK" compare --method holm --fail-on-regression base.json new.json
	expect_match "^note: other programs took 50% .*move with that$" "$OUT"
}

# --noise PROFILE: a row's measured spread of invocations replaces the
# drift (none measured: 4% is a change a 3% drift would have held);
# the noise: line says which; a profile of other run options, or a file
# that is not one, is refused in one line.
t_compare_noise_profile() {
	crafted base.json 100 100.2 99.8
	crafted new.json 104 104.2 103.8
	cat >p.json <<'JSON'
{ "stresskit-noise-profile": 1, "invocations": 6, "passes": 3,
  "rows": { "pipe.ops_per_sec": { "mean": 100, "within-cv-pct": 0.2,
                                  "between-cv-pct": 0, "f": 1, "f-p": 0.5 },
            "pipe.ops": { "between-cv-pct": null } } }
JSON
	expect_exit 8 "$SK" compare --drift 3 base.json new.json
	expect_match '^noise: 3% drift of an invocation.s mean' "$OUT"
	expect_exit 0 "$SK" compare --drift 3 --noise p.json base.json new.json
	expect_match '^noise: measured by stresskit calibrate \(--noise p\.json\); 3% drift of an invocation.s mean \(--drift; rows the profile lacks\)' "$OUT"
	expect_match '^verdict: pipe\.ops_per_sec changed \+4\.0% \[\+[0-9.]+%, \+[0-9.]+%\] improvement$' "$OUT"
	# null (undefined) is not 0: that row keeps the drift
	expect_match '  pipe\.ops_per_sec  improvement$' "$(row pipe.ops_per_sec)"
	printf '%s\n' "$OUT" | grep -q '  pipe\.ops  ' && fail "pipe.ops judged without drift: $OUT"
	echo '{"runs": []}' >notp.json
	expect_exit 1 "$SK" compare --noise notp.json base.json new.json
	one_line "$ERR"
	expect_match '^stresskit: error: compare: --noise notp\.json: not a noise profile' "$ERR"
	expect_exit 1 "$SK" compare --noise nosuch.json base.json new.json
	one_line "$ERR"
	python3 - <<'PY'
import json
d = json.load(open("base.json")); d["configuration"] = {"timeout": 1.0}
json.dump(d, open("base.json", "w"))
p = json.load(open("p.json")); p["configuration"] = {"timeout": 2.0}
json.dump(p, open("p2.json", "w"))
PY
	expect_exit 1 "$SK" compare --noise p2.json base.json new.json
	one_line "$ERR"
	expect_match 'timeout 1\.0 vs 2\.0' "$ERR"
}

# A profile's spread is an estimate from its invocations: one measured on
# 2 invocations (1 degree of freedom) cannot decide a 4% change that the
# same spread measured on 100 does.
t_compare_noise_profile_df() {
	crafted base.json 100 100.2 99.8
	crafted new.json 104 104.2 103.8
	for k in 100 2; do
		cat >p$k.json <<JSON
{ "stresskit-noise-profile": 1, "invocations": $k, "passes": 3,
  "rows": { "pipe.ops_per_sec": { "mean": 100, "within-cv-pct": 0.2,
            "between-cv-pct": 1.2, "f": 30, "f-p": 0.01, "invocations": $k, "passes": 3 } } }
JSON
	done
	expect_exit 0 "$SK" compare --noise p100.json base.json new.json
	expect_match '^verdict: pipe\.ops_per_sec changed \+4\.0% ' "$OUT"
	expect_exit 8 "$SK" compare --noise p2.json base.json new.json
	expect_match '^verdict: pipe\.ops_per_sec inconclusive \+4\.0% ' "$OUT"
}

# A side of 3 or more files is judged with its own spread of invocations:
# three invocations 4% apart hold a 4% change; three that agree flag it.
t_compare_noise_own_documents() {
	crafted a1.json 100 100.2 99.8
	crafted a2.json 104 104.2 103.8
	crafted a3.json 96 96.2 95.8
	crafted b1.json 104 104.2 103.8
	crafted b2.json 108 108.2 107.8
	crafted b3.json 100 100.2 99.8
	expect_exit 8 "$SK" compare a1.json,a2.json,a3.json b1.json,b2.json,b3.json
	expect_match '^noise: the spread of a side.s own invocations \(3 or more joined\)' "$OUT"
	crafted b2.json 104 104.2 103.8
	crafted b3.json 104 104.2 103.8
	crafted a2.json 100 100.2 99.8
	crafted a3.json 100 100.2 99.8
	expect_exit 0 "$SK" compare a1.json,a2.json,a3.json b1.json,b2.json,b3.json
	expect_match '^verdict: pipe\.ops_per_sec changed \+4\.0% ' "$OUT"
}
