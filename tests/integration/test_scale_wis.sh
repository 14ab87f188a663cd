# test_scale_wis.sh - --scale-format will-it-scale as LKP runs runtest.py:
# each --instance-mode (LKP's mode: process, thread, both) over the task
# lists {1}, {2}, {1,2}; the CSV's exact shape, the keys LKP's parser gets
# from it (lkp_wis_parse.py), the tables' labels, and the modes a stressor
# refuses left out, not run.

# wis_tables OUT FILE: each table's rows are the CSV's figures of the mode
# its title names (process instances: processes, thread: threads).
wis_tables() {
	printf '%s\n' "$1" | awk -v csv="$2" '
	BEGIN { FS = ","; while ((getline l < csv) > 0) { split(l, f, ","); p[f[1]] = f[2]; t[f[1]] = f[4] }
		FS = " " }
	/ scale: [a-z0-9_]+, (process|thread) instances/ { mode = $0 ~ /, thread instances/ ? "thread" : "process"; seen[mode] = 1; next }
	mode && $2 == "metrc:" && $4 ~ /^[0-9]+$/ && $5 ~ /^[0-9]+\.[0-9]+$/ {
		want = mode == "thread" ? t[$4] : p[$4]
		# the CSV cuts the rate v to an integer, the table rounds it to
		# hundredths: want <= v < want + 1 and |$5 - v| <= 0.005
		if (want == "" || $5 + 0.005 < want + 0 || $5 - 0.005 >= want + 1) {
			print mode " table row " $4 ": " $5 " is not the CSV figure " want; bad = 1 }
		rows++
	}
	END { if (!rows) { print "no table rows"; bad = 1 }
	      for (m in seen) printf "%s ", m; print ""; exit bad }'
}

# wis_mode MODE: the sweep of getppid1 in MODE over {1}, {2} and {1,2}.
wis_mode() {
	for tasks in 1 2 1,2; do
		expect_exit 0 "$SK" --getppid1 2 --scale-steps $tasks --scale-format will-it-scale \
			--instance-mode "$1" -t 0.2 --scale-csv "$TMP/w.csv" --temp-path "$TMP"
		why=$(wis_shape "$TMP/w.csv" "$1" "$tasks") ||
			fail "mode $1, tasks $tasks: $why: $(cat "$TMP/w.csv")"
		wis_keys "$TMP/w.csv" "$1" "$tasks"
		seen=$(wis_tables "$OUT" "$TMP/w.csv") || fail "mode $1, tasks $tasks: $seen: $OUT"
		case "$1" in
		both) [ "$seen" = "process thread " ] || [ "$seen" = "thread process " ] ;;
		*) [ "$seen" = "$1 " ] ;;
		esac || fail "mode $1: tables of $seen: $OUT"
		rm -f "$TMP/w.csv"
	done
	no_leftovers "$TMP"
}

t_scale_wis_process() {
	wis_mode process
	expect_no_match '\(threads\)' "$OUT"
}

t_scale_wis_thread() {
	wis_mode thread
	expect_no_match '\(processes\)' "$OUT"
}

t_long_scale_wis_both() {
	wis_mode both
	expect_match 'step 3 of 4: 2 getppid1 \(processes\)' "$OUT"
	expect_match 'step 4 of 4: 2 getppid1 \(threads\)' "$OUT"
	# LKP's default mode is both, and so is will-it-scale format's
	expect_exit 0 "$SK" --getppid1 1 --scale-format will-it-scale -t 0.2 -q --temp-path "$TMP"
	printf '%s\n' "$OUT" >w.csv
	why=$(wis_shape w.csv both 1) || fail "default mode: $why: $OUT"
	rm -f w.csv
}

# A mode the stressor refuses: not run under both (0 in its columns, as
# runtest.py writes for a mode it did not run), refused when asked alone.
t_long_scale_wis_refused_modes() {
	expect_exit 0 "$SK" --pipe 1 --scale-format will-it-scale -t 0.2 \
		--scale-csv "$TMP/w.csv" --temp-path "$TMP"
	why=$(wis_shape "$TMP/w.csv" process 1) || fail "pipe: $why: $(cat "$TMP/w.csv")"
	wis_keys "$TMP/w.csv" process 1
	expect_no_match '\(threads\)' "$OUT"
	seen=$(wis_tables "$OUT" "$TMP/w.csv") && [ "$seen" = "process " ] || fail "pipe: $seen: $OUT"
	for mode in thread both; do
		expect_exit 0 "$SK" --pthread_mutex1 2 --scale-steps 1,2 --scale-format will-it-scale \
			--instance-mode $mode -t 0.2 --scale-csv "$TMP/w.csv" --temp-path "$TMP"
		why=$(wis_shape "$TMP/w.csv" thread 1,2) ||
			fail "pthread_mutex1 $mode: $why: $(cat "$TMP/w.csv")"
		wis_keys "$TMP/w.csv" thread 1,2
		expect_no_match '\(processes\)' "$OUT"
		seen=$(wis_tables "$OUT" "$TMP/w.csv") && [ "$seen" = "thread " ] ||
			fail "pthread_mutex1 $mode: $seen: $OUT"
	done
	rm -f "$TMP/w.csv"
	bad_input --pipe 1 --scale-format will-it-scale --instance-mode thread
	expect_match 'pipe cannot run with --instance-mode thread' "$ERR"
	bad_input --pthread_mutex1 1 --scale-format will-it-scale --instance-mode process
	expect_match 'pthread_mutex1 runs only with --instance-mode thread' "$ERR"
	# both is will-it-scale's: a plain run or sweep has one mode
	bad_input --getppid1 1 --instance-mode both
	expect_match 'instance-mode both' "$ERR"
	bad_input --getppid1 1 --scale --instance-mode both
	no_leftovers "$TMP"
}
