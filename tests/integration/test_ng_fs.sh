# test_ng_fs.sh - stress-ng's file-system and process stressors of issue
# 62 (link, symlink, getdent, full, fstat, fork, vm-segv, bad-altstack,
# schedpolicy, lockbus, fiemap, file-ioctl, io-uring, metamix): each runs sandboxed with --verify, stops at
# exactly --NAME-ops, leaves no file or process behind; their options are
# checked before the run, a bad value is one line and exit 1, and
# stress-ng's options they do not take are refused by name.

# ng_ops NAME OPS ARGS...: a sandboxed, verified run of NAME that must
# count exactly OPS bogo-ops and leave the run directory empty.
ng_ops() {
	ng_name=$1 ng_n=$2
	shift 2
	expect_exit 0 "$SK" --"$ng_name" 1 --"$ng_name"-ops "$ng_n" --sandbox --verify \
		--temp-path "$TMP" --metrics-brief "$@"
	[ "$(metrics_field "$ng_name" 5 "$OUT")" = "$ng_n" ] ||
		fail "$ng_name: ops not $ng_n: $OUT"
	no_leftovers "$TMP"
}

t_ng_fs_links() {
	# one op is a round of 8192 links, seconds on a journalled file
	# system under load: on tmpfs (when there is one), the same calls
	# take a fraction of that; the files go when the round ends
	shm=
	if [ -d /dev/shm ] && shm=$(mktemp -d /dev/shm/sk-test-link.XXXXXX); then
		trap 'rm -rf "$shm" "$shm.out" "$shm.err"' EXIT
		TMP=$shm
	fi
	ng_ops link 1
	ng_ops symlink 1
	[ -z "$shm" ] || rm -rf "$shm" "$shm.out" "$shm.err"
}

t_ng_fs_files() {
	ng_ops full 300
	ng_ops file-ioctl 40
	ng_ops getdent 200
	ng_ops fstat 4 --fstat-dir /dev
	# the readers count into the instance's count: still exact
	ng_ops fiemap 60
	ng_ops io-uring 300
	ng_ops metamix 40
	ng_ops metamix 20 --metamix-bytes 100000
	ng_ops io-uring 300 --io-uring-rand --io-uring-entries 1
}

t_ng_fs_processes() {
	ng_ops fork 40
	ng_ops fork 40 --fork-max 8
	ng_ops vm-segv 10
	ng_ops bad-altstack 20
	ng_ops lockbus 2000 --lockbus-nosplit
	# a run that stops on time, 2 instances: schedpolicy's idle and
	# deadline rounds wait on the scheduler, so no op count is promised
	expect_exit 0 "$SK" --schedpolicy 2 -t 0.3 --sandbox --verify --temp-path "$TMP" \
		--metrics-brief
	[ "$(metrics_field schedpolicy 5 "$OUT")" -gt 0 ] || fail "schedpolicy: no ops: $OUT"
	no_leftovers "$TMP"
}

t_ng_fs_bad_values() {
	bad_input --fork 1 --fork-max 0
	expect_match 'fork-max' "$ERR"
	bad_input --fork 1 --fork-max 16001
	bad_input --fiemap 1 --fiemap-bytes 1K
	expect_match 'fiemap-bytes' "$ERR"
	bad_input --fstat 1 --fstat-dir 'a b'
	bad_input --link 1 --link-sync=3
	bad_input --io-uring 1 --io-uring-entries 0
	expect_match 'io-uring-entries' "$ERR"
	bad_input --metamix 1 --metamix-bytes 100
	# stress-ng options not taken: refused by name, before any run
	bad_input --fork 1 --fork-vm
	expect_match 'fork-vm' "$ERR"
}

t_ng_fs_help() {
	for s in link symlink getdent full fstat fork vm-segv bad-altstack schedpolicy lockbus fiemap file-ioctl io-uring metamix; do
		expect_exit 0 "$SK" --help "$s"
		expect_match "stress-ng's $s" "$OUT"
	done
}
