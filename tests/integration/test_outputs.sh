# test_outputs.sh - the files a run writes: replaced whole or not at all,
# never one of the run's inputs, never two outputs in one file. Each
# hostile place is made for the test: a full tmpfs, a read-only mount,
# symlinks and hard links to inputs, devices.

# outputs_mount DIR OPTIONS: a tmpfs of this test's own at DIR (root
# only), unmounted by outputs_umount; the test says skip without root.
outputs_mount() {
	mkdir -p "$1"
	mount -t tmpfs -o "$2" tmpfs "$1" 2>/dev/null || { echo "    skip: cannot mount tmpfs"; return 1; }
}

outputs_umount() {
	umount "$1" 2>/dev/null || true
}

# A 64 KiB tmpfs holding 60,000 bytes: each output option keeps the file
# it would have replaced and names the cause in one line.
t_output_full_disk_keeps_old() {
	d=$TMP/full
	outputs_mount "$d" size=64k || return 0
	head -c 60000 /dev/zero >"$d/filler"
	rc=0
	for opt in --json --yaml --series-csv --latency-csv --latency-plot; do
		echo old >"$d/out"
		expect_exit 1 "$SK" --pipe 1 --pipe-ops 2000 --latency-sample 1 --perf "$opt" "$d/out" \
			--temp-path "$TMP" -q || rc=1
		expect_match "cannot write .*$d/out.*: No space left on device" "$ERR" || rc=1
		one_line "$ERR" || rc=1
		[ "$(cat "$d/out")" = old ] || { fail "$opt: the old file was replaced"; rc=1; }
		[ "$(ls -A "$d")" = "filler
out" ] || { fail "$opt: left $(ls -A "$d")"; rc=1; }
	done
	outputs_umount "$d"
	return $rc
}

# The sweep's files the same way.
t_output_full_disk_scale() {
	d=$TMP/full
	outputs_mount "$d" size=64k || return 0
	echo old >"$d/out"
	head -c 65536 /dev/zero >"$d/filler" 2>/dev/null || true
	rc=0
	for opt in --scale-csv --scale-plot; do
		expect_exit 1 "$SK" --pipe 1 --scale-steps 1 -t 0.1 "$opt" "$d/out" --temp-path "$TMP" -q || rc=1
		expect_match "cannot write $d/out: No space left on device" "$ERR" || rc=1
		[ "$(cat "$d/out")" = old ] || { fail "$opt: the old file was replaced"; rc=1; }
	done
	outputs_umount "$d"
	return $rc
}

# An output inside the temp path is the user's: written, never swept.
t_output_in_temp_path() {
	mkdir "$TMP/T"
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 100 --json "$TMP/T/r.json" --temp-path "$TMP/T" -q
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 100 --yaml "$TMP/T/stresskit-1-abcdef" --temp-path "$TMP/T" -q
	expect_exit 0 "$SK" --clean-temp --temp-path "$TMP/T"
	[ "$(ls -A "$TMP/T" | sort | tr '\n' ' ')" = "r.json stresskit-1-abcdef " ] ||
		fail "left: $(ls -A "$TMP/T")"
}

# The same with no file before: none after.
t_output_full_disk_leaves_none() {
	d=$TMP/full
	outputs_mount "$d" size=64k || return 0
	head -c 65536 /dev/zero >"$d/filler" 2>/dev/null || true
	rc=0
	expect_exit 1 "$SK" --pipe 1 --pipe-ops 2000 --json "$d/x.json" --temp-path "$TMP" -q || rc=1
	expect_match "No space left on device" "$ERR" || rc=1
	[ "$(ls -A "$d")" = filler ] || { fail "left $(ls -A "$d")"; rc=1; }
	outputs_umount "$d"
	return $rc
}

# A read-only filesystem is found before the run, not after it.
t_output_read_only_dir() {
	d=$TMP/ro
	outputs_mount "$d" ro,size=64k || return 0
	rc=0
	expect_exit 1 "$SK" --pipe 1 --pipe-ops 100 --json "$d/x.json" --temp-path "$TMP" || rc=1
	expect_match "cannot write --json '$d/x.json': .*Read-only file system" "$ERR" || rc=1
	one_line "$ERR" || rc=1
	expect_no_match "pipe" "$OUT" || rc=1
	outputs_umount "$d"
	return $rc
}

# The files come out whole and valid, with nothing else beside them, and
# a second run replaces them.
t_output_replaced_whole() {
	mkdir "$TMP/out"
	for i in 1 2; do
		expect_exit 0 "$SK" --pipe 1 --pipe-ops 500 --json "$TMP/out/r.json" \
			--yaml "$TMP/out/r.yaml" --series-csv "$TMP/out/s.csv" --temp-path "$TMP" -q
	done
	python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$TMP/out/r.json" ||
		fail "invalid JSON"
	python3 -c 'import yaml, sys; yaml.safe_load(open(sys.argv[1]))' "$TMP/out/r.yaml" ||
		fail "invalid YAML"
	[ "$(ls -A "$TMP/out" | tr '\n' ' ')" = "r.json r.yaml s.csv " ] ||
		fail "left: $(ls -A "$TMP/out")"
}

# A symlink to an output is followed: the link stays, its target is replaced.
t_output_symlink_followed() {
	mkdir "$TMP/real"
	echo old >"$TMP/real/x.json"
	ln -s real/x.json "$TMP/link.json"
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 100 --json "$TMP/link.json" --temp-path "$TMP" -q
	[ -L "$TMP/link.json" ] || fail "the symlink was replaced"
	expect_match '"metrics"' "$(cat "$TMP/real/x.json")"
}

# Devices are written directly (no ftruncate, no rename), any number of times.
t_output_devices_direct() {
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 100 --json /dev/null --yaml /dev/null \
		--temp-path "$TMP" -q
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 100 --json /dev/stdout --temp-path "$TMP" -q
	expect_match '"metrics"' "$OUT"
	mkfifo "$TMP/fifo"
	cat "$TMP/fifo" >"$TMP/fifo.out" &
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 100 --json "$TMP/fifo" --temp-path "$TMP" -q
	wait
	expect_match '"metrics"' "$(cat "$TMP/fifo.out")"
}

# An output that is an input, by any name, is refused before the run and
# the input is untouched.
t_output_is_input_refused() {
	printf 'pipe 1\npipe-ops 100\n' >"$TMP/self.job"
	cp "$TMP/self.job" "$TMP/self.orig"
	ln -s self.job "$TMP/sym.job"
	ln "$TMP/self.job" "$TMP/hard.job"
	for out in "$TMP/self.job" "$TMP/sym.job" "$TMP/hard.job" "$TMP/../$(basename "$TMP")/self.job"; do
		expect_exit 1 "$SK" --job "$TMP/self.job" --json "$out" --temp-path "$TMP"
		expect_match "is one of this run's inputs" "$ERR"
		one_line "$ERR"
		expect_no_match "pipe" "$OUT"
	done
	expect_exit 1 "$SK" "$TMP/self.job" --yaml "$TMP/self.job" --temp-path "$TMP"
	cmp -s "$TMP/self.job" "$TMP/self.orig" || fail "the job file changed"
	cc -O2 -shared -fPIC -I"$SK_SRC/include" "$SK_SRC/tests/integration/plugins/spin.c" \
		-o "$TMP/g.so" || fail "cannot build the plugin"
	cp "$TMP/g.so" "$TMP/g.orig"
	expect_exit 1 "$SK" --plugin "$TMP/g.so" --spin 1 --spin-ops 10 --json "$TMP/g.so" \
		--temp-path "$TMP"
	expect_match "'$TMP/g.so' is one of this run's inputs" "$ERR"
	cmp -s "$TMP/g.so" "$TMP/g.orig" || fail "the plugin changed"
	cp "$SK" "$TMP/sk" && ln -s sk "$TMP/sk.link"
	expect_exit 1 "$TMP/sk" --pipe 1 --pipe-ops 10 --series-csv "$TMP/sk.link" --temp-path "$TMP"
	expect_match "is one of this run's inputs" "$ERR"
}

# Two outputs in one file are refused, whatever the spelling.
t_output_same_file_twice() {
	expect_exit 1 "$SK" --pipe 1 --pipe-ops 10 --json "$TMP/F" --yaml "$TMP/F" --temp-path "$TMP"
	expect_match "^stresskit: error: --yaml '$TMP/F' and --json '$TMP/F' are the same file" "$ERR"
	one_line "$ERR"
	[ ! -e "$TMP/F" ] || fail "F was written"
	echo x >"$TMP/G"
	ln -s G "$TMP/G.link"
	expect_exit 1 "$SK" --pipe 1 --pipe-ops 10 --latency-csv "$TMP/G.link" \
		--series-csv "$TMP/./G" --temp-path "$TMP"
	expect_match "are the same file" "$ERR"
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 10 --json "$TMP/F" --yaml "$TMP/F.yaml" \
		--temp-path "$TMP" -q
}
