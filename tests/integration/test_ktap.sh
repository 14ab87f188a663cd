# test_ktap.sh - --ktap: a KTAP version 1 document on stdout and nothing
# else there, read by a real TAP consumer (Perl's TAP::Parser, through
# prove and directly); a pass, a failure and a skip told apart, and
# kselftest's exit codes (0 pass, 1 fail, 4 skip).

# tap_possible: says skip where Debian's perl has no prove or TAP::Parser.
tap_possible() {
	command -v prove >/dev/null 2>&1 && perl -MTAP::Parser -e 1 2>/dev/null ||
		{ echo "skip: no prove / TAP::Parser (perl)"; return 1; }
}

# tap_summary FILE: what TAP::Parser makes of FILE, one fact a line:
# "plan 1..N", "ok N NAME", "not ok N NAME", "skip N NAME", "comment TEXT",
# then "passed A,B", "failed C", "skipped D", "errors E".
tap_summary() {
	perl -MTAP::Parser -e '
		my $p = TAP::Parser->new({ source => $ARGV[0] });
		while (my $r = $p->next) {
			if ($r->is_plan) { print "plan ", $r->as_string, "\n" }
			elsif ($r->is_test) {
				my $v = $r->has_skip ? "skip" : $r->is_actual_ok ? "ok" : "not ok";
				printf "%s %d %s\n", $v, $r->number, $r->description;
			}
			elsif ($r->is_comment) { print "comment ", $r->comment, "\n" }
		}
		print "passed ", join(",", $p->passed), "\n";
		print "failed ", join(",", $p->failed), "\n";
		print "skipped ", join(",", $p->skipped), "\n";
		print "errors ", scalar($p->parse_errors), "\n";
	' "$1"
}

t_ktap_pass_prove() {
	tap_possible || return 0
	mkdir run
	expect_exit 0 "$SK" --pipe 2 --splice 1 -t 0.5 --metrics-brief --ktap --temp-path "$TMP/run"
	printf '%s\n' "$OUT" >k.tap
	[ "$(head -n 1 k.tap)" = "KTAP version 1" ] || fail "no KTAP header: $OUT"
	[ "$(sed -n 2p k.tap)" = "1..2" ] || fail "no plan 1..2: $OUT"
	# stdout is the document alone: every line a KTAP line
	! grep -Ev '^(KTAP version 1|1\.\.[0-9]+|(not )?ok [0-9]+ [a-z0-9_]+( # SKIP .*)?|# [^#]*)$' k.tap ||
		fail "a line of stdout that is not KTAP: $OUT"
	expect_no_match '^stresskit:' "$OUT"
	# the run's usual lines are on stderr, the table among them
	expect_match '^stresskit: metrc: \[[0-9]+\] pipe +[1-9][0-9]* ' "$ERR"
	prove --exec cat k.tap >prove.out 2>&1 || fail "prove: $(cat prove.out)"
	expect_match '^Result: PASS$' "$(cat prove.out)"
	tap_summary k.tap >sum || fail "TAP::Parser: $(cat sum)"
	S=$(cat sum)
	expect_match '^plan 1\.\.2$' "$S"
	expect_match '^ok 1 pipe$' "$S"
	expect_match '^ok 2 splice$' "$S"
	expect_match '^passed 1,2$' "$S"
	expect_match '^failed $' "$S"
	expect_match '^errors 0$' "$S"
	# the metrics are diagnostics, and the figures the table printed
	ops=$(metrics_field pipe 5 "$ERR")
	expect_match "^comment pipe\\.ops: $ops bogo-ops\$" "$S"
	expect_match '^comment pipe\.ops_per_sec: [0-9]+\.[0-9]{2} bogo-ops/s$' "$S"
	expect_match '^comment pipe\.instances: 2$' "$S"
	expect_match '^comment pipe\.MB_per_sec_pipe_write_rate: [0-9]+\.[0-9]{2}$' "$S"
	expect_match '^comment splice\.MB_per_sec_splice_rate: [0-9]+\.[0-9]{2}$' "$S"
	no_leftovers "$TMP/run"
}

# A failing stressor is "not ok" and the exit 1; a stressor not
# implemented here is a SKIP, and a run of skips alone exits 4.
t_ktap_fail_skip() {
	tap_possible || return 0
	verdict failer SK_FAILED
	verdict skipper SK_NOT_IMPLEMENTED
	expect_exit 1 "$SK" --plugin "$TMP/failer.so" --plugin "$TMP/skipper.so" \
		--failer 1 --skipper 1 --pipe 1 -t 0.3 --ktap --temp-path "$TMP"
	printf '%s\n' "$OUT" >k.tap
	tap_summary k.tap >sum || fail "TAP::Parser: $(cat sum)"
	S=$(cat sum)
	expect_match '^plan 1\.\.3$' "$S"
	expect_match '^not ok 1 failer$' "$S"
	expect_match '^ok 2 pipe$' "$S"
	expect_match '^skip 3 skipper$' "$S"
	expect_match '^failed 1$' "$S"
	expect_match '^skipped 3$' "$S"
	expect_match '^errors 0$' "$S"
	expect_match '^comment failer: exit status 2$' "$S"
	! prove --exec cat k.tap >prove.out 2>&1 || fail "prove passed a failure: $(cat prove.out)"
	expect_match '^Result: FAIL$' "$(cat prove.out)"
	expect_exit 4 "$SK" --plugin "$TMP/skipper.so" --skipper 1 -t 0.3 --ktap --temp-path "$TMP"
	printf '%s\n' "$OUT" >s.tap
	prove --exec cat s.tap >prove.out 2>&1 || fail "prove: $(cat prove.out)"
	expect_match '^ok 1 skipper # SKIP not implemented here$' "$OUT"
	# without --ktap, stress-ng's codes: 2 a stressor failed
	expect_exit 2 "$SK" --plugin "$TMP/failer.so" --failer 1 -t 0.3 --temp-path "$TMP"
}

t_ktap_refused_with_several_documents() {
	for extra in --scale "--repeat 2" --dry-run; do
		bad_input --pipe 1 -t 0.2 --ktap $extra
		expect_match "^stresskit: error: --ktap reports one run" "$ERR"
	done
}
