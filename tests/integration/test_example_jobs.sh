# test_example_jobs.sh - example-jobs/ reproduces the kernel reports: each
# job that names a quick run ("# quick: OPTIONS", the documented way to
# scale it down) runs with it and prints the lines its "# prints:" header
# promises (the report's metric, under stresskit's name for it); the
# README's table lists every job; the sendfile job, as LKP runs stress-ng,
# gives the report's own LKP keys.

t_example_jobs_report_metrics() {
	checked=0
	for job in "$SK_SRC"/example-jobs/*.job; do
		quick=$(sed -n 's/^# quick: //p' "$job")
		[ -n "$quick" ] || continue
		mkdir -p run
		expect_exit 0 "$SK" "$job" $quick --temp-path "$TMP/run"
		sed -n 's/^# prints: //p' "$job" >prints
		[ -s prints ] || fail "$job: a quick run and nothing it prints"
		while read -r line; do
			printf '%s\n' "$OUT" | grep -E '^stresskit: metrc: \[[0-9]+\] [a-z0-9_]+ +[0-9.]+ ' |
				grep -qF -- "$line" || fail "$(basename "$job"): no '$line' in: $OUT"
		done <prints
		[ "$(metrics_field "$(sed -n 's/^# needs: //p' "$job")" 5 "$OUT")" -gt 0 ] ||
			fail "$(basename "$job"): no bogo-ops: $OUT"
		echo "$(basename "$job") $quick: $(printf '%s\n' "$OUT" | grep -F -f prints | sed 's/.*\] //')"
		no_leftovers "$TMP/run"
		checked=$((checked + 1))
	done
	[ "$checked" -ge 6 ] || fail "only $checked report jobs have a quick run"
}

# The README's table names every job, and each report's metric.
t_example_jobs_readme() {
	readme=$SK_SRC/example-jobs/README.md
	[ -f "$readme" ] || fail "no example-jobs/README.md"
	for job in "$SK_SRC"/example-jobs/*.job; do
		grep -qF "$(basename "$job")" "$readme" || fail "$(basename "$job") not in the README"
	done
	for key in stress-ng.sendfile.ops_per_sec will-it-scale.per_thread_ops \
		netperf.Throughput_Mbps redis.set_total_throughput_rps \
		redis.get_total_throughput_rps; do
		grep -qF "$key" "$readme" || fail "$key not in the README"
	done
}

# The sendfile report's keys, as LKP's stress-ng parser makes them from the
# job run under stress-ng's prefix (the real parser too where LKP_SRC
# names an lkp-tests checkout).
t_example_jobs_sendfile_lkp_keys() {
	expect_exit 0 "$SK" "$SK_SRC/example-jobs/sendfile.job" --timeout 1s --metrics \
		--log-prefix stress-ng --temp-path "$TMP"
	printf '%s\n' "$OUT" >out
	python3 "$SK_SRC/tests/integration/lkp_stress_ng_parse.py" <out >parsed ||
		fail "parser mirror failed"
	expect_match '^sendfile\.ops_per_sec: [1-9][0-9.]*$' "$(cat parsed)"
	expect_match '^sendfile\.MB_per_sec_sent_to_/dev/null: [1-9][0-9.]*$' "$(cat parsed)"
	if [ -n "${LKP_SRC:-}" ] && [ -f "$LKP_SRC/programs/stress-ng/parse" ] &&
	   command -v ruby >/dev/null; then
		ruby "$LKP_SRC/programs/stress-ng/parse" <out >real || fail "lkp-tests' parser failed"
		cmp -s real parsed || fail "mirror and lkp-tests differ: $(diff real parsed)"
	fi
}
