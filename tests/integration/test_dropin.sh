# test_dropin.sh - stresskit as a drop-in for stress-ng: called as stress-ng
# its output passes LKP's parse rules; stress-ng options it does not
# implement are refused by name; every bad value is refused before anything
# starts.

# lkp_parse FILE BRIEF: LKP's rules for stress-ng output. Every line starts
# "stress-ng: TAG: [pid]"; a stressor's row has 10 fields (12 with
# --metrics); a misc-metric line ends "(geometric mean of N instances)".
# Prints "NAME OPS" for each row, fails on a line that breaks a rule.
lkp_parse() {
	awk -v brief="$2" '
	!/^stress-ng: (info|metrc|debug|warn|fail|error): +\[[0-9]+\] / { print "bad prefix: " $0; bad = 1; next }
	$2 != "metrc:" { next }
	$4 == "stressor" || $4 ~ /^\(secs\)/ || $4 == "miscellaneous" { next }
	$5 ~ /^[0-9]+$/ && $6 ~ /^[0-9.]+$/ {
		want = brief ? 10 : 12
		if (NF != want) { print "row of " NF " fields, not " want ": " $0; bad = 1 }
		print "ROW", $4, $5
		next
	}
	/\(geometric mean of [0-9]+ instances\)$/ {
		if ($5 !~ /^[0-9.]+$/) { print "misc value not a number: " $0; bad = 1 }
	}
	END { exit bad }' "$1"
}

t_long_dropin_lkp_parse_every_stressor() {
	ln -s "$SK" stress-ng
	for s in $("$SK" --stressors | awk '{ print $1 }'); do
		for brief in 1 0; do
			m=--metrics; [ $brief = 1 ] && m=--metrics-brief
			set +e
			./stress-ng --$s 1 --$s-ops 20 -t 5 $m --temp-path "$TMP" >out 2>err
			rc=$?
			if [ $rc = 1 ] && grep -q thread err; then
				./stress-ng --$s 1 --$s-ops 20 -t 5 $m --instance-mode thread \
					--temp-path "$TMP" >out 2>err
				rc=$?
			fi
			set -e
			[ $rc = 0 ] || [ $rc = 4 ] || fail "$s $m: exit $rc: $(cat err)"
			[ $rc = 4 ] && continue
			lkp_parse out $brief >parsed || fail "$s $m: $(cat parsed)"
			grep -q "^ROW $s [0-9]" parsed || fail "$s $m: no row: $(cat out)"
			[ ! -s err ] || lkp_parse err $brief >/dev/null || fail "$s: stderr: $(cat err)"
		done
	done
	rm -f stress-ng out err parsed
	no_leftovers "$TMP"
}

t_dropin_lkp_job_line() {
	ln -s "$SK" stress-ng
	# lkp-tests' stress-ng job, as it runs it (100%: one per CPU)
	expect_exit 0 ./stress-ng --timeout 1 --times --verify --metrics --no-rand-seed \
		--pipe 100% --temp-path "$TMP"
	printf '%s\n' "$OUT" >out
	lkp_parse out 0 >parsed || fail "$(cat parsed)"
	expect_match '^stress-ng: info: +\[[0-9]+\] successful run completed' "$OUT"
	expect_match '^stress-ng: info: +\[[0-9]+\] +[0-9.]+s available CPU time' "$OUT"
	rm -f stress-ng out parsed
}

t_dropin_prefix_overridable() {
	ln -s "$SK" stress-ng
	expect_exit 0 ./stress-ng --log-prefix other --pipe 1 --pipe-ops 5 --temp-path "$TMP"
	expect_match '^other: info: ' "$OUT"
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 5 --temp-path "$TMP"
	expect_match '^stresskit: info: ' "$OUT"
	rm -f stress-ng
}

t_dropin_unimplemented_refused_by_name() {
	ln -s "$SK" stress-ng
	for o in --aggressive --maximize --thrash --abort; do
		expect_exit 1 ./stress-ng $o --pipe 1 --temp-path "$TMP"
		one_line "$ERR"
		expect_match "^stress-ng: error: stress-ng's $o is not implemented by stresskit" "$ERR"
		[ -z "$OUT" ] || fail "output for $o: $OUT"
	done
	expect_exit 1 "$SK" --aggressive --pipe 1 --temp-path "$TMP"
	expect_match "^stresskit: error: stress-ng's --aggressive is not implemented" "$ERR"
	expect_exit 1 "$SK" --nosuch-thing --pipe 1 --temp-path "$TMP"
	expect_match "unknown option --nosuch-thing" "$ERR"
	# allowed in stress-ng, and stresskit has nothing it would allow
	expect_exit 0 ./stress-ng --pathological --pipe 1 --pipe-ops 5 --temp-path "$TMP"
	# stresskit's stressors allocate fixed sizes: nothing to back off from
	expect_exit 0 ./stress-ng --oom-avoid --pipe 1 --pipe-ops 5 --temp-path "$TMP"
	rm -f stress-ng
}

# --timestamp: stress-ng's "hh:mm:ss.cc " after the prefix on every line;
# --settings: after the run, the options given, sorted, one per line.
t_dropin_timestamp_settings() {
	ln -s "$SK" stress-ng
	expect_exit 0 ./stress-ng --timestamp --settings --pipe 1 --pipe-ops 50 \
		--pipe-data-size 1K --taskset 0 --temp-path "$TMP"
	expect_no_match '^stress-ng: [^0-9]' "$OUT"
	expect_match '^stress-ng: [0-2][0-9]:[0-5][0-9]:[0-6][0-9]\.[0-9]{2} info:  \[[0-9]+\] successful run completed' "$OUT"
	# the timestamps are only an insertion: LKP's rows parse once they are gone
	printf '%s\n' "$OUT" | sed -E 's/^stress-ng: [0-9:.]+ /stress-ng: /' >out
	lkp_parse out 1 >parsed || fail "$(cat parsed)"
	grep -q '^ROW pipe 50$' parsed || fail "no pipe row of 50 ops: $(cat parsed)"
	settings=$(printf '%s\n' "$OUT" | sed -n '/stress-ng settings:$/,$p' |
		sed -E 's/^stress-ng: [0-9:.]+ info:  \[[0-9]+\]  ?//')
	want=$(printf '%s\n' 'stress-ng settings:' \
		'pipe-data-size       1K (uint64_t)' \
		'pipe-ops             50 (uint64_t)' \
		'taskset              0 (string)' \
		'temp-path            '"$TMP"' (string)')
	[ "$settings" = "$want" ] || fail "settings: $settings"
	# a job file's options count too; without --settings, no list
	printf 'pipe 1\npipe-ops 5\ntimeout 9s\n' >set.job
	expect_exit 0 ./stress-ng --settings --job set.job --temp-path "$TMP"
	expect_match 'info:  \[[0-9]+\]  timeout              9s \(double\)$' "$OUT"
	expect_exit 0 ./stress-ng --pipe 1 --pipe-ops 5 --temp-path "$TMP"
	expect_no_match 'settings:' "$OUT"
	rm -f stress-ng out parsed set.job
}

# --status N as stress-ng prints it: its words byte for byte, numbers that
# add up to the instances, and LKP's parser still reads the output.
t_dropin_status() {
	ln -s "$SK" stress-ng
	expect_exit 0 ./stress-ng --status 1 --timeout 2.5 --metrics-brief --pipe 2 \
		--temp-path "$TMP"
	status_lines stress-ng 2 "$OUT"
	printf '%s\n' "$OUT" >out
	lkp_parse out 1 >parsed || fail "$(cat parsed)"
	grep -q '^ROW pipe [1-9]' parsed || fail "no pipe row: $OUT"
	expect_exit 1 ./stress-ng --status 0 --pipe 1 --temp-path "$TMP"
	expect_match "^stress-ng: error: invalid --status '0'" "$ERR"
	rm -f stress-ng out parsed
}

# early_refusal ARGS...: exit 1, at most 2 lines, no run started, no file made.
early_refusal() {
	expect_exit 1 "$SK" "$@"
	[ "$(printf '%s\n' "$ERR" | wc -l)" -le 2 ] || fail "more than 2 lines: $ERR"
	expect_match '^stresskit: error: ' "$ERR"
	expect_no_match 'dispatching' "$OUT$ERR"
	[ -z "$OUT" ] || fail "output for $*: $OUT"
	[ -z "$(ls -A "$TMP")" ] || fail "files made for $*: $(ls -A "$TMP")"
}

t_dropin_values_checked_before_start() {
	early_refusal --pipe 1 --temp-path /nonexistent/dir
	early_refusal --pipe 1 --temp-path /etc/passwd
	early_refusal --pipe 1 --taskset 999 --temp-path "$TMP"
	early_refusal --redis 1 --redis-target nohost --temp-path "$TMP"
	# a name that does not resolve (.invalid never does): before, not after, dispatching
	early_refusal --redis 1 --redis-target nohost.invalid:6379 --temp-path "$TMP"
	expect_match "cannot resolve nohost.invalid" "$ERR"
	early_refusal --redis 1 --redis-target 127.0.0.1:0 --temp-path "$TMP"
	early_refusal --redis 1 --redis-target 127.0.0.1:65536 --temp-path "$TMP"
	early_refusal --pipe 1 --json /nonexistent/r.json --temp-path "$TMP"
	early_refusal --pipe 1 --yaml /nonexistent/r.yaml --temp-path "$TMP"
	early_refusal --pread2 1 --scale --scale-csv /nonexistent/s.csv --temp-path "$TMP"
	early_refusal --pread2 1 --scale --scale-plot "$TMP/" --temp-path "$TMP"
	early_refusal --pipe 1 --pipe-data-size 1M --temp-path "$TMP"
}

# wis_parse FILE: will-it-scale's CSV as LKP reads runtest.py's output: the
# header, the 0 row, then one row per step of 6 numeric fields whose linear
# column is the 1-task step's larger rate times the tasks (the first step here).
wis_parse() {
	awk -F, '
	NR == 1 { if ($0 != "tasks,processes,processes_idle,threads,threads_idle,linear") bad = "header: " $0; next }
	NR == 2 { if ($0 != "0,0,100,0,100,0") bad = "zero row: " $0; next }
	NF != 6 || $1 !~ /^[0-9]+$/ || $2 !~ /^-?[0-9]+$/ || $3 !~ /^[0-9]+\.[0-9][0-9]$/ ||
	$4 !~ /^-?[0-9]+$/ || $5 !~ /^[0-9]+\.[0-9][0-9]$/ || $6 !~ /^[0-9]+$/ { bad = "row: " $0; next }
	NR == 3 { lin = $2 > $4 ? $2 : $4 }
	{ if ($6 != lin * $1) bad = "linear " $6 " is not " lin " x " $1; rows++ }
	END { if (bad) { print bad; exit 1 } print rows }' "$1"
}

t_dropin_will_it_scale_csv() {
	# each step to an ops limit: ops in every row however loaded the
	# machine (a 0.3 s step beside the other tests once got none)
	expect_exit 0 "$SK" --pread2 2 --pread2-ops 20000 --scale-format will-it-scale -t 60 -q \
		--temp-path "$TMP"
	printf '%s\n' "$OUT" >csv
	[ "$(wis_parse csv)" = 2 ] || fail "stdout is not runtest.py's CSV: $(wis_parse csv): $OUT"
	awk -F, 'NR > 2 && ($2 <= 0 || $4 <= 0) { exit 1 }' csv || fail "no ops: $OUT"
	# to a file, the same CSV; a stressor that cannot run as threads gets
	# 0 there, as runtest.py writes for a mode it did not run
	expect_exit 0 "$SK" --pipe 1 --scale-format will-it-scale -t 0.3 \
		--scale-csv "$TMP.csv" --temp-path "$TMP"
	[ "$(wis_parse "$TMP.csv")" = 1 ] || fail "$(cat "$TMP.csv")"
	awk -F, 'NR == 3 && $4 == "0" && $5 == "0.00" { ok = 1 } END { exit !ok }' "$TMP.csv" ||
		fail "pipe's thread column: $(cat "$TMP.csv")"
	rm -f csv "$TMP.csv"
	no_leftovers "$TMP"
}

# LKP's class runs: --sequential N --class C --exclude spawn,exec, names of
# stress-ng stressors stresskit has none of: nothing to leave out, no error;
# a stresskit stressor named is left out; a malformed name is refused.
t_dropin_lkp_class_line() {
	ln -s "$SK" stress-ng
	expect_exit 0 ./stress-ng --timeout 60 --times --verify --metrics --no-rand-seed \
		--sequential 1 --class pipe --exclude spawn,exec,swap,pipe --dry-run
	expect_match 'runs?, stressors in sequence' "$OUT"
	expect_match '1 splice for 60s' "$OUT"
	expect_no_match ' 1 pipe for' "$OUT"
	# stress-ng takes the names of no stressor here silently
	expect_no_match "spawn|exec|swap|warn" "$OUT$ERR"
	expect_exit 1 ./stress-ng --sequential 1 --class pipe --exclude 'pipe,sp awn' --dry-run
	expect_match "^stress-ng: error: invalid stressor name 'sp awn' in --exclude" "$ERR"
	expect_exit 1 ./stress-ng --sequential 1 --with pipe,nosuch --dry-run
	expect_match "unknown stressor 'nosuch' in --with" "$ERR"
	rm -f stress-ng
}
