# test_compare_bisect.sh - compare --bisect drives a real git bisect run:
# a throw-away repository whose commits change the work of a bogo-op (the
# work plugin's getppid() calls) at a known commit, each commit built and
# run by the bisect script, judged against the first commit's runs.

# bisect_repo COMMITS BAD: $TMP/repo, COMMITS commits of work.c, WORK 10
# up to commit BAD - 1 and 20 from commit BAD on.
bisect_repo() {
	mkdir repo
	git -C repo init -q
	for c in $(seq 1 "$1"); do
		w=10
		[ "$c" -ge "$2" ] && w=20
		sed "s/^#define WORK 10$/#define WORK $w/" \
			"$SK_SRC/tests/integration/plugins/work.c" >repo/work.c
		echo "commit $c" >repo/log
		git -C repo add work.c log
		git -C repo -c user.name=t -c user.email=t@t commit -q -m "commit $c"
	done
}

# The bisect script: build the plugin of the commit checked out, run it,
# and let compare's verdict be git bisect run's exit code.
bisect_script() {
	cat >bisect.sh <<SCRIPT
#!/bin/sh
cc -O2 -shared -fPIC -I"$SK_SRC/include" "$TMP/repo/work.c" -o "$TMP/work.so" || exit 125
"$SK" --plugin "$TMP/work.so" --work 1 --repeat auto -t 0.5s --json "$TMP/new.json" \
	>/dev/null 2>&1 || exit 125
exec "$SK" compare --bisect --equivalence 20 "$TMP/base.json" "$TMP/new.json"
SCRIPT
	chmod +x bisect.sh
}

# Long (make test-long: a build and a run at each step of the bisect),
# and alone: every commit's runs are judged against the first's, made
# minutes apart, and tests beside them would move the share of the CPUs
# they get.
# The change looked for is 2x the work, so a 20% margin is what "the same"
# means to this bisect: two invocations of one commit minutes apart differ
# by up to 8% on a quiet 2-CPU machine now and then. Passes of 0.5 s
# (an envelope) and --repeat auto (until 3 are out of the host's slow
# stretches), so a noisy host does not make a step inconclusive.
t_long_alone_compare_bisect_finds_commit() {
	bisect_repo 8 5
	bisect_script
	git -C repo checkout -q HEAD~7
	cc -O2 -shared -fPIC -I"$SK_SRC/include" repo/work.c -o work.so
	"$SK" --plugin "$TMP/work.so" --work 1 --repeat auto -t 0.5s --json base.json >/dev/null 2>&1
	git -C repo checkout -q master 2>/dev/null || git -C repo checkout -q main
	git -C repo bisect start HEAD HEAD~7 >/dev/null
	git -C repo bisect run "$TMP/bisect.sh" >bisect.out 2>&1 || fail "bisect run: $(cat bisect.out)"
	want=$(git -C repo log --all --format=%H --grep='^commit 5$')
	grep -q "^$want is the first bad commit" bisect.out ||
		fail "not commit 5 ($want): $(cat bisect.out)"
	git -C repo bisect reset >/dev/null 2>&1
}

# Its exit codes, one by one: bad input aborts the bisect (128), a change
# is bad (1), and the verdicts of compare without --bisect stand apart.
t_compare_bisect_codes() {
	crafted base.json 100 101 99 100.5 99.5
	crafted down.json 50 51 49 50.5 49.5
	expect_exit 1 "$SK" compare --bisect base.json down.json
	expect_match '^verdict: pipe\.ops_per_sec changed -50\.0% ' "$OUT"
	expect_exit 2 "$SK" compare base.json down.json
	expect_exit 128 "$SK" compare --bisect base.json nosuch.json
	expect_exit 1 "$SK" compare base.json nosuch.json
	# a usage error aborts too, wherever --bisect stands; a value that
	# reads "--bisect" is the option's value, not the flag
	expect_exit 128 "$SK" compare --nosuch --bisect base.json down.json
	expect_exit 128 "$SK" compare --bisect --alpha 2 base.json down.json
	expect_exit 1 "$SK" compare --noise --bisect base.json down.json
}
