# test_lkp.sh - contrib/lkp: LKP's program for stresskit. run is run with
# the environment LKP sets (test or class, nr_threads, testtime, TMP) and
# its output fed to parse, as LKP does; the job files name the testcase
# and parameters LKP expects.

LKP_PROG=$SK_SRC/contrib/lkp/programs/stresskit

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
	python3 -c 'import sys, yaml; m = yaml.safe_load(open(sys.argv[1])); assert set(m["parameters"]) == {"test", "nr_threads", "testtime", "class"}, m' \
		"$LKP_PROG/meta.yaml"
}
