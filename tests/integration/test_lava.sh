# test_lava.sh - contrib/lava: a LAVA test definition in the form of
# Linaro's test-definitions (automated/linux/NAME/NAME.yaml and its
# script). Its steps are run as LAVA runs them (the params exported, then
# each step in one shell, from the repository's root) with a stand-in
# lava-test-case on PATH that records its arguments; without one, the
# same cases are printed.

LAVA_ROOT=$SK_SRC/contrib/lava
LAVA_DEF=automated/linux/stresskit/stresskit.yaml

# lava_steps VAR=VALUE...: run.sh as LAVA writes it: the definition's
# params, the overrides given, then its steps; run in a copy of the tree
# so output/ is the test's. Its stdout and stderr go to steps.out/.err.
lava_steps() {
	rm -rf tree && cp -r "$LAVA_ROOT" tree
	python3 - "tree/$LAVA_DEF" "$@" >run.sh <<'PY' || fail "cannot write run.sh"
import shlex, sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
params = {k: str(v) for k, v in d["params"].items()}
for kv in sys.argv[2:]:
    k, v = kv.split("=", 1)
    assert k in params, "not a param of the definition: " + k
    params[k] = v
print("set -e")
for k, v in params.items():
    print("export %s=%s" % (k, shlex.quote(v)))
for step in d["run"]["steps"]:
    print(step)
PY
	(cd tree && sh ../run.sh) >steps.out 2>steps.err
}

# stand_in: a lava-test-case that writes each call's arguments, '|' apart.
stand_in() {
	mkdir -p bin
	cat >bin/lava-test-case <<SH
#!/bin/sh
(IFS='|'; echo "\$*") >>"$TMP/calls"
SH
	chmod +x bin/lava-test-case
	: >calls
}

t_lava_definition_form() {
	python3 - "$LAVA_ROOT/$LAVA_DEF" <<'PY' || fail "the definition's form"
import os, sys, yaml
path = sys.argv[1]
d = yaml.safe_load(open(path))
m = d["metadata"]
assert m["format"] == "Lava-Test Test Definition 1.0", m
name = os.path.basename(os.path.dirname(path))
assert m["name"] == name == os.path.basename(path)[:-5], (m["name"], path)
for k in ("description", "maintainer", "os", "scope", "devices"):
    assert m[k], k
assert set(d["params"]) == {"JOB", "STRESSORS", "INSTANCES", "TIMEOUT", "STRESSKIT"}, d["params"]
steps = d["run"]["steps"]
assert steps[0] == "cd ./automated/linux/%s/" % name, steps
script = os.path.join(os.path.dirname(path), name + ".sh")
assert os.access(script, os.X_OK), script
assert any(s.startswith("./%s.sh " % name) for s in steps), steps
PY
}

t_lava_steps_record_cases() {
	stand_in
	PATH=$TMP/bin:$PATH lava_steps STRESSORS="pipe sendfile" INSTANCES=1 TIMEOUT=1s \
		STRESSKIT="$SK" || fail "steps failed: $(cat steps.err)"
	C=$(cat calls)
	[ "$(wc -l <calls)" = 4 ] || fail "4 cases expected: $C"
	ktap=tree/automated/linux/stresskit/output/stresskit.ktap
	for s in pipe sendfile; do
		ops=$(sed -n "s/^# $s\\.ops_per_sec: \\([0-9.]*\\) bogo-ops\\/s\$/\\1/p" "$ktap")
		[ -n "$ops" ] || fail "no $s ops/s in the KTAP document: $(cat "$ktap")"
		expect_match "^$s\\|--result\\|pass\\|--measurement\\|$ops\\|--units\\|bogo-ops/s\$" "$C"
	done
	expect_match '^pipe\.MB_per_sec_pipe_write_rate\|--result\|pass\|--measurement\|[0-9]+\.[0-9]{2}$' "$C"
	# a '/' is no part of a LAVA case name
	expect_match '^sendfile\.MB_per_sec_sent_to__dev_null\|--result\|pass\|--measurement\|[0-9.]+$' "$C"
	# the KTAP document and the cases are in the log LAVA keeps
	expect_match '^ok 1 pipe$' "$(cat steps.out)"
	expect_match 'metrc: .* sendfile +[1-9][0-9]* ' "$(cat steps.err)"
	[ "$(cat tree/automated/linux/stresskit/output/result.txt)" = "$(tr '|' ' ' <calls |
		sed 's/ --result / /; s/ --measurement / /; s/ --units / /')" ] ||
		fail "result.txt is not the cases: $(cat tree/automated/linux/stresskit/output/result.txt)"
	wait_until 20 no_sk_procs || fail "stresskit left running: $(sk_procs)"
}

# Where there is no lava-test-case, the cases are printed, one line each.
t_lava_steps_print_without_lava() {
	command -v lava-test-case >/dev/null 2>&1 && { echo "skip: a real lava-test-case is on PATH"; return 0; }
	lava_steps STRESSORS=pipe INSTANCES=1 TIMEOUT=0.5s STRESSKIT="$SK" ||
		fail "steps failed: $(cat steps.err)"
	expect_match '^pipe pass [0-9]+\.[0-9]{2} bogo-ops/s$' "$(cat steps.out)"
	expect_match '^pipe\.MB_per_sec_pipe_write_rate pass [0-9.]+$' "$(cat steps.out)"
}

# A job whose stressors fail and skip: their cases say so, and the step
# still succeeds (the verdicts are the results); no KTAP at all fails it.
t_lava_job_fail_skip() {
	stand_in
	verdict failer SK_FAILED
	verdict skipper SK_NOT_IMPLEMENTED
	printf 'plugin %s\nplugin %s\nfailer 1\nskipper 1\npipe 1\ntimeout 0.3s\n' \
		"$TMP/failer.so" "$TMP/skipper.so" >"$TMP/v.job"
	PATH=$TMP/bin:$PATH lava_steps JOB="$TMP/v.job" TIMEOUT= STRESSKIT="$SK" ||
		fail "steps failed: $(cat steps.err)"
	C=$(cat calls)
	expect_match '^failer\|--result\|fail\|--measurement\|[0-9.]+\|--units\|bogo-ops/s$' "$C"
	expect_match '^pipe\|--result\|pass\|' "$C"
	expect_match '^skipper\|--result\|skip$' "$C"
	: >calls
	! PATH=$TMP/bin:$PATH lava_steps STRESSORS=nosuch STRESSKIT="$SK" || fail "a bad stressor passed"
	expect_match 'gave no KTAP document' "$(cat steps.err)"
	[ ! -s calls ] || fail "cases from a run that did not happen: $(cat calls)"
}
