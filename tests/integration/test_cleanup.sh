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

# cleanup_dirs T: the run directories in T, one per line.
cleanup_dirs() {
	ls -A "$1" | grep '^stresskit-' || true
}

cleanup_no_procs() {
	[ -z "$(sk_procs)" ]
}

cleanup_has_lock() {
	ls "$1"/stresskit-*/lock >/dev/null 2>&1 && ls -d "$1"/stresskit-*/sendfile >/dev/null 2>&1
}

# A controller killed with SIGKILL leaves its run directory (its lock
# let go once its children die with it); the next run removes it.
t_sigkill_dir_removed_by_next_run() {
	mkdir "$TMP/T"
	"$SK" --sendfile 1 -t 60s --temp-path "$TMP/T" >/dev/null 2>&1 &
	pid=$!
	wait_until 20 cleanup_has_lock "$TMP/T"
	kill -KILL "$pid"
	wait "$pid" || true
	left=$(cleanup_dirs "$TMP/T")
	[ -n "$left" ] || fail "nothing left to remove"
	# the instance holds the lock too until it dies with the controller
	wait_until 20 cleanup_no_procs
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 100 --temp-path "$TMP/T"
	expect_match "removed $TMP/T/$left: its controller \\(pid $pid\\) is gone" "$OUT"
	[ -z "$(cleanup_dirs "$TMP/T")" ] || fail "left: $(cleanup_dirs "$TMP/T")"
}

# --clean-temp removes only what no living controller holds: not a
# running one's, not another user's, not one without a lock whose pid
# lives; but one whose lock is free although its pid lives (reused).
t_clean_temp_only_the_dead() {
	T=$TMP/T
	mkdir "$T"
	"$SK" --sendfile 1 -t 60s --temp-path "$T" >/dev/null 2>&1 &
	pid=$!
	wait_until 20 cleanup_has_lock "$T"
	live=$(cleanup_dirs "$T")
	mkdir "$T/stresskit-$$-reused" && : >"$T/stresskit-$$-reused/lock"
	mkdir "$T/stresskit-$$-nolock"
	mkdir "$T/stresskit-4194303-nolock"
	mkdir "$T/stresskit-4194303-others" && chown 65534 "$T/stresskit-4194303-others"
	mkdir "$T/stresskit-4194303-toolong"
	expect_exit 0 "$SK" --clean-temp --temp-path "$T"
	expect_match "2 run directories removed from $T" "$OUT"
	kill -INT "$pid"
	wait "$pid" || fail "the live run failed"
	want=$(printf '%s\n' "stresskit-$$-nolock" stresskit-4194303-others stresskit-4194303-toolong | sort)
	[ "$(cleanup_dirs "$T" | sort)" = "$want" ] || fail "left: $(cleanup_dirs "$T")"
	[ ! -e "$T/$live" ] || fail "the live run's directory outlived it"
}

# A SIGPIPE that is not the output's (kill -PIPE, a helper's pipe) is no
# stop: the run does all its ops, exits 0 and says nothing of a signal.
t_long_sigpipe_not_the_output() {
	"$SK" --pipe 1 --pipe-ops 400000 --status-interval 0.05 --temp-path "$TMP" >"$TMP.run" 2>&1 &
	pid=$!
	wait_until 30 ran_ops "$TMP.run" pipe || { kill -KILL "$pid"; fail "no ops: $(cat "$TMP.run")"; }
	kill -PIPE "$pid" 2>/dev/null || true
	rc=0
	wait "$pid" || rc=$?
	[ "$rc" = 0 ] || fail "exit $rc: $(cat "$TMP.run")"
	expect_no_match "interrupted" "$(cat "$TMP.run")"
	expect_match "pipe +400000 " "$(cat "$TMP.run")"
	rm -f "$TMP.run"
}
