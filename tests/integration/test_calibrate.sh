# test_calibrate.sh - stresskit calibrate: the noise profile's keys and
# figures, the table, no temporary file or process left on a normal end
# or on SIGTERM, and one line for each bad input.

# calibrate_run ARGS...: calibrate with its temporary directory under
# $TMP/tmpd (so a leftover is seen), in $TMP/work.
calibrate_run() {
	mkdir -p "$TMP/tmpd" "$TMP/work"
	(cd "$TMP/work" && TMPDIR="$TMP/tmpd" "$SK" calibrate "$@")
}

t_calibrate_profile() {
	expect_exit 0 calibrate_run --invocations 3 --passes 2 --gap 0 -o p.json -- --getppid1 1 -t 0.2s
	# the table: its header, both KPI rows, the F's reading of each
	expect_match '^noise of 3 invocations of 2 passes, 0 s apart' "$OUT"
	expect_match 'detects with 95% power' "$OUT"
	expect_match '^row +mean +within +between +F +p +MDE@3 +MDE@5 +MDE@10$' "$OUT"
	expect_match '^getppid1\.ops_per_sec +[0-9]+ +[0-9.]+% +[0-9.]+% +[0-9.inf-]+ +[0-9.e-]+ +[0-9.]+% +[0-9.]+% +[0-9.]+%$' "$OUT"
	expect_match '^getppid1\.bogo-ops-per-second-usr-sys-time +[0-9]+ ' "$OUT"
	expect_match '^getppid1\.ops_per_sec: F .*(invocations spread more than their passes|passes spread as much as invocations)' "$OUT"
	[ -z "$ERR" ] || fail "stderr: $ERR"
	py '
import json, math, sys
d = json.load(open(sys.argv[1]))
assert set(d) == {"stresskit-noise-profile", "configuration", "environment",
                  "invocations", "passes", "gap-seconds", "rows"}, sorted(d)
assert d["stresskit-noise-profile"] == 1
assert (d["invocations"], d["passes"], d["gap-seconds"]) == (3, 2, 0)
assert d["configuration"]["repeat"] == 2 and "argv" in d["configuration"]
assert "kernel" in json.dumps(d["environment"])
for key in ("getppid1.ops_per_sec", "getppid1.bogo-ops-per-second-usr-sys-time"):
    r = d["rows"][key]
    assert set(r) == {"mean", "within-cv-pct", "between-cv-pct", "f", "f-p",
                      "invocations", "passes"}, (key, r)
    for k in ("mean", "within-cv-pct", "between-cv-pct", "f", "f-p"):
        assert isinstance(r[k], (int, float)) and math.isfinite(r[k]) and r[k] >= 0, (key, k, r[k])
    assert r["f-p"] <= 1 and r["mean"] > 0
    assert (r["invocations"], r["passes"]) == (3, 2), r
# every other numeric row is there too
assert "getppid1.ops" in d["rows"], sorted(d["rows"])
' "$TMP/work/p.json"
	[ -z "$(ls -A "$TMP/tmpd")" ] || fail "temporary files left: $(ls -A "$TMP/tmpd")"
	[ "$(ls -A "$TMP/work")" = p.json ] || fail "files left beside the profile: $(ls -A "$TMP/work")"
	no_leftovers "$TMP/tmpd"
}

# A job file as the run options; the job file is never the output.
t_calibrate_job() {
	printf 'getppid1 1\ntimeout 0.2s\n' >"$TMP/x.job"
	expect_exit 0 calibrate_run --invocations 2 --passes 2 --gap 10ms -o p.json -- --job "$TMP/x.job"
	expect_match '^getppid1\.ops_per_sec ' "$OUT"
	expect_exit 1 calibrate_run --invocations 2 --passes 2 --gap 0 -o "$TMP/x.job" -- --job "$TMP/x.job"
	one_line "$ERR"
	expect_match "^stresskit: error: calibrate: -o '.*x\.job' is the run's input" "$ERR"
	grep -q getppid1 "$TMP/x.job" || fail "job file overwritten"
}

# SIGTERM mid-invocation: the run is stopped, nothing is written or left.
t_calibrate_sigterm() {
	mkdir -p "$TMP/tmpd" "$TMP/work"
	(cd "$TMP/work" && exec env TMPDIR="$TMP/tmpd" "$SK" calibrate --invocations 3 \
		--passes 2 --gap 0 -o p.json -- --getppid1 1 -t 60s) 2>"$TMP/err" &
	pid=$!
	wait_until 30 sk_running 1
	kill -TERM $pid
	set +e
	wait $pid
	rc=$?
	set -e
	[ "$rc" = 5 ] || fail "exit $rc, expected 5: $(cat "$TMP/err")"
	one_line "$(cat "$TMP/err")"
	expect_match '^stresskit: error: calibrate: stopped by SIGTERM during invocation 1 of 3' "$(cat "$TMP/err")"
	[ -z "$(ls -A "$TMP/work")" ] || fail "files left: $(ls -A "$TMP/work")"
	no_leftovers "$TMP/tmpd"
}

# calibrate_bad ARGS...: exit 1, one error line, nothing on stdout, no file.
calibrate_bad() {
	expect_exit 1 calibrate_run "$@"
	one_line "$ERR"
	expect_match '^stresskit: error: calibrate: ' "$ERR"
	[ -z "$OUT" ] || fail "output on bad input: $OUT"
	[ -z "$(ls -A "$TMP/work")" ] || fail "files made on bad input: $(ls -A "$TMP/work")"
	[ -z "$(ls -A "$TMP/tmpd")" ] || fail "temporary files left: $(ls -A "$TMP/tmpd")"
}

t_calibrate_bad_input() {
	calibrate_bad --bogus -o p.json -- --getppid1 1
	expect_match 'unknown option --bogus \(see stresskit calibrate --help\)' "$ERR"
	calibrate_bad --invocations 1 -o p.json -- --getppid1 1
	expect_match "invalid --invocations '1'" "$ERR"
	calibrate_bad --passes 1 -o p.json -- --getppid1 1
	expect_match "invalid --passes '1'" "$ERR"
	calibrate_bad --gap 1x -o p.json -- --getppid1 1
	calibrate_bad -- --getppid1 1
	expect_match 'calibrate: needs --output PROFILE\.json \(see stresskit calibrate --help\)$' "$ERR"
	calibrate_bad -o p.json
	expect_match "calibrate: needs run options after '--' \\(see stresskit calibrate --help\\)\$" "$ERR"
	calibrate_bad -o p.json --
	calibrate_bad -o "$TMP" -- --getppid1 1
	expect_match 'is a directory' "$ERR"
	# run options the run refuses: the invocation's own line, its status
	calibrate_bad --invocations 2 --gap 0 -o p.json -- --nosuch 1
	expect_match 'invocation 1 of 2 failed, exit 1: stresskit: error: unknown option --nosuch' "$ERR"
	expect_exit 0 "$SK" calibrate --help
	expect_match '^usage: stresskit calibrate \[--invocations N\] \[--passes N\] \[--gap TIME\]$' "$OUT"
	expect_match '^ +--output\|-o PROFILE\.json -- RUN-OPTIONS\.\.\.$' "$OUT"
	expect_match '^  --invocations N +separate invocations of the run \(2 to 1000, default 6\)$' "$OUT"
	expect_exit 0 "$SK" --help
	expect_match '^  calibrate +' "$OUT"
}
