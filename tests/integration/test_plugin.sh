# test_plugin.sh - stressors built outside the tree: the example staged
# with make install and built with pkg-config alone, run through every
# mode a built-in runs in; and every kind of bad plugin refused with one
# line naming the file, before anything runs.

PLUGINS=$SK_SRC/tests/integration/plugins

# stage: make install into $TMP/root; pkg-config then sees only that tree.
stage() {
	build=$(dirname "$SK")
	[ -f "$build/config.h" ] || build=$TMP/build
	expect_exit 0 make -s -C "$SK_SRC" install BUILD="$build" DESTDIR="$TMP/root" PREFIX=/usr
	PKG_CONFIG_SYSROOT_DIR=$TMP/root
	PKG_CONFIG_LIBDIR=$TMP/root/usr/lib/pkgconfig
	export PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_LIBDIR
	unset PKG_CONFIG_PATH
}

# build_example: the example's own Makefile, in a copy, against the stage.
build_example() {
	stage
	cp -r "$SK_SRC/examples/plugin" "$TMP/ex"
	expect_exit 0 make -C "$TMP/ex"
	[ -f "$TMP/ex/tee.so" ] || fail "the example built no tee.so: $OUT $ERR"
	TEE=$TMP/ex/tee.so
}

# build_test NAME SRC [CFLAGS...]: a test plugin against the source headers.
build_test() {
	name=$1 src=$2
	shift 2
	cc -O2 -shared -fPIC -I"$SK_SRC/include" "$@" "$PLUGINS/$src" -o "$TMP/$name.so" ||
		fail "cannot build $name"
}

t_plugin_staged_headers() {
	stage
	[ "$(pkg-config --cflags stresskit | tr -d ' ')" = "-I$TMP/root/usr/include" ] ||
		fail "pkg-config --cflags: $(pkg-config --cflags stresskit)"
	for h in "$SK_SRC"/include/stresskit/*.h; do
		cmp -s "$h" "$TMP/root/usr/include/stresskit/$(basename "$h")" ||
			fail "$(basename "$h") not installed"
	done
	# the headers stand alone: no config.h, nothing of the core
	printf '#include <stresskit/stressor.h>\n' >"$TMP/only.c"
	cc -Wall -Werror -c $(pkg-config --cflags stresskit) "$TMP/only.c" -o "$TMP/only.o" ||
		fail "the installed header does not compile on its own"
	expect_match "^plugindir=/usr/lib/stresskit/plugins$" "$(cat "$TMP/root/usr/lib/pkgconfig/stresskit.pc")"
}

t_plugin_example_runs() {
	build_example
	expect_exit 0 "$SK" --plugin "$TEE" --stressors
	expect_match '^tee +tee\(\) one pipe' "$OUT"
	expect_exit 0 "$SK" --plugin "$TEE" --help tee
	expect_match -- '--tee-data-size' "$OUT"
	expect_exit 0 "$SK" --plugin="$TEE" --tee 2 --tee-ops 200 --tee-data-size 64 --verify \
		--metrics --temp-path "$TMP"
	expect_match 'metrc: .* tee +200 ' "$OUT"
	expect_match 'MB per sec tee rate \(harmonic mean of 2 instances\)' "$OUT"
	# a bad option value of a plugin's option: the parser's usual line
	expect_exit 1 "$SK" --plugin "$TEE" --tee 1 --tee-data-size 1M
	one_line "$ERR"
	expect_match 'tee-data-size' "$ERR"
	no_leftovers "$TMP/ex/.." 2>/dev/null || true
	[ -z "$(sk_procs)" ] || fail "left running: $(sk_procs)"
}

t_long_plugin_example_compose() {
	build_example
	expect_exit 0 "$SK" --plugin "$TEE" --class pipe --sequential 1 --with tee,pipe \
		-t 1s --temp-path "$TMP"
	expect_match 'metrc: .* tee +[0-9]+ ' "$OUT"
	expect_match 'metrc: .* pipe +[0-9]+ ' "$OUT"
	expect_exit 0 "$SK" --plugin "$TEE" --all 1 --with tee -t 1s --temp-path "$TMP"
	expect_match 'dispatching hogs: 1 tee' "$OUT"
	expect_exit 0 "$SK" --plugin "$TEE" --class pipe --seq 1 --dry-run
	expect_match 'tee' "$OUT"
	expect_exit 0 "$SK" --plugin "$TEE" --class pipe --seq 1 --exclude tee --dry-run
	expect_no_match 'tee' "$OUT"
	# --plugin in a job file: an absolute name, and a relative one taken
	# from the job file's directory, wherever stresskit runs
	printf 'plugin %s\ntee 1\ntee-ops 50\n' "$TEE" >"$TMP/tee.job"
	expect_exit 0 "$SK" "$TMP/tee.job" --temp-path "$TMP"
	expect_match 'metrc: .* tee +50 ' "$OUT"
	expect_exit 0 "$SK" -j "$TMP/tee.job" --temp-path "$TMP"
	mkdir -p "$TMP/jobdir" && cp "$TEE" "$TMP/jobdir/tee.so"
	printf 'plugin tee.so\ntee 1\ntee-ops 20\n' >"$TMP/jobdir/rel.job"
	expect_exit 0 sh -c 'cd / && exec "$1" -j "$2" --temp-path "$3"' sh \
		"$SK" "$TMP/jobdir/rel.job" "$TMP"
	expect_match 'metrc: .* tee +20 ' "$OUT"
	(cd "$TMP/jobdir" && "$SK" rel.job --temp-path "$TMP" >/dev/null 2>&1) ||
		fail "relative job file naming a relative plugin failed"
	# a bare file name is the file here, not one in the library path
	(cd "$TMP/jobdir" && "$SK" --plugin tee.so --tee 1 --tee-ops 5 --temp-path "$TMP" \
		>/dev/null 2>&1) || fail "--plugin tee.so in its directory failed"
	rm -r "$TMP/jobdir"
	# the sandbox: tee's .syscalls list is all it needs
	expect_exit 0 "$SK" --plugin "$TEE" --tee 1 -t 1s --sandbox --verify --temp-path "$TMP"
	# tee forks helpers: thread instances are refused, naming it
	expect_exit 1 "$SK" --plugin "$TEE" --tee 1 --instance-mode thread
	one_line "$ERR"
	expect_match 'tee' "$ERR"
	[ -z "$(ls -A "$TMP" | grep -v '^ex$\|^root$\|\.job$\|^build$')" ] ||
		fail "files left: $(ls -A "$TMP")"
}

t_long_plugin_example_results() {
	build_example
	expect_exit 0 "$SK" --plugin "$TEE" --tee 1 -t 1s --json "$TMP/a.json" \
		--yaml "$TMP/a.yaml" --perf --temp-path "$TMP"
	grep -q '"tee"' "$TMP/a.json" || fail "tee not in the JSON"
	grep -q 'stressor: tee' "$TMP/a.yaml" || fail "tee not in the YAML: $(cat "$TMP/a.yaml")"
	expect_exit 0 "$SK" --plugin "$TEE" --tee 1 -t 1s --json "$TMP/b.json" --temp-path "$TMP"
	expect_judged "$SK" compare --all -v "$TMP/a.json" "$TMP/b.json"
	expect_match 'tee' "$OUT"
}

# The bogo-op's version: recorded per stressor; compare refuses two
# versions and only notes an unversioned side.
t_plugin_version() {
	build_test spin spin.c
	build_test spin2 spin.c "-DSPIN_VERSION=\"2\""
	build_test spinnone spin.c -DSPIN_NO_VERSION
	for v in spin spin2 spinnone; do
		expect_exit 0 "$SK" --plugin "$TMP/$v.so" --spin 1 --spin-ops 20 --pipe 1 --pipe-ops 20 \
			--json "$TMP/$v.json" --temp-path "$TMP"
	done
	python3 - "$TMP" <<'PY' || fail "versions not recorded as built"
import json, sys
want = {"spin": "1", "spin2": "2", "spinnone": None}
for f, v in want.items():
    st = {e["stressor"]: e for e in json.load(open(f"{sys.argv[1]}/{f}.json"))["configuration"]["stressors"]}
    assert st["spin"]["version"] == v, (f, st["spin"])
    assert st["spin"]["plugin"] == f"{sys.argv[1]}/{f}.so", st["spin"]
    assert st["pipe"]["version"] == "1" and st["pipe"]["plugin"] is None, st["pipe"]
PY
	expect_judged "$SK" compare --all -v "$TMP/spin.json" "$TMP/spin.json"
	expect_exit 1 "$SK" compare --all -v "$TMP/spin.json" "$TMP/spin2.json"
	one_line "$ERR"
	expect_match 'other options than .*spin\.json: spin version "1" vs "2" \(--force' "$ERR"
	expect_judged "$SK" compare --all -v --force "$TMP/spin.json" "$TMP/spin2.json"
	expect_match '^note: .*spin2\.json: option spin version differs: "1" vs "2" \(compared under --force\)$' "$OUT"
	expect_judged "$SK" compare --all -v "$TMP/spin.json" "$TMP/spinnone.json"
	expect_match '^note: .*spinnone\.json: option spin version differs: "1" vs unversioned \(reporting only, compared\)$' "$OUT"
	expect_judged "$SK" compare --all -v "$TMP/spinnone.json" "$TMP/spinnone.json"
	expect_no_match 'version' "$OUT"
}

t_plugin_threads_scale() {
	build_test spin spin.c
	expect_exit 0 "$SK" --plugin "$TMP/spin.so" --spin 2 --instance-mode thread -t 1s \
		--temp-path "$TMP" -v
	expect_match 'spin: prepared 2 instances' "$OUT"
	expect_match 'metrc: .* spin +[0-9]+ ' "$OUT"
	expect_exit 0 "$SK" --plugin "$TMP/spin.so" --spin 2 --scale -t 1s --temp-path "$TMP"
	expect_match 'spin' "$OUT"
}

t_plugin_path() {
	build_test spin spin.c
	mkdir "$TMP/dir"
	mv "$TMP/spin.so" "$TMP/dir/"
	expect_exit 0 env STRESSKIT_PLUGIN_PATH="/nonexistent:$TMP/dir" "$SK" --stressors
	expect_match '^spin ' "$OUT"
	expect_exit 0 env STRESSKIT_PLUGIN_PATH= "$SK" --stressors
	expect_no_match '^spin ' "$OUT"
	# the same file from the path and --plugin is loaded once
	expect_exit 0 env STRESSKIT_PLUGIN_PATH="$TMP/dir" "$SK" --plugin "$TMP/dir/spin.so" --spin 1 \
		--spin-ops 10 --temp-path "$TMP"
	# a bad one in a path directory is refused like one given by name
	build_test bad bad.c -DBAD_NO_SYSCALLS
	mv "$TMP/bad.so" "$TMP/dir/"
	expect_exit 1 env STRESSKIT_PLUGIN_PATH="$TMP/dir" "$SK" --stressors
	one_line "$ERR"
	expect_match "^stresskit: error: plugin $TMP/dir/bad.so: stressor bad: \\.syscalls: missing" "$ERR"
}

# bad_plugin FILE PATTERN: refused before anything runs, one line naming FILE.
bad_plugin() {
	expect_exit 1 "$SK" --plugin "$1" --pipe 1 -t 1s --temp-path "$TMP"
	one_line "$ERR"
	expect_match "^stresskit: error: plugin $1: $2" "$ERR"
	[ -z "$OUT" ] || fail "output from a refused plugin: $OUT"
	[ -z "$(ls -A "$TMP" | grep -v '\.so$\|\.c$')" ] || fail "files left: $(ls -A "$TMP")"
}

t_plugin_bad_files() {
	bad_plugin "$TMP/missing.so" 'No such file'
	echo 'not ELF' >"$TMP/text.so"
	bad_plugin "$TMP/text.so" 'cannot load'
	build_test none bad.c -DBAD_NONE
	bad_plugin "$TMP/none.so" 'registers no stressor'
	build_test abi bad.c -DBAD_ABI
	bad_plugin "$TMP/abi.so" 'built for stressor ABI 2\.0'
	build_test abiminor bad.c -DBAD_ABI_MINOR
	minor=$(sed -n 's/^#define SK_ABI_MINOR \([0-9]*\)$/\1/p' "$SK_SRC/include/stresskit/version.h")
	[ -n "$minor" ] || fail "no SK_ABI_MINOR in version.h"
	bad_plugin "$TMP/abiminor.so" "built for stressor ABI 1\\.$((minor + 1)), this stresskit has 1\\.$minor "
}

# A plugin cut short (issue 33: dlopen died of SIGBUS, exit 135, for any
# cut between some 1,000 and 12,000 bytes) is refused like any bad one.
# The binary runs once per cut: every byte one to either side of each
# header's and segment's ends, and every 256th byte between them (the
# unit test test_plugin_elf.c goes through every byte in one process).
t_plugin_truncated_cuts() {
	build_test spin spin.c
	mkdir "$TMP/run"
	python3 - "$SK" "$TMP/spin.so" "$TMP/cut.so" "$TMP/run" <<'PY' || fail "cuts not refused"
import struct, subprocess, sys
sk, src, cut, run = sys.argv[1:]
data = open(src, "rb").read()
assert data[4:6] == b"\x02\x01", "the edges are read for 64-bit little-endian ELF"
phoff, shoff = struct.unpack_from("<QQ", data, 32)
phentsize, phnum, shentsize, shnum = struct.unpack_from("<HHHH", data, 54)
edges = {4, 64, phoff + phnum * phentsize, shoff, shoff + shnum * shentsize}
for i in range(phnum):
    off, filesz = struct.unpack_from("<Q16xQ", data, phoff + i * phentsize + 8)
    edges |= {off, off + filesz}
cuts = set(range(0, len(data), 256))
cuts |= {e + d for e in edges for d in (-1, 0, 1) if 0 <= e + d < len(data)}
bad = []
for n in sorted(cuts):
    open(cut, "wb").write(data[:n])
    r = subprocess.run([sk, "--plugin", cut, "--pipe", "1", "-t", "1s", "--temp-path", run],
                       capture_output=True, text=True)
    err = r.stderr.splitlines()
    if (r.returncode, r.stdout, len(err)) != (1, "", 1) or \
       not err[0].startswith(f"stresskit: error: plugin {cut}: cannot load: "):
        bad.append(f"cut at {n}: exit {r.returncode}: {r.stderr!r}")
print(f"{len(cuts)} cuts of {len(data)} bytes, {len(bad)} not refused")
print("\n".join(bad[:5]))
sys.exit(1 if bad else 0)
PY
	[ -z "$(ls -A "$TMP/run")" ] || fail "files left: $(ls -A "$TMP/run")"
	[ -z "$(sk_procs)" ] || fail "left running: $(sk_procs)"
}

# The three ways to name a cut plugin; --version and a bare --help do not
# load the plugin directories, so a cut file there leaves them working.
t_plugin_truncated_paths() {
	build_test spin spin.c
	head -c 5000 "$TMP/spin.so" >"$TMP/cut.so"
	bad_plugin "$TMP/cut.so" 'cannot load: truncated to 5000 bytes: segment [0-9]+ \(LOAD\) ends at byte'
	mkdir "$TMP/dir"
	mv "$TMP/cut.so" "$TMP/dir/"
	cut=$TMP/dir/cut.so
	printf 'plugin %s\npipe 1\ntimeout 1s\n' "$cut" >"$TMP/cut.job"
	expect_exit 1 "$SK" -j "$TMP/cut.job" --temp-path "$TMP/dir"
	one_line "$ERR"
	expect_match "^stresskit: error: plugin $cut: cannot load: truncated" "$ERR"
	for args in "--pipe 1 -t 1s" --stressors "--help pipe"; do
		expect_exit 1 env STRESSKIT_PLUGIN_PATH="$TMP/dir" "$SK" $args --temp-path "$TMP/dir"
		one_line "$ERR"
		expect_match "^stresskit: error: plugin $cut: cannot load: truncated" "$ERR"
		[ -z "$OUT" ] || fail "output from $args: $OUT"
	done
	for args in --version -V; do
		expect_exit 0 env STRESSKIT_PLUGIN_PATH="$TMP/dir" "$SK" $args
		expect_match '^stresskit [0-9]' "$OUT"
		[ -z "$ERR" ] || fail "$args: $ERR"
	done
	for args in --help -h "--help --pipe 1"; do
		expect_exit 0 env STRESSKIT_PLUGIN_PATH="$TMP/dir" "$SK" $args
		expect_match '^usage: stresskit ' "$OUT"
		[ -z "$ERR" ] || fail "$args: $ERR"
	done
	# a plugin named on the command line is loaded for them all the same
	expect_exit 1 "$SK" --plugin "$cut" --version
	expect_match "^stresskit: error: plugin $cut: cannot load: truncated" "$ERR"
	[ "$(ls -A "$TMP/dir")" = cut.so ] || fail "files left: $(ls -A "$TMP/dir")"
}

t_plugin_bad_descriptors() {
	build_test clash bad.c -DBAD_NAME_CLASH
	bad_plugin "$TMP/clash.so" 'stressor pipe: \.name: a built-in stressor has that name'
	build_test nosys bad.c -DBAD_NO_SYSCALLS
	bad_plugin "$TMP/nosys.so" 'stressor bad: \.syscalls: missing'
	build_test needs bad.c -DBAD_NEEDS
	bad_plugin "$TMP/needs.so" "stressor bad: \\.needs: unknown feature 'no-such-feature'"
	build_test opt bad.c -DBAD_OPT_CLASH
	bad_plugin "$TMP/opt.so" "stressor pipe-data: \\.opts: --pipe-data-size is also stressor pipe's"
	build_test global bad.c -DBAD_GLOBAL
	bad_plugin "$TMP/global.so" 'stressor timeout: \.name: --timeout is a global option'
	build_test version bad.c -DBAD_VERSION
	bad_plugin "$TMP/version.so" "stressor bad: \\.version: '1 \\(changed\\)' is not 1 to 32 of"
	# the same plugin twice under two names: the second clashes
	cp "$TMP/global.so" "$TMP/g2.so"
	build_test spin spin.c
	cp "$TMP/spin.so" "$TMP/spin2.so"
	expect_exit 1 "$SK" --plugin "$TMP/spin.so" --plugin "$TMP/spin2.so" --stressors
	expect_match "^stresskit: error: plugin $TMP/spin2.so: stressor spin: \\.name: a plugin stressor has that name" "$ERR"
}

t_plugin_crashes() {
	build_test crashprep bad.c -DBAD_CRASH_PREPARE
	expect_exit 1 "$SK" --plugin "$TMP/crashprep.so" --bad 1 -t 1s --temp-path "$TMP"
	expect_match "^stresskit: error: plugin $TMP/crashprep.so: stressor bad: prepare\\(\\) crashed: Segmentation fault" "$ERR"
	[ -z "$(ls -A "$TMP" | grep -v '\.so$')" ] || fail "files left: $(ls -A "$TMP")"
	# a crash in run() is the instance's, reported as a built-in's would be
	build_test crashrun bad.c -DBAD_CRASH_RUN
	# a sanitized build's instance would report the SEGV and exit 1:
	# let it die of the signal, as a release build does
	ASAN_OPTIONS=handle_segv=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} \
		expect_exit 5 "$SK" --plugin "$TMP/crashrun.so" --bad 1 -t 1s --temp-path "$TMP"
	expect_match 'bad: instance 0 killed by signal 11' "$ERR"
	[ -z "$(sk_procs)" ] || fail "left running: $(sk_procs)"
}

# The build refuses a stressor that includes a core header, by any path.
t_plugin_api_check() {
	for inc in '"log.h"' '"../core/base/log.h"'; do
		printf '#include <stresskit/stressor.h>\n#include %s\n' "$inc" >"$TMP/leak.c"
		mkdir -p "$TMP/stressors"
		cp "$TMP/leak.c" "$TMP/stressors/leak.c"
		( cd "$TMP" && ln -sfn "$SK_SRC/core" core && ln -sfn "$SK_SRC/include" include &&
		  cc -Iinclude -MMD -c stressors/leak.c -o leak.o 2>/dev/null &&
		  sh "$SK_SRC/mk/check-api.sh" stressors/leak.c leak.d ) &&
			fail "$inc passed the API check"
	done
	printf '#include <stresskit/stressor.h>\n' >"$TMP/stressors/ok.c"
	( cd "$TMP" && cc -Iinclude -MMD -c stressors/ok.c -o ok.o &&
	  sh "$SK_SRC/mk/check-api.sh" stressors/ok.c ok.d ) || fail "a clean stressor failed the API check"
}

# Every function and object the headers mark SK_API is exported to
# plugins, and the binary exports nothing of the core beyond them.
t_plugin_exports() {
	command -v nm >/dev/null || { echo "    skip: no nm"; return 0; }
	sed -n -e 's/^SK_API [^(]*[ *]\([a-z_0-9]*\)(.*/\1/p' \
		-e 's/^SK_API extern [^(;]*[ *]\([a-z_0-9]*\);$/\1/p' \
		"$SK_SRC"/include/stresskit/*.h | sort -u >"$TMP/api"
	[ "$(wc -l <"$TMP/api")" -ge 10 ] || fail "too few SK_API functions read: $(cat "$TMP/api")"
	grep -qx sk_opt_host_port "$TMP/api" || fail "SK_API objects not read: $(cat "$TMP/api")"
	# functions (T) and objects (D, R, B); not the C library's copies (name@VERSION)
	nm -D --defined-only "$SK" | awk '$2 ~ /^[TDRB]$/ && $3 !~ /@/ { print $3 }' |
		sort -u >"$TMP/exported"
	missing=$(comm -23 "$TMP/api" "$TMP/exported" | tr '\n' ' ')
	[ -z "$missing" ] || fail "SK_API functions not exported: $missing"
	extra=$(comm -13 "$TMP/api" "$TMP/exported" | grep -v '^_' | tr '\n' ' ')
	[ -z "$extra" ] || fail "exported beyond the API: $extra"
}
