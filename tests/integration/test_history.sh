# test_history.sh - stresskit history: results files kept in an SQLite
# database (add, list, show), a file added twice refused, another job
# kept apart, bad input in one line, two writers at once losing nothing,
# an add killed anywhere leaving the database whole, and the schema
# migrated forward. Documents are crafted (hdoc) but for
# one real run, so the tests take no time of their own.

# hdoc NAME CALLS HOST VALUE...: a results document of the getppidk
# plugin at --getppidk-calls CALLS on HOST, one pass per VALUE of ops/s
# (ops per CPU-second 2% above it), as --json writes them.
hdoc() {
	python3 - "$@" <<'PY'
import json, sys
name, calls, host, vals = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
runs = []
for k, v in enumerate(vals):
    v = float(v)
    runs.append({"run": k + 1, "metrics": [{"stressor": "getppidk", "bogo-ops": int(v / 5),
        "bogo-ops-per-second-real-time": v, "bogo-ops-per-second-usr-sys-time": v * 1.02,
        "wall-clock-time": 0.2, "user-time": 0.1, "system-time": 0.1,
        "extra-metrics": []}]})
doc = {"system-info": {"stresskit-version": "1.0.0", "hostname": host, "cpu-model": "Test CPU",
                       "cpus-online": 2, "release": "6.1.0-test", "version": "#1 SMP",
                       "epoch-secs": 1700000000},
       "configuration": {"timeout": 0.2, "mode": "together", "instance-mode": "process",
                         "repeat": len(vals), "stressors": [{"stressor": "getppidk", "version": "1",
                         "instances": 1, "ops": 0, "options": {"getppidk-calls": calls}}]},
       "environment": {"kernel-release": "6.1.0-test"}, "runs": runs}
json.dump(doc, open(name, "w"))
PY
}

# runs_in DB: the runs the database holds, over every series
runs_in() {
	"$SK" history list "$1" | awk 'NR > 1 && $1 ~ /^[0-9]+$/ { n += $2 } END { print n + 0 }'
}

# hseries PREFIX N STEP_AT STEP_PCT [BASE [SLOW]]: N documents
# PREFIX-NNN.json of 3 passes each about BASE ops/s (10000), a fixed
# wobble of +-0.3% between runs and of +-0.5% between passes, STEP_PCT%
# off from run STEP_AT on. SLOW (comma-separated run indices): each pass
# of those runs 15% slower, and every pass with an envelope 5% above it.
hseries() {
	python3 - "$@" <<'PY'
import json, sys
pre, n, at, pct = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
base = float(sys.argv[5]) if len(sys.argv) > 5 else 10000
slow = {int(x) for x in sys.argv[6].split(",")} if len(sys.argv) > 6 else None
wob = [0.3, -0.1, 0.2, -0.3, 0.0, 0.1, -0.2, 0.25, -0.15, 0.05]
for i in range(n):
    mean = base * (1 + (pct / 100 if i >= at else 0)) * (1 + wob[i % 10] / 100)
    if slow and i in slow:
        mean *= 0.85
    runs = [{"run": p + 1, "metrics": [{"stressor": "getppidk", "bogo-ops": 2000 + i,
             "bogo-ops-per-second-real-time": mean * (1 + d / 100),
             "bogo-ops-per-second-usr-sys-time": mean * (1 + d / 100) * 1.01, "extra-metrics": []}]}
            for p, d in enumerate((-0.5, 0, 0.5))]
    if slow is not None:
        for r, d in zip(runs, (-0.5, 0, 0.5)):
            r["metrics"][0]["envelope"] = {"window-seconds": 0.05, "quantile": 0.95,
                "windows": 19, "bogo-ops-per-second-real-time": mean * (1 + d / 100) * 1.05,
                "bogo-ops-per-second-usr-sys-time": mean * (1 + d / 100) * 1.06,
                "slow-windows-pct": 0.0}
    doc = {"system-info": {"hostname": "hostA", "cpu-model": "Test CPU", "cpus-online": 2,
                           "release": "6.1.0-test"},
           "configuration": {"timeout": 0.2, "stressors": [{"stressor": "getppidk",
               "version": "1", "instances": 1, "ops": 0, "options": {"getppidk-calls": "100"}}]},
           "runs": runs}
    json.dump(doc, open("%s-%03d.json" % (pre, i), "w"))
PY
}

t_history_add_list_show() {
	hdoc a.json 100 hostA 10000 10100 9900
	hdoc b.json 100 hostA 10050 10150 9950
	hdoc c.json 100 hostA 9000 9100 8900
	expect_exit 0 "$SK" history add h.db a.json --label commit=aaa111 --label kernel=6.1-a
	expect_match '^history: added a\.json as run 1 of series 1 \(getppidk x1 getppidk-calls=100 -t 0\.2\): 3 passes, [0-9]+ figures$' "$OUT"
	expect_exit 0 "$SK" history add h.db b.json c.json --label=commit=bbb222
	expect_exit 0 "$SK" history list h.db
	expect_match '^ +1 +3  [0-9a-f]{12}  hostA \(Test CPU, 2 CPUs\) +getppidk x1' "$OUT"
	expect_exit 0 "$SK" history show h.db
	expect_match '^getppidk\.ops_per_sec \[KPI\] \(higher is better\)$' "$OUT"
	expect_match '^ +1  aaa111 +6\.1-a +3 +10000 +9900 +10100$' "$OUT"
	expect_match '^ +3  bbb222 +6\.1\.0-test +3 +9000 +8900 +9100$' "$OUT"
	# a figure that is not a KPI, by name; the last runs only
	expect_exit 0 "$SK" history show h.db --metric getppidk.ops --last 2
	expect_match '^getppidk\.ops \(higher is better\)$' "$OUT"
	expect_no_match '^ +1  aaa111' "$OUT"
	expect_match '^ +2  bbb222 .* 3 +2010 ' "$OUT"
}

t_history_add_twice_refused() {
	hdoc a.json 100 hostA 10000 10100 9900
	expect_exit 0 "$SK" history add h.db a.json
	cp a.json copy.json
	expect_exit 1 "$SK" history add h.db copy.json
	one_line "$ERR"
	expect_match '^stresskit: error: history: copy\.json: already in h\.db as run 1 \(added from a\.json\)$' "$ERR"
	[ "$(runs_in h.db)" = 1 ] || fail "runs after a refused add: $(runs_in h.db)"
}

# Another job (other options) or another machine is a series of its own.
t_history_other_job_kept_apart() {
	hdoc a.json 100 hostA 10000 10100 9900
	hdoc k.json 103 hostA 9700 9800 9600
	hdoc m.json 100 hostB 12000 12100 11900
	expect_exit 0 "$SK" history add h.db a.json k.json m.json
	expect_match '^history: k\.json: another job on hostA \(Test CPU, 2 CPUs\) \(other options\): kept apart as series 2$' "$OUT"
	expect_match 'added m\.json as run 3 of series 3 ' "$OUT"
	expect_exit 0 "$SK" history list h.db
	expect_match '^ +2 +1  [0-9a-f]{12}  hostA .* getppidk-calls=103 -t 0\.2$' "$OUT"
	expect_exit 0 "$SK" history show h.db --series 2
	expect_match '^series 2: ' "$OUT"
	expect_no_match '^series [13]: ' "$OUT"
}

t_history_bad_input() {
	hdoc a.json 100 hostA 10000 10100 9900
	expect_exit 1 "$SK" history show missing.db
	one_line "$ERR"
	expect_match '^stresskit: error: history: missing\.db: no such history database$' "$ERR"
	[ ! -e missing.db ] || fail "show made a database"
	echo 'not a database, just text, long enough to be a header and then some more' >text.db
	cp text.db text.orig
	expect_exit 1 "$SK" history add text.db a.json
	one_line "$ERR"
	expect_match '^stresskit: error: history: text\.db: .*not a database$' "$ERR"
	cmp -s text.db text.orig || fail "a file not a database was written"
	python3 -c 'import sqlite3; c = sqlite3.connect("other.db"); c.execute("CREATE TABLE t (x)"); c.commit()'
	cp other.db other.orig
	expect_exit 1 "$SK" history add other.db a.json
	one_line "$ERR"
	expect_match '^stresskit: error: history: other\.db: an SQLite database of another program, not a stresskit history$' "$ERR"
	cmp -s other.db other.orig || fail "another program's database was written"
	# not a results document: one line, nothing stored
	echo '{"runs": []}' >empty.json
	echo '{' >broken.json
	expect_exit 0 "$SK" history add h.db a.json
	for f in empty.json broken.json; do
		expect_exit 1 "$SK" history add h.db $f
		one_line "$ERR"
		expect_match "^stresskit: error: history: $f: not a" "$ERR"
	done
	[ "$(runs_in h.db)" = 1 ] || fail "runs after refused adds: $(runs_in h.db)"
	expect_exit 1 "$SK" history show h.db --metric no.such
	one_line "$ERR"
}

# Two runs finishing at once: two adds started together, neither loses a
# row (each waits for the other's transaction).
t_history_concurrent_writers() {
	hseries x 8 8 0 10000
	hseries y 8 8 0 20000
	"$SK" history add h.db x-*.json >x.log 2>&1 &
	px=$!
	"$SK" history add h.db y-*.json >y.log 2>&1 &
	py=$!
	wait $px || fail "first writer: $(cat x.log)"
	wait $py || fail "second writer: $(cat y.log)"
	[ "$(runs_in h.db)" = 16 ] || fail "runs after two writers: $(runs_in h.db)"
	expect_exit 0 "$SK" history show h.db --metric getppidk.ops_per_sec
	[ "$(printf '%s\n' "$OUT" | grep -cE '^ +[0-9]+  - ')" = 16 ] || fail "rows: $OUT"
	# one transaction a file: every run has its 3 passes
	[ "$(printf '%s\n' "$OUT" | grep -cE '^ +[0-9]+  - .* 3 ')" = 16 ] || fail "passes: $OUT"
}

# The schema has a version (PRAGMA user_version) and is migrated forward;
# a database of a newer stresskit is refused, not written.
t_history_schema_migrates() {
	hdoc a.json 100 hostA 10000 10100 9900
	hdoc b.json 100 hostA 10050 10150 9950
	expect_exit 0 "$SK" history add h.db a.json
	# back to version 1: the index of version 2 and the columns of 3 and 4 gone
	python3 -c 'import sqlite3; c = sqlite3.connect("h.db"); c.execute("DROP INDEX passes_by_metric"); c.execute("ALTER TABLE runs DROP COLUMN arch"); c.execute("ALTER TABLE runs DROP COLUMN statuses"); c.execute("PRAGMA user_version = 1"); c.commit()'
	expect_exit 0 "$SK" history add h.db b.json
	py 'import sqlite3; c = sqlite3.connect("h.db")
assert c.execute("PRAGMA user_version").fetchone()[0] == 4
assert c.execute("SELECT count(*) FROM sqlite_master WHERE name = ?", ("passes_by_metric",)).fetchone()[0] == 1
assert c.execute("SELECT count(*) FROM runs").fetchone()[0] == 2
assert [r[0] for r in c.execute("SELECT arch FROM runs ORDER BY id")] == [None, None]'
	python3 -c 'import sqlite3; c = sqlite3.connect("h.db"); c.execute("PRAGMA user_version = 99"); c.commit()'
	expect_exit 1 "$SK" history show h.db
	one_line "$ERR"
	expect_match 'schema version 99 is newer than this stresskit.s \(4\)' "$ERR"
}

# hkill_at EVERY: history add killed with SIGKILL on entry to calls that
# change its files (strace injects it before the call runs), into a new
# database (its schema made in the same add) and into one holding a run
# already; then added again. With EVERY 1 at each such call in turn, else
# at each sync, unlink and write (a message: the commit is done) and at
# the first, middle and last pwrite. The files change only at these calls
# (an open that makes a file makes it empty, and one of them follows), so
# EVERY=1 stands for a kill at any moment. Each database must then be
# valid (SQLite's checks, and history opens it), hold the document whole
# or not at all, and take it again unless it was whole: killed before the
# commit, the add is taken again; after, it is refused as stored, and
# both happen.
hkill_at() {
	if ! command -v strace >/dev/null || ! strace -qq -o /dev/null true 2>/dev/null; then
		echo "skip: no strace, or no ptrace here (./setup.sh --test installs strace)"
		return 0
	fi
	# LeakSanitizer cannot run under ptrace (make sanitize-test): the
	# traced adds go without it; the suite's other runs keep it
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
	export ASAN_OPTIONS
	# on tmpfs where there is one: a kill is no power cut, and a hundred
	# adds' syncs on a disk others write to can take minutes
	if shm=$(mktemp -d /dev/shm/sk-test.XXXXXX 2>/dev/null); then
		trap 'rm -rf "$shm"' EXIT
		cd "$shm"
	fi
	calls=pwrite64,write,fdatasync,fsync,ftruncate,unlink
	hdoc a.json 100 hostA 10000 10100 9900
	hdoc b.json 200 hostA 10000 10100
	"$SK" history add old.db b.json >/dev/null
	: >points
	for db in new old; do
		[ $db = old ] && cp old.db whole.db || rm -f whole.db
		strace -qq -f -o calls.log -e trace=$calls "$SK" history add whole.db a.json >/dev/null ||
			fail "a traced add failed: $(cat calls.log)"
		for call in $(echo $calls | tr , ' '); do
			n=$(grep -acE "^[0-9]+ +$call\(" calls.log || :)
			if [ "$1" = 1 ] || [ $call != pwrite64 ]; then
				ks=$(seq 1 "$n")
			else
				ks=$(printf '%s\n' 1 $(((n + 1) / 2)) "$n" | sort -un)
			fi
			for k in $ks; do
				d=$db-$call-$k
				[ $db = old ] && cp old.db $d.db
				set +e
				strace -qq -f -o /dev/null -e trace=$call -e inject=$call:signal=KILL:when=$k \
					"$SK" history add $d.db a.json >/dev/null 2>&1
				rc=$?
				set -e
				[ $rc = 137 ] || fail "$d: not killed (exit $rc)"
				if "$SK" history add $d.db a.json >/dev/null 2>$d.err; then
					echo $d >>points
				elif grep -q 'already in' $d.err; then
					echo $d >>points.stored
				else
					fail "$d: added again: $(cat $d.err)"
				fi
			done
		done
	done
	for call in pwrite64 fdatasync unlink; do
		grep -q -- "-$call-" points || fail "no kill at $call: $(cat calls.log)"
	done
	[ -s points.stored ] || fail "no kill after the commit: $(cat calls.log)"
	cat points.stored >>points
	py 'import sqlite3
for d in open("points").read().split():
    c = sqlite3.connect(d + ".db")
    assert c.execute("PRAGMA integrity_check").fetchall() == [("ok",)], d
    assert c.execute("PRAGMA foreign_key_check").fetchall() == [], d
    runs, a = c.execute("SELECT count(*), sum(source = ?1) FROM runs", ("a.json",)).fetchone()
    passes = c.execute("SELECT count(*) FROM passes JOIN runs ON runs.id = run_id"
                       " WHERE source = ?1", ("a.json",)).fetchone()[0]
    assert (runs, a, passes) == (2 if d.startswith("old") else 1, 1, 18), (d, runs, a, passes)'
}

# A history add killed at several points leaves the database whole.
t_history_add_killed() {
	hkill_at 0
}

# ... and killed at any point: before each call that changes its files.
t_long_history_add_killed_anywhere() {
	hkill_at 1
}

# A real run's document, as --json writes it, every pass stored.
t_history_real_run() {
	"$SK" --pipe 1 -t 0.1 --repeat 2 --json r.json --temp-path "$TMP" >/dev/null 2>&1 ||
		fail "the run failed"
	expect_exit 0 "$SK" history add h.db r.json --label commit=1234abc
	expect_match 'added r\.json as run 1 of series 1 \(pipe x1.*\): 2 passes' "$OUT"
	py 'import sqlite3; c = sqlite3.connect("h.db")
k = dict(c.execute("SELECT key, count(*) FROM passes JOIN metrics ON metrics.id = metric_id GROUP BY key"))
assert k["pipe.ops_per_sec"] == 2 and k["pipe.MB_per_sec_pipe_write_rate"] == 2, k
r = c.execute("SELECT kernel, stresskit_version, bogo_versions FROM runs").fetchone()
assert r[0] and r[1] and r[2].startswith("pipe="), r'
}

# A -6% step at run 24 of 40: found there, with the commits either side,
# compare's change, interval and word; a flat line has none. The step is
# the line's last change point and a regression: exit 2, as compare's,
# for CI; a line whose last change is an improvement is not regressed.
t_history_changes() {
	hseries s 40 24 -6
	"$SK" history add h.db s-0[01]?.json s-02[0-3].json >/dev/null
	"$SK" history add h.db s-024.json --label commit=c024 >/dev/null
	"$SK" history add h.db s-02[5-9].json s-03?.json >/dev/null
	expect_exit 2 "$SK" history changes h.db
	expect_match '^  regressed since index 24: its last change point$' "$OUT"
	expect_match '^series 1: getppidk x1 getppidk-calls=100 -t 0\.2 on hostA' "$OUT"
	expect_match '^getppidk\.ops_per_sec: 1 change point in 40 runs \(E-Divisive means, t-test p < 0\.001, 5 runs a side\)$' "$OUT"
	expect_match '^  index 24 \(run 25\): run 24 -> c024 -6\.[0-9]% \[-[0-9.]+%, -[0-9.]+%\] p=[0-9.e-]+ changed regression$' "$OUT"
	hseries u 40 24 6
	"$SK" history add up.db u-*.json >/dev/null
	expect_exit 0 "$SK" history changes up.db --metric getppidk.ops_per_sec
	expect_match 'changed improvement$' "$OUT"
	expect_no_match 'regressed since' "$OUT"
	hseries f 40 40 0
	"$SK" history add flat.db f-*.json >/dev/null
	expect_exit 0 "$SK" history changes flat.db --metric getppidk.ops_per_sec
	expect_match '^getppidk\.ops_per_sec: 0 change points in 40 runs' "$OUT"
	expect_exit 1 "$SK" history changes missing.db
	one_line "$ERR"
	expect_exit 1 "$SK" history changes h.db --max-p 2
	one_line "$ERR"
	expect_match "invalid --max-p '2'" "$ERR"
}

# The envelope's line: a step under 1% is found at its floor (0.5%),
# and a run slow from start to end (a stretch of the machine that held
# the whole invocation) is left out, not read as the line's noise; the
# mean's line, whose floor is 1%, finds no step.
t_history_changes_envelope() {
	hseries e 40 24 -0.8 10000 9,30
	"$SK" history add e.db e-*.json >/dev/null
	expect_exit 2 "$SK" history changes e.db --metric getppidk.envelope.bogo-ops-per-second-real-time
	expect_match '^getppidk\.envelope\.bogo-ops-per-second-real-time: 1 change point in 40 runs' "$OUT"
	expect_match '^  index 24 \(run 25\): run 24 -> run 25 -0\.[6-9]% \[-[0-9.]+%, -[0-9.]+%\] p=[0-9.e-]+ changed regression$' "$OUT"
	expect_exit 0 "$SK" history changes e.db --metric getppidk.ops_per_sec
	expect_match '^getppidk\.ops_per_sec: 0 change points in 40 runs' "$OUT"
}

# Every verb's line goes through the option engine: an option means and
# is checked the same in each verb that takes it, its errors name the
# verb, and each verb answers --help with its own usage.
t_history_verbs_options() {
	for verb in show export changes report; do
		expect_exit 1 "$SK" history $verb x.db --series 0
		one_line "$ERR"
		expect_match "^stresskit: error: history $verb: invalid --series '0': expected a series number \\(history list\\)\$" "$ERR"
		expect_exit 1 "$SK" history $verb x.db --bogus
		expect_match "^stresskit: error: history $verb: unknown option --bogus \\(see stresskit history $verb --help\\)\$" "$ERR"
		expect_exit 0 "$SK" history $verb --help
		expect_match "^usage: stresskit history $verb \\[--series N\\]" "$OUT"
		expect_match "^  --series N  .* \\(1 or more\\)\$" "$OUT"
	done
	expect_exit 1 "$SK" history show x.db --last 0
	expect_match "invalid --last '0': expected a number of runs, 1 or more" "$ERR"
	expect_exit 1 "$SK" history changes x.db --last=5
	expect_match "invalid --last '5': expected a number of runs, 6 or more" "$ERR"
	expect_exit 1 "$SK" history list x.db y.db
	expect_match "history list: unexpected argument 'y\\.db'" "$ERR"
	expect_exit 1 "$SK" history import-lkp x.db r --label =v
	expect_match "history import-lkp: invalid --label '=v': expected NAME=VALUE" "$ERR"
	[ ! -e x.db ] || fail "a refused line made x.db"
}

# The report: one HTML file, no script and nothing fetched, the change
# points' table first, a chart per KPI line with its change point marked
# and labelled, the environment; written by rename, so a failed write
# leaves the previous page.
t_history_report() {
	hseries s 30 15 -8
	"$SK" history add h.db s-0*.json >/dev/null
	expect_exit 0 "$SK" history report h.db -o report.html
	expect_match '^history: wrote report\.html: 2 KPI lines of 1 series$' "$OUT"
	py 'import re
h = open("report.html").read()
assert h.startswith("<!DOCTYPE html>")
assert "<script" not in h and not re.search(r"(src|href)=\"(https?:)?//", h)
t = h.index("<table id=\"change-points\">")
assert t < h.index("<svg"), "the table comes first"
rows = re.findall(r"<tr class=\"change-point regression\">(.*?)</tr>", h)
assert len(rows) == 2 and all("<td class=\"num\">15</td>" in r and "changed regression" in r for r in rows), rows
assert len(re.findall(r"<div class=\"chart\" id=\"chart-1-getppidk\.", h)) == 2
assert h.count("class=\"change-point\"><title>-8.") == 2
assert h.count("<g class=\"run\">") == 60
assert "<table class=\"environment\" id=\"environment-1\">" in h and "6.1.0-test" in h'
	# a directory that cannot be written: one line, the old page kept
	mkdir ro && cp report.html ro/ && chmod 555 ro
	if [ "$(id -u)" != 0 ]; then
		expect_exit 1 "$SK" history report h.db -o ro/report.html
		one_line "$ERR"
	fi
	expect_exit 1 "$SK" history report h.db
	one_line "$ERR"
	expect_match '^stresskit: error: history report: needs --output FILE \(see stresskit history report --help\)$' "$ERR"
}

# lkp_root RESULT_ROOT_DIR COMMIT OPS_PER_SEC...: an lkp-tests result tree
# for one commit of stress-ng (1-getppidk) on tbox hostA, one run
# directory N/stats.json per value and the commit's matrix.json, laid out
# and united as lkp-tests' lib/result.rb (ResultPath's default scheme),
# lib/matrix.rb (create_stats_matrix: a one-sample stat is its value) and
# lib/stats.rb (add_stats_to_matrix: a column a run, stats_source naming
# each run's stats.json) make them.
lkp_root() {
	python3 - "$@" <<'PY'
import json, os, sys
top, commit, vals = sys.argv[1], sys.argv[2], sys.argv[3:]
rt = os.path.join(top, "stress-ng", "1-getppidk-100", "hostA", "debian-12", "x86_64-rhel-9.4", "gcc-12", commit)
matrix = {}
for n, v in enumerate(vals):
    d = os.path.join(rt, str(n))
    os.makedirs(d, exist_ok=True)
    v = float(v)
    stats = {"stress-ng.getppidk.ops": int(v * 60), "stress-ng.getppidk.ops_per_sec": v,
             "stress-ng.time.elapsed_time": 60.1, "stats_source": os.path.join(d, "stats.json")}
    json.dump(stats, open(os.path.join(d, "stats.json"), "w"))
    for k, x in stats.items():
        matrix.setdefault(k, []).append(x)
json.dump(matrix, open(os.path.join(rt, "matrix.json"), "w"))
PY
}

# An lkp-tests result tree imported: a commit's matrix.json as one run
# whose passes are its runs, lkp's stat names and KPIs kept, the commit
# as its label, the path less commit and run as its series; a run's
# stats.json as one pass; a directory that is neither in one line.
t_history_import_lkp() {
	c1=1111111111111111111111111111111111111111
	c2=2222222222222222222222222222222222222222
	lkp_root lkp $c1 5000 5050 4950
	lkp_root lkp $c2 4500 4550 4450
	rt=lkp/stress-ng/1-getppidk-100/hostA/debian-12/x86_64-rhel-9.4/gcc-12
	expect_exit 0 "$SK" history import-lkp h.db $rt/$c1 $rt/$c2
	expect_match "^history: added $rt/$c1/matrix\\.json as run 1 of series 1 \\(stress-ng 1-getppidk-100 \\(lkp-tests\\)\\): 3 passes, 9 figures$" "$OUT"
	expect_exit 0 "$SK" history list h.db
	expect_match '^ +1 +2  [0-9a-f]{12}  hostA \(lkp-tests\) +stress-ng 1-getppidk-100 \(lkp-tests\)$' "$OUT"
	expect_exit 0 "$SK" history show h.db
	expect_match '^stress-ng\.getppidk\.ops_per_sec \[KPI\]' "$OUT"
	expect_match "^ +1  1111111111111111 +1111111111111111.* +3 +5000 +4950 +5050$" "$OUT"
	expect_match "^ +2  2222222222222222 .* +3 +4500 +4450 +4550$" "$OUT"
	# a run's own directory: one pass, of the commit above it
	expect_exit 0 "$SK" history import-lkp runs.db $rt/$c1/1
	expect_match 'added .*/1/stats\.json as run 1 of series 1 .*: 1 passes, 3 figures$' "$OUT"
	expect_exit 0 "$SK" history show runs.db
	expect_match "^ +1  1111111111111111 .* +1 +5050 +5050 +5050$" "$OUT"
	# the same commit again: refused; not a result root: one line
	expect_exit 1 "$SK" history import-lkp h.db $rt/$c1
	one_line "$ERR"
	expect_match 'already in h\.db as run 1' "$ERR"
	expect_exit 1 "$SK" history import-lkp h.db lkp
	one_line "$ERR"
	expect_match "^stresskit: error: history: lkp: not an lkp-tests result root" "$ERR"
}

# kcidb_check FILE: the structure this repository promises (always), and
# kcidb-io's own schema (LATEST, v5.3 today) when KCIDB_IO_SRC is a
# checkout of kernelci/kcidb-io and python3-jsonschema is installed.
kcidb_check() {
	py 'import json, sys
d = json.load(open(sys.argv[1]))
assert d["version"] == {"major": 5, "minor": 3}
assert d["tests"] and all(t["path"].startswith("stresskit.") and t["origin"] == "stresskit" for t in d["tests"])
assert all(t["status"] == "DONE" and t["number"]["unit"] == "bogo-ops/s" for t in d["tests"])
builds = {b["id"] for b in d["builds"]}
assert all(t["build_id"] in builds for t in d["tests"])' "$1"
	if [ -n "${KCIDB_IO_SRC:-}" ]; then
		PYTHONPATH=$KCIDB_IO_SRC python3 -c 'import json, sys, kcidb_io
kcidb_io.schema.LATEST.validate(json.load(open(sys.argv[1])))
print("kcidb-io: valid against v%d.%d" % (kcidb_io.schema.LATEST.major, kcidb_io.schema.LATEST.minor))' "$1" ||
			fail "kcidb-io's schema refused $1"
	else
		echo "note: KCIDB_IO_SRC unset: $1 not checked against kcidb-io's schema"
	fi
}

# --kcidb on a run and on history export: KCIDB I/O JSON, each stressor a
# test stresskit.NAME whose number is its ops/s.
t_history_kcidb() {
	"$SK" --pipe 1 -t 0.1 --repeat 2 --json r.json --kcidb k.json --temp-path "$TMP" \
		>/dev/null 2>&1 || fail "the run failed"
	kcidb_check k.json
	py 'import json
k, r = json.load(open("k.json")), json.load(open("r.json"))
t = [t for t in k["tests"] if t["path"] == "stresskit.pipe"][0]
v = [run["metrics"][0]["bogo-ops-per-second-real-time"] for run in r["runs"]]
assert abs(t["number"]["value"] - sum(v) / len(v)) < 1e-6 * t["number"]["value"], (t, v)
assert t["misc"]["passes"] == v'
	hseries s 4 4 0
	"$SK" history add h.db s-000.json --label commit=0123456789abcdef0123456789abcdef01234567 >/dev/null
	"$SK" history add h.db s-001.json s-002.json >/dev/null
	expect_exit 0 "$SK" history export h.db --kcidb e.json
	expect_match '^history: wrote e\.json: KCIDB I/O v5\.3, 3 tests$' "$OUT"
	kcidb_check e.json
	py 'import json
d = json.load(open("e.json"))
assert [c.get("git_commit_hash") for c in d["checkouts"]][0] == "0123456789abcdef0123456789abcdef01234567"
assert [t["path"] for t in d["tests"]] == ["stresskit.getppidk"] * 3
assert [t["status"] for t in d["tests"]] == ["DONE"] * 3'
	# a file that cannot be written: one line before the run
	expect_exit 1 "$SK" --pipe 1 -t 0.1 --kcidb nodir/k.json --temp-path "$TMP"
	one_line "$ERR"
	expect_match 'kcidb' "$ERR"
}

# The report in a real browser (Debian's chromium, headless; setup.sh
# --long installs it): the page loads from the file alone, its
# screenshot is not blank and shows the runs (blue) and the change
# point's mark (red), and the DOM the browser built has both charts and
# the change-point table.
t_long_history_report_browser() {
	browser=$(command -v chromium || command -v chromium-browser || true)
	if [ -z "$browser" ]; then
		echo "skip: chromium is not installed (./setup.sh --long)"
		return 0
	fi
	hseries s 30 15 -8
	"$SK" history add h.db s-0*.json >/dev/null
	"$SK" history report h.db -o "$TMP/report.html" >/dev/null
	# no network: any fetch the page tried would fail, not hang
	set -- --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
		--user-data-dir="$TMP/profile" --proxy-server=127.0.0.1:9 --window-size=1000,1600
	timeout 180 "$browser" "$@" --screenshot="$TMP/shot.png" "file://$TMP/report.html" \
		>"$TMP/shot.log" 2>&1 || fail "no screenshot: $(tail -5 "$TMP/shot.log")"
	timeout 180 "$browser" "$@" --dump-dom "file://$TMP/report.html" >"$TMP/dom.html" \
		2>"$TMP/dom.log" || fail "no DOM: $(tail -5 "$TMP/dom.log")"
	set -- $(python3 "$SK_SRC/tests/integration/png_colors.py" "$TMP/shot.png")
	echo "screenshot: ${1}x$2, $3 pixels not white, $4 red, $5 blue"
	[ "$1" = 1000 ] && [ "$2" -ge 1000 ] || fail "screenshot of ${1}x$2"
	# not blank: a page's worth of text, lines and points
	[ "$3" -gt 10000 ] || fail "a blank screenshot: $3 pixels not white"
	[ "$4" -gt 50 ] || fail "no change point marked in red: $4 pixels"
	[ "$5" -gt 200 ] || fail "no runs drawn in blue: $5 pixels"
	py 'import re
d = open("'"$TMP"'/dom.html").read()
assert len(re.findall(r"<div class=\"chart\" id=\"chart-1-", d)) == 2, "charts"
assert d.count("<svg") == 2
t = re.search(r"<table id=\"change-points\">.*?</table>", d, re.S).group(0)
assert t.count("<tr class=\"change-point regression\">") == 2, t
assert "changed regression" in t'
}

# A run whose stressor failed a pass is stored with that status, and
# history export marks it FAIL (and gives it no figure); each pass's
# envelope goes beside its ops/s in KCIDB, from a run and from history.
t_history_status_and_envelope() {
	"$SK" --getppid1 1 -t 0.5 --repeat 2 --json r.json --kcidb k.json >/dev/null 2>&1 ||
		fail "the run failed"
	py 'import json
k, r = json.load(open("k.json")), json.load(open("r.json"))
t = [t for t in k["tests"] if t["path"] == "stresskit.getppid1"][0]
assert t["misc"]["envelope-passes"] == [p["metrics"][0]["envelope"]["bogo-ops-per-second-real-time"] for p in r["runs"]], t
d = json.load(open("r.json"))
d["runs"][1]["metrics"][0]["status"] = 2
json.dump(d, open("failed.json", "w"))'
	expect_exit 0 "$SK" history add h.db r.json
	expect_exit 0 "$SK" history add h.db failed.json
	expect_exit 0 "$SK" history export h.db --kcidb e.json
	py 'import json
t = json.load(open("e.json"))["tests"]
assert [x["status"] for x in t] == ["DONE", "FAIL"], t
assert "number" in t[0] and "number" not in t[1], t
assert len(t[0]["misc"]["envelope-passes"]) == 2, t[0]'
}
