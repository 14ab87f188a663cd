# test_lkp.sh - contrib/lkp: LKP's program for stresskit. run is run with
# the environment LKP sets (test or class, nr_threads, testtime, TMP) and
# its output fed to parse, as LKP does; the job files name the testcase
# and parameters LKP expects.

LKP_PROG=$SK_SRC/contrib/lkp/programs/stresskit

# lkp_run_parse FILE VAR=VALUE...: run with LKP's environment (and the
# variables given), its output parsed into FILE, one "key: value" a line.
lkp_run_parse() {
	lrp_out=$1
	shift
	mkdir -p lkp-tmp
	env nr_threads=2 TMP="$TMP/lkp-tmp" STRESSKIT="$SK" "$@" \
		sh "$LKP_PROG/run" >run.out 2>&1 || fail "run $*: $(cat run.out)"
	sh "$LKP_PROG/parse" <run.out >"$lrp_out" || fail "parse failed"
	[ -s "$lrp_out" ] || fail "parse gave nothing for: $(cat run.out)"
}

# keys_in_meta FILE: every key of the parsed FILE is one meta.yaml's
# results list, <test> and the profile's <...> parts standing for a name.
keys_in_meta() {
	python3 - "$LKP_PROG/meta.yaml" "$1" <<'PY'
import re, sys, yaml
results = yaml.safe_load(open(sys.argv[1]))["results"]
pats = []
for k in results:
    assert k.startswith("stresskit."), k
    parts = re.split(r"(<[a-z]+>)", k)
    rx = "".join("[^.]+" if p == "<test>" else ".+" if p.startswith("<") else re.escape(p) for p in parts)
    pats.append(re.compile(rx + "$"))
for line in open(sys.argv[2]):
    key = "stresskit." + line.split(": ")[0]
    assert any(p.match(key) for p in pats), "not in meta.yaml: " + key
PY
}

t_lkp_run_parse() {
	mkdir lkp-tmp
	env test=pipe nr_threads=2 testtime=0.5 TMP="$TMP/lkp-tmp" STRESSKIT="$SK" \
		sh "$LKP_PROG/run" >out 2>&1 || fail "run failed: $(cat out)"
	expect_exit 0 sh "$LKP_PROG/parse" <out
	expect_match '^pipe\.pass: 1$' "$OUT"
	expect_match '^pipe\.ops: [1-9][0-9]*$' "$OUT"
	expect_match '^pipe\.ops_per_sec: [0-9]+\.[0-9]+$' "$OUT"
	expect_match '^pipe\.MB_per_sec_pipe_write_rate: [0-9.]+$' "$OUT"
	expect_match '^pipe\.CPU_usecs_\(usr\+sys\)_per_bogo_op: [0-9.]+$' "$OUT"
	expect_match '^pipe\.bogo_ops/s_per_instance_min: [0-9.]+$' "$OUT"
	# every line is LKP's "key: number", each key once
	expect_no_match '^[^ ]+: ([^0-9].*)?$' "$OUT"
	[ -z "$(printf '%s\n' "$OUT" | cut -d: -f1 | sort | uniq -d)" ] || fail "a key twice: $OUT"
	no_leftovers "$TMP/lkp-tmp"
}

# A stressor that counted nothing is a fail, as stress-ng's parse says it.
t_lkp_parse_fail() {
	printf '%s\n' \
		'stresskit: metrc: [1] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s CPU used per       RSS Max' \
		'stresskit: metrc: [1]                           (secs)    (secs)    (secs)   (real time) (usr+sys time) instance (%)          (KB)' \
		'stresskit: metrc: [1] splice                0      1.00      0.00      0.00         0.00           0.00         0.00           100' >in
	expect_exit 0 sh "$LKP_PROG/parse" <in
	[ "$OUT" = "splice.fail: 1" ] || fail "parse of a failed row: $OUT"
}

t_lkp_run_needs_test() {
	expect_exit 1 env -u test -u class STRESSKIT="$SK" sh "$LKP_PROG/run"
	expect_match 'neither test nor class' "$ERR"
}

t_lkp_jobs() {
	for j in "$SK_SRC"/contrib/lkp/jobs/stresskit*.yaml; do
		python3 - "$j" "$SK" <<'PY'
import subprocess, sys, yaml
for job in yaml.safe_load_all(open(sys.argv[1])):
    assert job["testcase"] == "stresskit" and "testtime" in job and "nr_threads" in job, job
    params = job["stresskit"]
    assert set(params) <= {"test", "class"}, params
    out = subprocess.run([sys.argv[2], "--stressors"], capture_output=True, text=True).stdout
    names = [l.split()[0] for l in out.splitlines() if l.strip()]
    for t in params.get("test", []):
        assert t in names, t
PY
	done
	python3 -c 'import sys, yaml; m = yaml.safe_load(open(sys.argv[1])); assert set(m["parameters"]) == {"test", "nr_threads", "testtime", "class", "perf_profile", "monitor"}, m' \
		"$LKP_PROG/meta.yaml"
}

# LKP compares a commit's stats with its parent's key by key: the same job
# gives the same keys at any testtime and on every run, and the figures
# that used to sit in the keys (interval counts, the steady verdict) are
# values. The keys are the ones meta.yaml lists.
t_long_lkp_keys_stable() {
	lkp_run_parse k2a test=pipe testtime=2
	lkp_run_parse k4 test=pipe testtime=4
	lkp_run_parse k2b test=pipe testtime=2
	for f in k2a k4 k2b; do
		cut -d: -f1 $f | sort >$f.keys
		[ -z "$(uniq -d $f.keys)" ] || fail "a key twice in $f: $(cat $f)"
	done
	cmp -s k2a.keys k4.keys || fail "keys at 2s and 4s differ: $(diff k2a.keys k4.keys)"
	cmp -s k2a.keys k2b.keys || fail "keys of two 2s runs differ: $(diff k2a.keys k2b.keys)"
	echo "identical key sets: $(wc -l <k2a.keys) keys"
	# the interval count is a value now, and follows the testtime
	i2=$(sed -n 's/^pipe\.intervals: //p' k2a)
	i4=$(sed -n 's/^pipe\.intervals: //p' k4)
	[ -n "$i2" ] && [ "$i4" -gt "$i2" ] || fail "intervals $i2 at 2s, $i4 at 4s"
	for f in k2a k4; do
		expect_match '^pipe\.steady: [01]$' "$(cat $f)"
		# a 2 s or 4 s run is shorter than the 10 s window
		expect_match '^pipe\.window_full: 0$' "$(cat $f)"
		expect_match '^pipe\.ops_slope_percent: -?[0-9.]+$' "$(cat $f)"
		expect_match '^pipe\.ops_cv_percent: [0-9.]+$' "$(cat $f)"
		expect_match '^pipe\.instance_ops_cv_percent: [0-9.]+$' "$(cat $f)"
		# no figure of the run in a key
		expect_no_match '^[^:]*(across|intervals_|window:|steady_)' "$(cat $f)"
		keys_in_meta $f
	done
	no_leftovers "$TMP/lkp-tmp"
}

# perf_profile: 1 passes --perf-profile; the profile's keys are kept, under
# LKP's perf-profile names; any other value is refused in one line.
t_long_lkp_perf_profile() {
	expect_exit 1 env test=pipe perf_profile=maybe STRESSKIT="$SK" sh "$LKP_PROG/run"
	one_line "$ERR"
	expect_match "perf_profile 'maybe' is not 0 or 1" "$ERR"
	profile_possible || return 0
	lkp_run_parse kp test=pipe testtime=1 nr_threads=1 perf_profile=1
	expect_match ' --perf-profile( |$)' "$(head -n 1 run.out)"
	expect_match '^pipe\.perf-profile\.(calltrace|children|self)\.(cpu-clock|cycles-pp|cycles-p|cycles)\.[^:]+: [0-9.]+$' "$(cat kp)"
	expect_match '^pipe\.ops_per_sec: ' "$(cat kp)"
	keys_in_meta kp
	lkp_run_parse kn test=pipe testtime=1 nr_threads=1 perf_profile=0
	expect_no_match 'perf-profile' "$(cat run.out)"
}

# monitor: LIST passes --monitor and --monitor-metrics; parse gives the
# figures under LKP's own monitors' names, each a key meta.yaml lists.
t_lkp_monitor() {
	lkp_run_parse km test=pipe testtime=1 nr_threads=1 monitor=proc-vmstat,meminfo,interrupts,vmstat
	expect_match ' --monitor proc-vmstat,meminfo,interrupts,vmstat --monitor-metrics( |$)' "$(head -n 1 run.out)"
	expect_match '^proc-vmstat\.pgfault: [0-9]+$' "$(cat km)"
	expect_match '^meminfo\.MemFree: [0-9.]+$' "$(cat km)"
	expect_match '^interrupts\.[^ ]+: [0-9]+$' "$(cat km)"
	expect_match '^vmstat\.system\.cs: [0-9.]+$' "$(cat km)"
	expect_match '^pipe\.ops_per_sec: ' "$(cat km)"
	keys_in_meta km
}
