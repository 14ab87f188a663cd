# test_cleanup.sh - every way a run can end leaves nothing behind: a
# reader of its output that goes away (SIGPIPE), and a controller killed
# with SIGKILL, whose run directory the next run (or --clean-temp) removes.

# The reader of the output goes after four lines: the run stops as on
# SIGTERM, removes its run directory (4 MB of sendfile file) and exits 1.
t_sigpipe_stops_and_cleans() {
	mkdir "$TMP/T"
	{ "$SK" --pipe 2 --sendfile 1 -t 60s --status-interval 100ms --temp-path "$TMP/T" 2>&1 &&
	  echo 0 >"$TMP/rc" || echo $? >"$TMP/rc"; } | head -4 >"$TMP/head"
	rc=$(cat "$TMP/rc")
	[ "$rc" = 1 ] || fail "exit $rc, expected 1"
	[ "$(wc -l <"$TMP/head")" = 4 ] || fail "head read: $(cat "$TMP/head")"
	[ -z "$(ls -A "$TMP/T")" ] || fail "left in the temp path: $(ls -A "$TMP/T")"
	[ -z "$(sk_procs)" ] || fail "left processes: $(sk_procs)"
}

# A reader gone before the first line: the same, from the start.
t_sigpipe_before_the_run() {
	mkdir "$TMP/T"
	{ "$SK" --pipe 2 -t 60s --temp-path "$TMP/T" 2>&1 && echo 0 >"$TMP/rc" ||
	  echo $? >"$TMP/rc"; } | true
	rc=$(cat "$TMP/rc")
	[ "$rc" = 1 ] || fail "exit $rc, expected 1"
	[ -z "$(ls -A "$TMP/T")" ] || fail "left in the temp path: $(ls -A "$TMP/T")"
}
