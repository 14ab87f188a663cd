# test_abi.sh - the stressor ABI 1.0 as a plugin author meets it: a
# stressor written from stresskit-stressor(3) alone, built with pkg-config
# against a staged install, in every mode; a plugin built against the 1.0
# headers (abi/1.0), --warmup and --NAME-ops counting as built today; the
# ABI check refusing a changed layout or loop; and no test
# hook in the shipped binary.

# stage (make install into $TMP/root, pkg-config on it) and $PLUGINS
. "$SK_SRC/tests/integration/test_plugin.sh"

# The EXAMPLE section of the installed page, rendered as a reader sees it,
# is the whole source: built with the page's build line, it loads and
# runs with --verify, --sandbox, thread instances, --json and a job file.
t_long_abi_manpage_stressor() {
	command -v man >/dev/null || { echo "    skip: no man (groff-base, man-db)"; return 0; }
	stage
	page=$TMP/root/usr/share/man/man3/stresskit-stressor.3
	[ -f "$page" ] || fail "make install put no stresskit-stressor.3 in man3"
	MANWIDTH=200 man -l "$page" 2>/dev/null | col -b |
		awk '/^EXAMPLE/ { ex = 1 }
		     ex && /#include <stresskit\/stressor.h>/ { on = 1 }
		     on { sub(/^       /, ""); print }
		     on && /^STRESSOR_REGISTER\(/ { exit }' >"$TMP/evping.c"
	grep -q '^STRESSOR_REGISTER(evping_stressor);$' "$TMP/evping.c" ||
		fail "no whole stressor in the page's EXAMPLE: $(cat "$TMP/evping.c")"
	cc $(pkg-config --cflags stresskit) -O2 -Wall -Werror -shared -fPIC \
		"$TMP/evping.c" -o "$TMP/evping.so" || fail "the page's example does not build"
	expect_exit 0 "$SK" --plugin "$TMP/evping.so" --evping 1 --evping-ops 1000 \
		--evping-value 7 --verify --metrics --temp-path "$TMP"
	expect_match 'metrc: .* evping +1000 ' "$OUT"
	expect_match 'evping .* pings per sec' "$OUT"
	expect_exit 0 "$SK" --plugin "$TMP/evping.so" --evping 2 --evping-ops 2000 --verify \
		--sandbox --temp-path "$TMP"
	expect_exit 0 "$SK" --plugin "$TMP/evping.so" --evping 2 --evping-ops 2000 --verify \
		--instance-mode thread --temp-path "$TMP"
	expect_exit 0 "$SK" --plugin "$TMP/evping.so" --evping 1 --evping-ops 500 \
		--json "$TMP/e.json" --temp-path "$TMP"
	python3 - "$TMP/e.json" <<'PY' || fail "evping not in the JSON as run"
import json, sys
doc = json.load(open(sys.argv[1]))
st = {e["stressor"]: e for e in doc["configuration"]["stressors"]}
assert st["evping"]["version"] == "1" and st["evping"]["plugin"].endswith("evping.so"), st
assert '"pings per sec"' in open(sys.argv[1]).read()
PY
	printf 'plugin %s\nevping 1\nevping-ops 300\nevping-value 3\n' "$TMP/evping.so" >"$TMP/e.job"
	expect_exit 0 "$SK" "$TMP/e.job" --verify --metrics --temp-path "$TMP"
	expect_match 'metrc: .* evping +300 ' "$OUT"
	[ -z "$(sk_procs)" ] || fail "left running: $(sk_procs)"
}

# A plugin built against the headers of 1.0, as they were, loads and runs
# in this stresskit: the loop, its batch form and latency timing count
# where this core reads them.
t_abi_1_0_plugin_runs() {
	cc -O2 -Wall -Werror -shared -fPIC -I"$SK_SRC/abi/1.0/include" \
		"$SK_SRC/abi/1.0/plugin.c" -o "$TMP/abi10.so" || fail "the 1.0 plugin does not build"
	expect_exit 0 "$SK" --plugin "$TMP/abi10.so" --abi10 2 --abi10-ops 1000 --metrics \
		--temp-path "$TMP"
	expect_match 'metrc: .* abi10 +1000 ' "$OUT"
	expect_exit 0 "$SK" --plugin "$TMP/abi10.so" --abi10 2 --abi10-ops 999 --abi10-batch 64 \
		--instance-mode thread --metrics --temp-path "$TMP"
	expect_match 'metrc: .* abi10 +999 ' "$OUT"
	expect_exit 0 "$SK" --plugin "$TMP/abi10.so" --abi10 1 --abi10-ops 2000 --abi10-timed \
		--latency --latency-sample 1 --metrics --temp-path "$TMP"
	expect_match 'abi10 .* p50 add latency \(total histogram of 1 instances, 2000 timed ops\)' "$OUT"
	# --NAME-ops counts in the window after --warmup, as built today,
	# although the 1.0 loop fixed its limit at its start (instance.c)
	expect_exit 0 "$SK" --plugin "$TMP/abi10.so" --abi10 2 --abi10-ops 1000 --warmup 0.1s \
		--metrics --temp-path "$TMP"
	expect_match 'metrc: .* abi10 +1000 ' "$OUT"
	expect_exit 0 "$SK" --plugin "$TMP/abi10.so" --abi10 2 --abi10-ops 999 --abi10-batch 64 \
		--warmup 0.1s --instance-mode thread --metrics --temp-path "$TMP"
	expect_match 'metrc: .* abi10 +999 ' "$OUT"
	expect_exit 0 "$SK" --plugin "$TMP/abi10.so" --abi10 1 --abi10-ops 2000 --abi10-timed \
		--warmup 0.1s --latency --latency-sample 1 --metrics --temp-path "$TMP"
	expect_match 'abi10 .* p50 add latency \(total histogram of 1 instances, 2000 timed ops\)' "$OUT"
}

# make abi-check's counts (which make test's abi-check passes on the
# tree): headers whose loop counts the warm-up against the limit,
# claiming today's minor (so run as built), are refused in one line.
t_long_abi_check_counts() {
	cp -r "$SK_SRC/abi/1.0/include" "$TMP/old"
	sed -i 's/^#define SK_ABI_MINOR 0$/#define SK_ABI_MINOR 1/' "$TMP/old/stresskit/version.h"
	grep -q '^#define SK_ABI_MINOR 1$' "$TMP/old/stresskit/version.h" || fail "no minor set"
	expect_exit 1 "$SK_SRC/mk/abi-counts.sh" "$SK" "$SK_SRC/include" "$TMP/old"
	expect_match "stresskit: error: abi-check: tee.c built against $TMP/old counted '[0-9]+' ops, built against .* 1000 .*the inline loop's meaning changed" "$ERR"
	[ "$(printf "%s\n" "$ERR" | wc -l)" -eq 1 ] || fail "more than one line: $ERR"
}

# make abi-check's comparison: the same headers keep the ABI, a field
# inserted in the loop a plugin inlines breaks it; and the binary as built
# keeps the baseline's exported functions.
t_abi_check_refuses_change() {
	command -v abidw >/dev/null && command -v abidiff >/dev/null ||
		{ echo "    skip: no abidw/abidiff (abigail-tools)"; return 0; }
	cp -r "$SK_SRC/include" "$TMP/include"
	cc -g -O0 -shared -fPIC -I"$TMP/include" "$SK_SRC/abi/layouts.c" -o "$TMP/same.so"
	expect_exit 0 "$SK_SRC/mk/abi-check.sh" "$SK_SRC/abi/layouts-1.0.abi" "$TMP/same.so"
	sed -i 's/^\tuint64_t limit;/\tuint64_t limit, added;/' "$TMP/include/stresskit/instance.h"
	grep -q 'limit, added;' "$TMP/include/stresskit/instance.h" || fail "no field inserted"
	cc -g -O0 -shared -fPIC -I"$TMP/include" "$SK_SRC/abi/layouts.c" -o "$TMP/moved.so"
	expect_exit 1 "$SK_SRC/mk/abi-check.sh" "$SK_SRC/abi/layouts-1.0.abi" "$TMP/moved.so"
	expect_match "breaks the ABI of .*layouts-1\\.0\\.abi" "$ERR"
	expect_match "struct instance_loop" "$ERR"
	readelf -S "$SK_SHIPPED" 2>/dev/null | grep -q debug_info ||
		{ echo "    skip: $SK_SHIPPED has no debug info"; return 0; }
	expect_exit 0 "$SK_SRC/mk/abi-check.sh" "$SK_SRC/abi/stresskit-1.0.abi" "$SK_SHIPPED"
}

# The binary users get reads no STRESSKIT_TEST_* variable: no such name is
# in it, and a fault the test build injects changes nothing in it.
t_abi_no_test_hooks_shipped() {
	[ "$SK_SHIPPED" != "$SK" ] || { echo "    skip: no test build beside $SK"; return 0; }
	strings "$SK_SHIPPED" | grep STRESSKIT_TEST_ && fail "$SK_SHIPPED names a test hook"
	strings "$SK" | grep -q STRESSKIT_TEST_ || fail "the test build has no hooks"
	expect_exit 0 env STRESSKIT_TEST_SPLICE_ZERO_EINVAL=1 "$SK" --splice 1 --splice-ops 20 \
		--temp-path "$TMP"
	expect_match 'will not splice from /dev/zero' "$OUT"
	expect_exit 0 env STRESSKIT_TEST_SPLICE_ZERO_EINVAL=1 "$SK_SHIPPED" --splice 1 \
		--splice-ops 20 --temp-path "$TMP"
	expect_no_match 'will not splice' "$OUT"
}

# One list of the public names: every function, type, macro and enum
# constant the installed headers declare is in the page's PUBLIC NAMES.
t_abi_public_names_listed() {
	for h in "$SK_SRC"/include/stresskit/*.h; do
		sed -n -e 's/^SK_API [^(]*[ *]\([a-z_0-9]*\)(.*/\1/p' \
			-e 's/^SK_API extern .* \([a-z_0-9]*\);/\1/p' \
			-e 's/^static inline [^(]*[ *]\([a-z_0-9]*\)(.*/\1/p' \
			-e 's/^\(struct\|enum\) \([a-z_0-9]*\) {.*/\2/p' \
			-e 's/^typedef .*(\*\([a-z_0-9]*\))(.*/\1/p' \
			-e 's/^#define \([A-Za-z_0-9]*\).*/\1/p' \
			-e 's/^\t\([A-Z][A-Z_0-9]*\)\( *=.*\|,.*\)$/\1/p' "$h"
	done | grep -v '^STRESSKIT_.*_H$' | sort -u >"$TMP/names"
	[ "$(wc -l <"$TMP/names")" -gt 100 ] || fail "too few names read from the headers"
	sed -n '/^\.SH PUBLIC NAMES/,/^\.SH /p' "$SK_SRC/man/stresskit-stressor.3.in" |
		sed 's/\\-/-/g' >"$TMP/listed"
	missing=$(while read -r n; do grep -qw -- "$n" "$TMP/listed" || echo "$n"; done <"$TMP/names")
	[ -z "$missing" ] || fail "not in stresskit-stressor(3) PUBLIC NAMES:" $missing
}
