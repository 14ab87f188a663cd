# test_bench.sh - make bench's own checks (bench/lib.sh), with fake peers:
# a ratio against a peer is printed only when the peer's op is ours.

# peer_check BYTES CMD...: bench/lib.sh's peer_op_same on a peer, with
# its row in $OUT and its status in $RC.
peer_check() {
	RC=0
	OUT=$(sh -c '. "$SK_SRC/bench/lib.sh"; peer_op_same "  peer" write "$@"' sh "$@") || RC=$?
}

t_bench_peer_op_check() {
	if ! command -v strace >/dev/null; then
		echo "skip: no strace (./setup.sh --test installs it)"
		return 0
	fi
	# the peer's op is ours: a ratio, nothing said
	peer_check 512 dd if=/dev/zero of=/dev/null bs=512 count=50 status=none
	[ "$RC" = 0 ] && [ -z "$OUT" ] || fail "512-byte writes against 512: status $RC, $OUT"
	# another size (stress-ng 0.15's pipe, asked for 4096, writes 512)
	peer_check 4096 dd if=/dev/zero of=/dev/null bs=512 count=50 status=none
	[ "$RC" = 1 ] || fail "512-byte writes passed for 4096"
	one_line "$OUT"
	expect_match '^ +peer +no ratio: its op is a write\(\) of 512 bytes \(100% of 50 calls\), ours 4096$' "$OUT"
	# half of one size, half of another: no one op
	peer_check 512 sh -c 'dd if=/dev/zero of=/dev/null bs=512 count=20 status=none;
		dd if=/dev/zero of=/dev/null bs=4096 count=20 status=none'
	[ "$RC" = 1 ] || fail "a peer of two sizes passed"
	expect_match 'no ratio: its op is a write\(\) of (512|4096) bytes \(50% of 40 calls\)' "$OUT"
	# a peer whose op cannot be checked gets no ratio either
	RC=0
	OUT=$(PATH=$TMP /bin/sh -c '. "$SK_SRC/bench/lib.sh"; peer_op_same "  peer" write 512 dd') || RC=$?
	[ "$RC" = 1 ] || fail "an unchecked peer passed"
	expect_match 'no ratio: its op is unchecked \(no strace' "$OUT"
}
