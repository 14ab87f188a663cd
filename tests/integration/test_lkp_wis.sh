# test_lkp_wis.sh - contrib/lkp/will-it-scale: a will-it-scale tree
# (install.sh) whose runtest.py LKP's will-it-scale program runs
# unchanged: its arguments as LKP passes them, upstream's one-argument
# form, only runtest.py's CSV on stdout (the keys LKP's parser takes from
# it, through lkp_wis_parse.py, and through lkp-tests' own run and parse
# where LKP_SRC names a checkout), and the TEST_processes / TEST_threads
# programs in will-it-scale's interface.

WIS=$SK_SRC/contrib/lkp/will-it-scale

# wis_tree: the tree in $TMP/wis; warmups of 0.1 s keep the runs short
wis_tree() {
	"$WIS/install.sh" "$TMP/wis" "$SK" >/dev/null || fail "install.sh failed"
	export STRESSKIT="$SK" STRESSKIT_WIS_WARMUP=0.1
}

t_lkp_wis_install() {
	wis_tree
	[ -x "$TMP/wis/runtest.py" ] || fail "no runtest.py"
	# LKP's run checks that "ls *TEST_*" finds the test's programs
	for n in pread2 getppid1 pthread_mutex1; do
		(cd "$TMP/wis" && ls *"${n}_"* >/dev/null 2>&1) || fail "no ${n}_ programs"
		[ -x "$TMP/wis/${n}_processes" ] && [ -x "$TMP/wis/${n}_threads" ] || fail "$n"
	done
	# stress-ng's names are no will-it-scale case
	[ ! -e "$TMP/wis/sendfile_processes" ] || fail "sendfile installed as a case"
}

# wis_runtest OUT MODE TASKS ARG...: runtest.py ARG... to OUT (its stderr
# in err), and its CSV's shape (wis_shape OUT MODE TASKS) in $why. A column
# of a mode run reads as one not run when its instances did no op in
# their 1 s: on a loaded 2-CPU machine a process can get no CPU for
# seconds (the parallel suite's load stalled one through a whole step
# in 1 run in 60). So one more run, for that one reading alone: a mode
# that is truly not run reads so both times.
wis_runtest() {
	out=$1 mode=$2 tasks=$3
	shift 3
	for try in 1 2; do
		python3 ./runtest.py "$@" >"$out" 2>err || fail "runtest.py: $(cat err)"
		why=$(wis_shape "$out" "$mode" "$tasks") && return 0
		case $why in *" not run: "*) ;; *) return 1 ;; esac
		echo "    $why (try $try)"
	done
	return 1
}

# LKP's call: runtest.py TEST DURATION MODE NO_AFFINITY SMT TASKS...
t_long_lkp_wis_runtest_lkp_args() {
	wis_tree
	cd "$TMP/wis"
	# both: each column run (one mode alone: LKP's own run, below)
	wis_runtest w.csv both 1,2 pread2 1 both 0 0 1 2 || fail "$why: $(cat w.csv)"
	wis_keys w.csv both 1,2
	# stresskit's lines are on stderr, the CSV alone on stdout
	expect_match 'metrc: .* scale: pread2, thread instances' "$(cat err)"
	[ "$(cat pread2.title)" = "$("$SK" --stressors | awk '$1 == "pread2" { $1 = ""; sub(/^ +/, ""); print }')" ] ||
		fail "title: $(cat pread2.title)"
	# LKP's one-shot job (nr_task set) passes one task count, one mode
	wis_runtest one.csv thread 2 getppid1 1 thread 1 0 2 ||
		fail "one task count: $why: $(cat one.csv)"
}

# upstream's runtest.py TEST: 5 s a step, both modes, 1 to every CPU. A
# stand-in stresskit records the sweep it is asked for (the real one would
# take 10 s a CPU) and writes a CSV; runtest.py prints that, and no more.
t_lkp_wis_runtest_upstream_form() {
	wis_tree
	cat >"$TMP/fake-sk" <<'SH'
#!/bin/sh
[ "$1" = --stressors ] && { echo "getppid1     a summary"; exit 0; }
echo "$*" >"$FAKE_ARGS"
while [ $# -gt 0 ]; do
	[ "$1" = --scale-csv ] && printf 'tasks,processes,processes_idle,threads,threads_idle,linear\n0,0,100,0,100,0\n' >"$2"
	shift
done
echo "a line of the sweep"
SH
	chmod +x "$TMP/fake-sk"
	cd "$TMP/wis"
	expect_exit 0 env STRESSKIT="$TMP/fake-sk" FAKE_ARGS="$TMP/args" python3 ./runtest.py getppid1
	n=$(getconf _NPROCESSORS_ONLN)
	expect_match "^--getppid1 $n --scale --scale-steps $(seq -s, 1 "$n") --scale-format will-it-scale --instance-mode both --timeout 5s --warmup 0.1s " "$(cat "$TMP/args")"
	[ "$OUT" = "$(printf 'tasks,processes,processes_idle,threads,threads_idle,linear\n0,0,100,0,100,0')" ] ||
		fail "stdout is not the CSV alone: $OUT"
	expect_match '^a line of the sweep$' "$ERR"
}

t_lkp_wis_bad_input() {
	wis_tree
	cd "$TMP/wis"
	for args in "pread2 1 sideways 0 0 1" "pread2 0 both 0 0 1" "pread2 1 both 0 0 x" \
		"nosuch9 1 both 0 0 1" "pread2 1 both"; do
		expect_exit 1 python3 ./runtest.py $args
		one_line "$ERR"
		expect_match '^runtest.py: ' "$ERR"
		[ -z "$OUT" ] || fail "output for $args: $OUT"
	done
	expect_exit 1 env STRESSKIT_WIS_WARMUP=soon python3 ./runtest.py pread2 1 both 0 0 1
	expect_match "STRESSKIT_WIS_WARMUP 'soon' is not a number" "$ERR"
}

# TEST_threads -t N -s S: will-it-scale's test program, the lines
# runtest.py reads from it.
t_lkp_wis_test_program() {
	wis_tree
	expect_exit 0 "$TMP/wis/pread2_threads" -t 2 -s 1 -n
	expect_match "^testcase:pread the same" "$OUT"
	expect_match '^average:[1-9][0-9]*$' "$OUT"
	expect_exit 1 "$TMP/wis/pread2_processes" -t 0
	one_line "$ERR"
}

# lkp-tests' own programs/will-it-scale/run and parse, unchanged, on the
# tree as $BENCHMARK_ROOT/will-it-scale (where LKP_SRC names a checkout).
t_lkp_wis_lkp_tests() {
	[ -n "${LKP_SRC:-}" ] && [ -f "$LKP_SRC/programs/will-it-scale/run" ] ||
		{ echo "skip: LKP_SRC names no lkp-tests checkout"; return 0; }
	command -v ruby >/dev/null 2>&1 || { echo "skip: no ruby for LKP's parse"; return 0; }
	"$WIS/install.sh" "$TMP/br/will-it-scale" "$SK" >/dev/null || fail "install.sh failed"
	for mode in thread both; do
		env BENCHMARK_ROOT="$TMP/br" STRESSKIT="$SK" STRESSKIT_WIS_WARMUP=0.1 \
			suite=will-it-scale test=pread2 mode=$mode nr_task=2 runtime=6 \
			bash "$LKP_SRC/programs/will-it-scale/run" >run.out 2>run.err ||
			fail "LKP's run: $(cat run.err)"
		# LKP's run logs its commands on stdout too: runtest.py's lines stay whole
		expect_match '^[0-9-]+ [0-9:]+ python3 \./runtest\.py pread2 1 '$mode' 0 0 2$' "$(cat run.out)"
		grep -Ev '^[0-9-]+ [0-9:]+ ' run.out >w.csv
		why=$(wis_shape w.csv $mode 2) || fail "$why: $(cat run.out)"
		ruby "$LKP_SRC/programs/will-it-scale/parse" <run.out >keys || fail "LKP's parse failed"
		expect_match '^per_thread_ops: [1-9][0-9]*$' "$(cat keys)"
		expect_match '^workload: [1-9][0-9]*$' "$(cat keys)"
		expect_match '^2\.threads: [1-9][0-9]*$' "$(cat keys)"
		# the same keys as the mirror of its rules gives
		python3 "$SK_SRC/tests/integration/lkp_wis_parse.py" <run.out >mirror
		cmp -s keys mirror || fail "LKP's parse and the mirror differ: $(diff keys mirror)"
	done
}
