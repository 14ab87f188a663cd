# test_build.sh - the feature probes: a missing required library stops
# the build in one line naming ./setup.sh and leaves no configuration to
# go stale; the probes run again when the compiler changes.

# build_fake_cc DIR: a compiler that cannot link libjudy, as on a
# machine before ./setup.sh; anything else goes to cc.
build_fake_cc() {
	cat >"$1/cc" <<'CC'
#!/bin/sh
for a in "$@"; do [ "$a" = -lJudy ] && exit 1; done
exec cc "$@"
CC
	chmod +x "$1/cc"
}

t_long_build_missing_library_then_setup() {
	build_fake_cc "$TMP"
	expect_exit 2 make -s -C "$SK_SRC" BUILD="$TMP/b" CC="$TMP/cc" "$TMP/b/config.h"
	expect_match "^stresskit: build: missing libjudy-dev: run \./setup\.sh \(as root\) first$" "$ERR"
	[ ! -e "$TMP/b/config.mk" ] && [ ! -e "$TMP/b/config.h" ] ||
		fail "a configuration was left: $(ls "$TMP/b")"
	# the library is there now (the real compiler): probed again, not stale
	expect_exit 0 make -s -C "$SK_SRC" BUILD="$TMP/b" "$TMP/b/config.mk"
	expect_match "#define HAVE_LIBJUDY 1" "$(cat "$TMP/b/config.h")"
	# loaded on first use (core/base/lazy_lib.h): by the SONAME it was
	# linked against, not linked
	expect_match '#define SK_SONAME_LIBJUDY "libJudy\.so\.[0-9]+"' "$(cat "$TMP/b/config.h")"
	expect_no_match "-lJudy" "$(cat "$TMP/b/config.mk")"
}

# A changed compiler is probed again; the same one is not.
t_long_build_probes_follow_compiler() {
	expect_exit 0 make -s -C "$SK_SRC" BUILD="$TMP/b" "$TMP/b/config.mk"
	expect_match "^features:" "$OUT"
	expect_exit 0 make -s -C "$SK_SRC" BUILD="$TMP/b" "$TMP/b/config.mk"
	expect_no_match "^features:" "$OUT"
	build_fake_cc "$TMP"
	expect_exit 2 make -s -C "$SK_SRC" BUILD="$TMP/b" CC="$TMP/cc" "$TMP/b/config.mk"
	expect_match "run \./setup\.sh" "$ERR"
	[ ! -e "$TMP/b/config.mk" ] || fail "config.mk outlived a failed probe"
}

# The probes depend on the headers they read and the libraries they
# linked (build/config.d): one that changes makes the next make probe again.
t_long_build_probes_follow_headers() {
	expect_exit 0 make -s -C "$SK_SRC" BUILD="$TMP/b" "$TMP/b/config.mk"
	deps=$(cat "$TMP/b/config.d")
	expect_match "/Judy\.h( |$)" "$deps"
	expect_match "/libJudy\.so( |$)" "$deps"
	expect_match "/jansson\.h( |$)" "$deps"
	# a header of the probes' that is newer than the last probe
	: >"$TMP/header.h"
	sed -i "s|\$| $TMP/header.h|" "$TMP/b/config.d"
	touch -d '+1 minute' "$TMP/header.h"
	expect_exit 0 make -s -C "$SK_SRC" BUILD="$TMP/b" "$TMP/b/config.mk"
	expect_match "^features:" "$OUT"
}

# The Debian package's build (debian/rules: dpkg-buildflags with
# hardening=+all, so _FORTIFY_SOURCE's warn_unused_result on brk and the
# like) is warning-free. Long: it compiles everything once more.
t_long_build_package_flags_no_warnings() {
	if ! command -v dpkg-buildflags >/dev/null; then
		echo "skip: no dpkg-buildflags (apt-get install dpkg-dev)"
		return 0
	fi
	# in the environment, as dh_auto_build passes them: the Makefile adds its own
	export DEB_BUILD_MAINT_OPTIONS=hardening=+all
	CFLAGS=$(dpkg-buildflags --get CFLAGS) CPPFLAGS=$(dpkg-buildflags --get CPPFLAGS) \
		LDFLAGS=$(dpkg-buildflags --get LDFLAGS)
	export CFLAGS CPPFLAGS LDFLAGS
	expect_exit 0 nice make -C "$SK_SRC" BUILD="$TMP/b" "$TMP/b/stresskit"
	expect_no_match 'warning:' "$ERR"
}

# A plain make (no -j, as the README's first command) compiles side by
# side: of two objects, each compile waits (20 s at most) for the other
# to have started, which only a parallel make gives it.
t_long_build_plain_make_is_parallel() {
	if [ "$(nproc)" -lt 2 ]; then
		echo "skip: one CPU: a plain make runs one job"
		return 0
	fi
	mkdir "$TMP/started"
	cat >"$TMP/cc" <<CC
#!/bin/sh
case "\$*" in
*stressors/brk.c*|*stressors/dup.c*)
	: >"$TMP/started/\$\$"
	for i in \$(seq 200); do
		[ "\$(ls "$TMP/started" | wc -l)" -ge 2 ] && break
		sleep 0.1
	done
	ls "$TMP/started" | wc -l >"$TMP/saw.\$\$" ;;
esac
exec cc "\$@"
CC
	chmod +x "$TMP/cc"
	# as from a shell: no make above it to take its jobs from
	expect_exit 0 env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make -C "$SK_SRC" BUILD="$TMP/b" CC="$TMP/cc" \
		"$TMP/b/stressors/brk.o" "$TMP/b/stressors/dup.o"
	[ "$(cat "$TMP"/saw.* | sort -u)" = 2 ] ||
		fail "the compiles ran one after the other: $(cat "$TMP"/saw.*)"
}
