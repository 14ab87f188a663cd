# test_perf_profile.sh - --perf-profile: a run's call chains in the results
# (where perf can profile here), the one line and a run that goes on
# where perf is missing, compare's perf-profile section and
# --perf-profile-report on crafted files.

# profile_file NAME SPEC...: a results file with one run per SPEC, each
# "key=pct,key=pct" of family self (key "cpu-clock.SYM") and calltrace.
profile_file() {
	name=$1
	shift
	python3 - "$name" "$@" <<'PY'
import json, sys
runs = []
for k, spec in enumerate(sys.argv[2:]):
    prof = {"event": "cpu-clock", "samples": 1000, "calltrace": {}, "children": {}, "self": {}}
    for kv in filter(None, spec.split(",")):
        key, v = kv.split("=")
        fam, key = key.split(":")
        prof[fam]["cpu-clock." + key] = float(v)
    runs.append({"run": k + 1, "metrics": [{"stressor": "sendfile", "bogo-ops": 1000,
        "bogo-ops-per-second-real-time": 100.0, "perf-profile": prof}]})
json.dump({"runs": runs}, open(sys.argv[1], "w"))
PY
}

t_perf_profile_run() {
	profile_possible || return 0
	mkdir run
	expect_exit 0 "$SK" --pipe 1 --timeout 1 --perf-profile --json r.json --temp-path "$TMP/run"
	expect_match 'perf-profile of pipe: [0-9]+ (cpu-clock|cycles-pp|cycles-p|cycles) samples' "$OUT$ERR"
	python3 - r.json <<'PY'
import json, sys
e = json.load(open(sys.argv[1]))["runs"][0]["metrics"][0]
p = e["perf-profile"]
ev = p["event"]
assert ev in ("cpu-clock", "cycles-pp", "cycles-p", "cycles"), ev
assert p["samples"] > 0 and p["frequency"] == 500, p  # the default
for fam in ("calltrace", "children", "self"):
    assert p[fam], fam
    for k, v in p[fam].items():
        assert k.startswith(ev + "."), k
        assert (0.5 if fam == "calltrace" else 0.05) <= v <= 100, (k, v)
# the pipe's kernel work is in its call chains
assert any("pipe_write" in k or "pipe_read" in k for k in p["children"]), sorted(p["children"])
assert abs(sum(p["self"].values()) - 100) < 60, "self is a share of the samples"
PY
	# perf record and perf script are gone, and the run directory with them
	no_leftovers "$TMP/run"
	[ -z "$(sk_procs '^perf')" ] || fail "perf left running: $(sk_procs '^perf')"
}

# As a user the kernel lets sample only its own processes in user space
# (kernel.perf_event_paranoid 2): a profile of the run's processes in
# user space, its event named so (cpu-clock:u, keys cpu-clock-u.*), one
# line saying so and what a full profile needs.
t_perf_profile_unprivileged() {
	command -v perf >/dev/null 2>&1 || { echo "    skip: perf not installed (linux-perf)"; return 0; }
	perf_paranoid_2 || return 0
	expect_exit 0 as_own_user "$SK" --pipe 1 -t 0.5 --perf-profile --perf-profile-freq 2000 \
		--json r.json --temp-path .
	one_line "$(printf '%s\n' "$OUT" | grep -e '--perf-profile:')"
	expect_match '^stresskit: info: +\[[0-9]+\] --perf-profile: the run.s own processes in user space only \((cpu-clock|cycles):u, no kernel frames\): not permitted to sample every CPU with kernel call chains \(kernel\.perf_event_paranoid is 2: needs 0 or less, or root\)$' "$OUT"
	python3 - u/r.json <<'PY' || fail "no user-space profile: $OUT"
import json, sys
p = json.load(open(sys.argv[1]))["runs"][0]["metrics"][0]["perf-profile"]
ev = p["event"]
assert ev in ("cpu-clock-u", "cycles-u"), ev
assert p["samples"] > 0, p
for fam in ("calltrace", "children", "self"):
    assert all(k.startswith(ev + ".") for k in p[fam]), (fam, sorted(p[fam]))
# user space only: the pipe's kernel work is not in it
assert not any("pipe_write" in k for k in p["children"]), sorted(p["children"])
PY
	[ -z "$(sk_procs '^perf')" ] || fail "perf left running: $(sk_procs '^perf')"
	rm -rf "$TMP/u"
}

# perf missing: one line, and the run goes on without a profile.
t_perf_profile_missing() {
	mkdir run
	expect_exit 0 env PATH=/nonexistent "$SK" --pipe 1 --timeout 200ms --perf-profile \
		--json r.json --temp-path "$TMP/run"
	# warnings go to stdout, as stress-ng's do
	[ -z "$ERR" ] || fail "stderr: $ERR"
	one_line "$(printf '%s\n' "$OUT" | grep -e '--perf-profile')"
	expect_match '^stresskit: warn: .*--perf-profile: perf not found in PATH .*; the run goes on without a profile$' "$OUT"
	expect_match 'pipe +[0-9]+ ' "$OUT"
	python3 -c 'import json, sys; e = json.load(open("r.json"))["runs"][0]["metrics"][0]; sys.exit("perf-profile" in e)'
	no_leftovers "$TMP/run"
}

t_perf_profile_bad_input() {
	bad_input --pipe 1 --perf-profile-freq 0
	bad_input --pipe 1 --perf-profile-freq 100001
	expect_exit 1 "$SK" --perf-profile-report
	one_line "$ERR"
	expect_match '^stresskit: error: --perf-profile-report: needs a results file, FILE\.json \(see stresskit --perf-profile-report --help\)$' "$ERR"
	expect_exit 1 "$SK" --perf-profile-report a.json b.json
	expect_match "^stresskit: error: --perf-profile-report: unexpected argument 'b\\.json'" "$ERR"
	expect_exit 0 "$SK" --perf-profile-report --help
	expect_match '^usage: stresskit --perf-profile-report \[--top N\] FILE\.json$' "$OUT"
	expect_match '^  --top N +.* \(1 to 100000, default 10\)$' "$OUT"
	expect_exit 1 "$SK" --perf-profile-report nosuch.json
	expect_match '^stresskit: error: --perf-profile-report: cannot read nosuch.json' "$ERR"
	profile_file a.json "self:x=1"
	expect_exit 1 "$SK" compare --all -v --perf-profile-top 0 a.json a.json
	one_line "$ERR"
}

# The robot's section: percentage points, largest change first, the top N
# per family, 0 where a run's profile lacks a key, flagged by the method.
t_perf_profile_compare() {
	tr='calltrace:generic_file_splice_read.splice_direct_to_actor.do_splice_direct.do_sendfile.__x64_sys_sendfile64'
	profile_file base.json "$tr=73.0,self:a=10,self:b=5,self:c=1" \
		"$tr=74.0,self:a=10,self:b=5.2,self:c=1" "$tr=73.0,self:a=10.2,self:b=4.8,self:c=1"
	profile_file new.json "self:a=30,self:b=5,self:c=1,self:tcp_sendmsg=40" \
		"self:a=31,self:b=5.1,self:c=1,self:tcp_sendmsg=40.5" "self:a=29,self:b=4.9,self:c=1,self:tcp_sendmsg=39.5"
	expect_exit 0 "$SK" compare --all -v base.json new.json
	expect_match '^perf-profile: percent of samples' "$OUT"
	expect_match '^ +73\.33 +-73\.3 +0\.00 +sendfile\.perf-profile\.calltrace\.cpu-clock\.generic_file_splice_read\.splice_direct_to_actor\.do_splice_direct\.do_sendfile\.__x64_sys_sendfile64  changed$' \
		"$(row 'sendfile.perf-profile.calltrace.cpu-clock.generic_file_splice_read[^ ]*')"
	expect_match '^ +0\.00 +\+40\.0 +40\.00 +sendfile\.perf-profile\.self\.cpu-clock\.tcp_sendmsg  changed$' \
		"$(row sendfile.perf-profile.self.cpu-clock.tcp_sendmsg)"
	expect_match '^ +5\.00 ± +3% +\+0\.0 +5\.00 +sendfile\.perf-profile\.self\.cpu-clock\.b$' \
		"$(row sendfile.perf-profile.self.cpu-clock.b)"
	# sorted by the size of the change: tcp_sendmsg (+40), a (+20), then b and c
	order=$(printf '%s\n' "$OUT" | sed -n 's/.*sendfile\.perf-profile\.self\.cpu-clock\.\([a-z_]*\).*/\1/p' | tr '\n' ' ')
	[ "$order" = "tcp_sendmsg a b c " ] || fail "self rows in order: $order"
	expect_exit 2 "$SK" compare --all -v --fail-on-change base.json new.json
	expect_exit 0 "$SK" compare --all -v --perf-profile-top 2 base.json new.json
	[ "$(printf '%s\n' "$OUT" | grep -c 'perf-profile\.self\.')" = 2 ] || fail "top 2: $OUT"
	# identical runs: rows, no flag
	expect_exit 0 "$SK" compare --all -v --fail-on-change base.json base.json
	expect_no_match '^ .*  changed( |$)' "$OUT"
	# one run's profile, largest first
	expect_exit 0 "$SK" --perf-profile-report --top 1 new.json
	expect_match '^ +40\.00 +sendfile\.perf-profile\.self\.cpu-clock\.tcp_sendmsg$' "$OUT"
	[ "$(printf '%s\n' "$OUT" | wc -l)" = 1 ] || fail "top 1 of one family: $OUT"
}
