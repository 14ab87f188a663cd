# test_input.sh - hostile inputs each give one line and exit 1, or run:
# job files that are devices, FIFOs or start with a byte-order mark,
# numbers in forms one option took and another refused, control
# characters in values, and a --log-prefix longer than a line.

# A device as a job file is read under the job file cap, not forever.
t_input_job_device_capped() {
	expect_exit 1 "$SK" --job /dev/zero --temp-path "$TMP"
	expect_match "^stresskit: error: job file '/dev/zero' is larger than 1048576 bytes$" "$ERR"
	one_line "$ERR"
	expect_exit 1 "$SK" /dev/zero --temp-path "$TMP"
	one_line "$ERR"
}

# A FIFO is read as a file is.
t_input_job_fifo() {
	mkfifo "$TMP/job"
	printf 'pipe 1\npipe-ops 100\n' >"$TMP/job" &
	expect_exit 0 "$SK" --job "$TMP/job" --temp-path "$TMP"
	wait
	expect_match "pipe +100 " "$OUT"
}

# A job file written by an editor that starts it with a UTF-8 BOM.
t_input_job_bom() {
	printf '\357\273\277pipe 1\npipe-ops 100\n' >"$TMP/bom.job"
	expect_exit 0 "$SK" --job "$TMP/bom.job" --temp-path "$TMP"
	expect_match "pipe +100 " "$OUT"
	printf '\357\273\277\357\273\277pipe 1\n' >"$TMP/bom2.job"
	expect_exit 1 "$SK" --job "$TMP/bom2.job" --temp-path "$TMP"
	one_line "$ERR"
}

# One number syntax: hex, exponents and signs are refused by every kind.
t_input_numbers_one_syntax() {
	for opt in "--timeout 0x10" "--pipe 0x2" "--pipe-ops 0x10" "--pipe-data-size 0x100" \
		"--timeout 1e1" "--pipe-ops 1e3" "--sample-interval 0x1" "--timeout +5"; do
		# shellcheck disable=SC2086
		expect_exit 1 "$SK" --pipe 1 $opt -n --temp-path "$TMP"
		expect_match "^stresskit: error: invalid --" "$ERR"
		one_line "$ERR"
	done
	expect_exit 0 "$SK" --pipe 1 --timeout .5s --pipe-ops 16 -n --temp-path "$TMP"
}

# A control character in a value is quoted: the error stays one line.
t_input_control_chars_one_line() {
	nl='
'
	expect_exit 1 "$SK" --pipe "1${nl}stresskit: fail: fake" --temp-path "$TMP"
	one_line "$ERR"
	expect_match "invalid --pipe '1\\\\nstresskit: fail: fake'" "$ERR"
	expect_exit 1 "$SK" --pipe 1 --json "$TMP/none/$(printf 'a\033[2Jb\tc')" --temp-path "$TMP"
	one_line "$ERR"
	expect_match 'a\\x1b\[2Jb\\tc' "$ERR"
	printf 'pipe 1\ntimeout 1\r\001x\n' >"$TMP/cc.job"
	expect_exit 1 "$SK" --job "$TMP/cc.job" --temp-path "$TMP"
	one_line "$ERR"
	expect_match '\\x01x' "$ERR"
}

# Every line reaches its stream whatever the prefix, cut with a marker.
t_input_long_log_prefix() {
	p=$(head -c 2048 /dev/zero | tr '\0' x)
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 100 --log-prefix "$p" --temp-path "$TMP"
	expect_match '^x+\.\.\.\[truncated\]: metrc: \[[0-9]+\] pipe +100 ' "$OUT"
	expect_match 'successful run completed' "$OUT"
	p=$(head -c 100000 /dev/zero | tr '\0' y)
	expect_exit 1 "$SK" --pipe 1 --pipe-ops 100 --log-prefix "$p" --bogus --temp-path "$TMP"
	one_line "$ERR"
	expect_match "unknown option --bogus" "$ERR"
	# a fail line on stderr, under the same prefix
	expect_exit 5 env STRESSKIT_TEST_IGNORE_STOP=0 "$SK" --pipe 1 -t 0.2 --log-prefix "$p" \
		--temp-path "$TMP"
	expect_match '^y+\.\.\.\[truncated\]: fail: +\[[0-9]+\] pipe: instance 0 did not stop' "$ERR"
}
