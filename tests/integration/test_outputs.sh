# test_outputs.sh - the files a run writes: replaced whole or not at all,
# never one of the run's inputs, never two outputs in one file. Each
# hostile place is made for the test: a full tmpfs, a read-only mount,
# symlinks and hard links to inputs, devices.

# outputs_on_tmpfs OPTIONS FUNC: runs FUNC DIR in a subshell, DIR a
# tmpfs of this test's own (root only; the test says skip without it),
# unmounted whatever FUNC did; returns FUNC's status.
outputs_on_tmpfs() {
	mkdir -p "$TMP/mnt"
	mount -t tmpfs -o "$1" tmpfs "$TMP/mnt" 2>/dev/null ||
		{ echo "    skip: cannot mount tmpfs"; return 0; }
	# not "( ... ) || rc=1": set -e would be off in the subshell, and
	# the first failure would not end it
	set +e
	( set -e; "$2" "$TMP/mnt" )
	rc=$?
	set -e
	umount "$TMP/mnt" || { fail "cannot unmount $TMP/mnt"; return 1; }
	return $rc
}

# A 64 KiB tmpfs holding 60,000 bytes: each output option keeps the file
# it would have replaced and names the cause in one line.
outputs_full_keeps_old() {
	head -c 60000 /dev/zero >"$1/filler"
	for opt in --json --yaml --series-csv --latency-csv --latency-plot; do
		echo old >"$1/out"
		expect_exit 1 "$SK" --pipe 1 --pipe-ops 2000 --latency-sample 1 --perf "$opt" "$1/out" \
			--temp-path "$TMP" -q
		expect_match "cannot write .*$1/out.*: No space left on device" "$ERR"
		one_line "$ERR"
		[ "$(cat "$1/out")" = old ] || fail "$opt: the old file was replaced"
		[ "$(ls -A "$1")" = "filler
out" ] || fail "$opt: left $(ls -A "$1")"
	done
}

t_output_full_disk_keeps_old() {
	outputs_on_tmpfs size=64k outputs_full_keeps_old
}

# The sweep's files the same way.
outputs_full_scale() {
	echo old >"$1/out"
	head -c 65536 /dev/zero >"$1/filler" 2>/dev/null || true
	for opt in --scale-csv --scale-plot; do
		expect_exit 1 "$SK" --pipe 1 --scale-steps 1 -t 0.1 "$opt" "$1/out" --temp-path "$TMP" -q
		expect_match "cannot write (CSV|SVG) to $1/out: No space left on device" "$ERR"
		[ "$(cat "$1/out")" = old ] || fail "$opt: the old file was replaced"
	done
}

t_output_full_disk_scale() {
	outputs_on_tmpfs size=64k outputs_full_scale
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
outputs_full_leaves_none() {
	head -c 65536 /dev/zero >"$1/filler" 2>/dev/null || true
	expect_exit 1 "$SK" --pipe 1 --pipe-ops 2000 --json "$1/x.json" --temp-path "$TMP" -q
	expect_match "No space left on device" "$ERR"
	[ "$(ls -A "$1")" = filler ] || fail "left $(ls -A "$1")"
}

t_output_full_disk_leaves_none() {
	outputs_on_tmpfs size=64k outputs_full_leaves_none
}

# A read-only filesystem is found before the run, not after it.
outputs_read_only() {
	expect_exit 1 "$SK" --pipe 1 --pipe-ops 100 --json "$1/x.json" --temp-path "$TMP"
	expect_match "cannot write --json '$1/x.json': .*Read-only file system" "$ERR"
	one_line "$ERR"
	expect_no_match "pipe" "$OUT"
}

t_output_read_only_dir() {
	outputs_on_tmpfs ro,size=64k outputs_read_only
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
	# a library the binary loads on first use, not yet mapped when the
	# outputs are checked: a copy, found first through LD_LIBRARY_PATH
	mkdir "$TMP/lib"
	for so in libjansson.so.4 libm.so.6; do
		cp "$(ldconfig -p | awk -v so="$so" '$1 == so { print $NF; exit }')" "$TMP/lib/$so" ||
			fail "no $so"
		cp "$TMP/lib/$so" "$TMP/lib.orig"
		LD_LIBRARY_PATH=$TMP/lib expect_exit 1 "$SK" --pipe 1 --pipe-ops 10 \
			--yaml "$TMP/lib/$so" --temp-path "$TMP"
		expect_match "'$TMP/lib/$so' is one of this run's inputs" "$ERR"
		cmp -s "$TMP/lib/$so" "$TMP/lib.orig" || fail "$so changed"
	done
	rm -rf "$TMP/lib" "$TMP/lib.orig"
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
