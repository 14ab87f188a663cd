# test_example_jobs.sh - example-jobs/ reproduces the kernel reports: each
# job that names a quick run ("# quick: OPTIONS", the documented way to
# scale it down) runs with it, a test each, and prints the lines its
# "# prints:" header promises (the report's metric, under stresskit's name for it); the
# README's table lists every job; the sendfile job, as LKP runs stress-ng,
# gives the report's own LKP keys.

# report_job NAME: example-jobs/NAME.job's quick run prints what its
# "# prints:" lines promise, with bogo-ops counted.
report_job() {
	job=$SK_SRC/example-jobs/$1.job
	quick=$(sed -n 's/^# quick: //p' "$job")
	[ -n "$quick" ] || fail "$1.job has no quick run"
	mkdir -p run
	expect_exit 0 "$SK" "$job" $quick --temp-path "$TMP/run"
	sed -n 's/^# prints: //p' "$job" >prints
	[ -s prints ] || fail "$1.job: a quick run and nothing it prints"
	while read -r line; do
		printf '%s\n' "$OUT" | grep -E '^stresskit: metrc: \[[0-9]+\] [a-z0-9_]+ +[0-9.]+ ' |
			grep -qF -- "$line" || fail "$1.job: no '$line' in: $OUT"
	done <prints
	[ "$(metrics_field "$(sed -n 's/^# needs: //p' "$job")" 5 "$OUT")" -gt 0 ] ||
		fail "$1.job: no bogo-ops: $OUT"
	no_leftovers "$TMP/run"
}

t_example_jobs_sendfile() { report_job sendfile; }
t_example_jobs_will_it_scale_pread2() { report_job will-it-scale-pread2; }
t_example_jobs_netperf_tcp_sendfile() { report_job netperf-tcp-sendfile; }
t_example_jobs_redis_set_get() { report_job redis-set-get; }
t_example_jobs_fio_write_to_file() { report_job fio-write-to-file; }
t_example_jobs_fio_splice_to_file() { report_job fio-splice-to-file; }

# Every job with a quick run has its test above.
t_example_jobs_each_tested() {
	for job in "$SK_SRC"/example-jobs/*.job; do
		grep -q '^# quick: ' "$job" || continue
		n=$(basename "$job" .job | tr - _)
		grep -q "^t_example_jobs_$n()" "$SK_SRC/tests/integration/test_example_jobs.sh" ||
			fail "$(basename "$job") has a quick run and no test"
	done
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

# stress-ng's most reported stressors: each job in example-jobs/stress-ng
# is in the README's table, and its quick run counts bogo-ops and leaves
# nothing behind.
t_long_example_jobs_stress_ng() {
	readme=$SK_SRC/example-jobs/README.md
	for job in "$SK_SRC"/example-jobs/stress-ng/*.job; do
		n=$(basename "$job" .job)
		grep -qF "stress-ng/$n.job" "$readme" || fail "stress-ng/$n.job not in the README"
		quick=$(sed -n 's/^# quick: //p' "$job")
		mkdir -p run
		expect_exit 0 "$SK" "$job" $quick --temp-path "$TMP/run"
		[ "$(metrics_field "$n" 5 "$OUT")" -gt 0 ] || fail "$n.job: no bogo-ops: $OUT"
		no_leftovers "$TMP/run"
	done
}
