# test_packaging.sh - what a distribution ships agrees with the binary:
# the man page documents exactly the options, stressors and exit codes
# --help lists, the bash completion offers them, make install / uninstall
# leave nothing behind, and debian/ lists what setup.sh installs.
#
# The man page and completion are taken from beside the binary (build/man,
# build/completion) or, for an installed binary (the autopkgtest), from
# where the package puts them.

pkg_file() {
	d=$(dirname "$SK")
	for f in "$d/$1" "$d/../share/$2" "$d/../share/$2.gz"; do
		[ -f "$f" ] && { echo "$f"; return 0; }
	done
	fail "no $1 beside $SK nor in $d/../share/$2"
}

pkg_man() {
	f=$(pkg_file man/stresskit.1 man/man1/stresskit.1)
	case "$f" in *.gz) zcat "$f" ;; *) cat "$f" ;; esac
}

# help_options [NAME]: the option names of --help [NAME], sorted.
help_options() {
	"$SK" --help "$@" | awk -f "$SK_SRC/man/help-options.awk" | cut -f1 | sort
}

# man_options SECTION [SUBSECTION]: the long options tagged (.TP) in that
# part of the man page source, sorted.
man_options() {
	pkg_man | awk -v sh="$1" -v ss="${2:-}" '
		/^\.SH / { in_sh = ($2 == sh); in_ss = (ss == ""); next }
		/^\.SS / { in_ss = ($2 == ss); next }
		/^\.TP/ { tag = 1; next }
		tag && in_sh && in_ss {
			line = $0
			while (match(line, /\\-\\-[a-z0-9][a-z0-9_\\-]*/)) {
				o = substr(line, RSTART + 4, RLENGTH - 4)
				gsub(/\\-/, "-", o)
				print o
				line = substr(line, RSTART + RLENGTH)
			}
		}
		{ tag = 0 }' | sort -u
}

# same_set WHAT A B B_NAME HINT: the sorted lists A (from --help) and B
# (from B_NAME) are equal, else a failure naming each side's extras.
same_set() {
	[ "$2" = "$3" ] && return 0
	only_a=$(printf '%s\n' "$2" | grep -vxF -e "$3" | tr '\n' ' ' || true)
	only_b=$(printf '%s\n' "$3" | grep -vxF -e "$2" | tr '\n' ' ' || true)
	[ -z "$3" ] && only_a=$(printf '%s\n' "$2" | tr '\n' ' ')
	[ -z "$2" ] && only_b=$(printf '%s\n' "$3" | tr '\n' ' ')
	fail "$1 differ: only in --help: [${only_a}] only in $4: [${only_b}] ($5)"
}

t_man_options_match_help() {
	h=$(help_options)
	[ "$(printf '%s\n' "$h" | wc -l)" -ge 10 ] || fail "too few options parsed from --help: $h"
	same_set "global options" "$h" "$(man_options OPTIONS)" "the man page" \
		"document them in man/stresskit.1.in, section OPTIONS"
}

t_long_man_stressor_options_match_help() {
	names=$("$SK" --stressors | awk '{ print $1 }')
	[ -n "$names" ] || fail "no stressors listed"
	for n in $names; do
		h=$(help_options "$n")
		printf '%s\n' "$h" | grep -qx "$n-ops" || fail "--help $n lists no --$n-ops"
		same_set "options of stressor $n" "$h" "$(man_options STRESSORS "$n")" "the man page" \
			"man/gen-man.sh generates them from --help $n"
	done
	sections=$(pkg_man | awk '/^\.SH / { s = $2 } s == "STRESSORS" && /^\.SS / { print $2 }' | sort)
	same_set "stressors" "$(printf '%s\n' $names | sort)" "$sections" "the man page" \
		"one .SS each"
}

t_man_exit_codes_match_help() {
	h=$("$SK" --help | sed -n '/^exit codes:/,$p' | tr ',' '\n' |
		sed -n 's/^[a-z :]*\([0-9][0-9]*\) .*/\1/p' | sort)
	m=$(pkg_man | awk '/^\.SH / { s = $2 " " $3 } /^\.TP/ { tag = 1; next }
		tag && s == "EXIT STATUS" { print $2 } { tag = 0 }' | sort)
	[ -n "$h" ] || fail "no exit codes in --help"
	same_set "exit codes" "$h" "$m" "the man page" "section EXIT STATUS of man/stresskit.1.in"
}

# What lintian checks: the page renders with no groff warning.
t_man_renders_cleanly() {
	pkg_man >"$TMP/stresskit.1"
	LC_ALL=C.UTF-8 groff -wmac -man -Tutf8 -z "$TMP/stresskit.1" 2>"$TMP/warn"
	[ ! -s "$TMP/warn" ] || fail "groff warnings: $(cat "$TMP/warn")"
}

# complete LINE...: the completions bash offers for the last word.
complete_words() {
	f=$(pkg_file completion/stresskit bash-completion/completions/stresskit)
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_stresskit; printf "%s\n" "${COMPREPLY[@]}"' sh "$f" stresskit "$@" | sort
}

t_long_completion_offers_options() {
	got=$(complete_words --pi)
	printf '%s\n' "$got" | grep -qx -- --pipe || fail "--pi does not offer --pipe: $got"
	printf '%s\n' "$got" | grep -qx -- --pipe-ops || fail "--pi does not offer --pipe-ops: $got"
	printf '%s\n' "$got" | grep -qx -- --timeout && fail "--pi offers --timeout"
	# every long option of --help and of each stressor, nothing else
	want=$({ help_options; for n in $("$SK" --stressors | awk '{ print $1 }'); do
		help_options "$n"; done; } | sed 's/^/--/' | sort -u)
	same_set "completed options" "$want" "$(complete_words -- | sort -u)" \
		"the completion" "completion/gen-completion.sh"
	got=$(complete_words --help '')
	[ "$got" = "$("$SK" --stressors | awk '{ print $1 }' | sort)" ] ||
		fail "--help does not complete to the stressors: $got"
	[ -z "$(complete_words --pipe-ops '')" ] || fail "offers words for a count"
	# values: choices, and comma lists completed after the last comma
	[ "$(complete_words --instance-mode '')" = "$(printf 'both\nprocess\nthread')" ] ||
		fail "--instance-mode: $(complete_words --instance-mode '')"
	[ "$(complete_words --class sch)" = scheduler ] || fail "--class sch: $(complete_words --class sch)"
	[ "$(complete_words --with pipe,spl)" = pipe,splice ] || fail "--with pipe,spl: $(complete_words --with pipe,spl)"
	[ "$(complete_words --exclude redi)" = redis ] || fail "--exclude redi"
	[ "$(complete_words --redis-test set,g)" = set,get ] || fail "--redis-test set,g: $(complete_words --redis-test set,g)"
	[ "$(complete_words --splice-method vm)" = vmsplice ] || fail "--splice-method vm"
	[ "$(complete_words --sendfile-sink '')" = "$(printf 'null\ntcp')" ] || fail "--sendfile-sink"
	# files where a file is named: a plugin is a .so (or a directory on the way)
	mkdir -p "$TMP/plugdir" && : >"$TMP/plug.so" && : >"$TMP/plug.txt"
	[ "$(cd "$TMP" && complete_words --plugin plu)" = "$(printf 'plug.so\nplugdir')" ] ||
		fail "--plugin plu: $(cd "$TMP" && complete_words --plugin plu)"
	[ "$(cd "$TMP" && complete_words --json plug.t)" = plug.txt ] || fail "--json plug.t"
	# a job file as the first word (the test runs in $TMP)
	: >"$TMP/night.job"
	[ "$(complete_words nig)" = night.job ] || fail "no job file offered first: $(complete_words nig)"
	# a subcommand's arguments: files
	for sub in $("$SK" --help | awk -v subcommands=1 -f "$SK_SRC/man/help-options.awk" | cut -f1); do
		[ "$(complete_words "$sub" nig)" = night.job ] || fail "no file offered after $sub"
	done
}

t_install_uninstall() {
	# a binary in a build tree installs from it; an installed one (the
	# autopkgtest) has the tree built afresh
	build=$(dirname "$SK")
	[ -f "$build/config.h" ] || build=$TMP/build
	root=$TMP/root
	expect_exit 0 make -s -C "$SK_SRC" install BUILD="$build" DESTDIR="$root" PREFIX=/usr
	[ -x "$root/usr/bin/stresskit" ] || fail "no binary installed"
	[ -f "$root/usr/share/man/man1/stresskit.1" ] || fail "no man page installed"
	[ -f "$root/usr/share/bash-completion/completions/stresskit" ] || fail "no completion installed"
	for ex in "$SK_SRC"/example-jobs/* "$SK_SRC"/example-jobs/stress-ng/*; do
		[ -f "$ex" ] || continue
		rel=${ex#"$SK_SRC"/example-jobs/}
		[ -f "$root/usr/share/doc/stresskit/examples/$rel" ] ||
			fail "example $rel not installed"
	done
	# the manual's chapters, where the installed man page says they are
	docdir=$(sed -n 's|^\.I \(/usr/share/doc/stresskit/docs\)/$|\1|p' \
		"$root/usr/share/man/man1/stresskit.1")
	[ -n "$docdir" ] || fail "the man page does not name /usr/share/doc/stresskit/docs/"
	for doc in "$SK_SRC"/docs/*.md; do
		cmp -s "$doc" "$root$docdir/$(basename "$doc")" ||
			fail "docs/$(basename "$doc") not installed in $docdir"
	done
	"$root/usr/bin/stresskit" --version | grep -q '^stresskit ' || fail "installed binary does not run"
	# the compat directory: stress-ng there is stresskit with stress-ng's lines
	[ -L "$root/usr/lib/stresskit/compat/stress-ng" ] || fail "no compat stress-ng link"
	PATH=$root/usr/lib/stresskit/compat:$PATH stress-ng --pipe 1 --pipe-ops 5 \
		--temp-path "$TMP" 2>&1 | grep -q '^stress-ng: info: ' ||
		fail "compat stress-ng does not print stress-ng's lines"
	expect_exit 0 make -s -C "$SK_SRC" uninstall BUILD="$build" DESTDIR="$root" PREFIX=/usr
	left=$(find "$root" ! -type d; find "$root" -name '*stresskit*')
	[ -z "$left" ] || fail "left after uninstall: $left"
}

# setup.sh installs what the build and the tests use on a fresh machine;
# debian/control and debian/tests/control must ask for the same.
setup_list() {
	sed -n "s/^$1=\"\\(.*\\)\"\$/\\1/p" "$SK_SRC/setup.sh" | tr ' ' '\n' | grep -v '^\$' || true
}

control_field() {
	awk -v f="$2" '
		$0 ~ "^" f ":" { on = 1; sub("^" f ":", ""); print; next }
		on && /^[ \t]/ { print; next }
		{ on = 0 }' "$1" | tr ',' '\n' | sed 's/[<(].*//; s/[ \t]//g' | grep . || true
}

t_debian_depends_match_setup() {
	bd=$(control_field "$SK_SRC/debian/control" Build-Depends)
	[ -n "$bd" ] || fail "no Build-Depends in debian/control"
	# make, gcc and libc6-dev are build-essential: never Build-Depends
	for p in $(setup_list build) check; do
		case $p in make|gcc|libc6-dev) continue ;; esac
		printf '%s\n' "$bd" | grep -qx "$p" ||
			fail "setup.sh builds with $p: add it to Build-Depends in debian/control"
	done
	td=$(control_field "$SK_SRC/debian/tests/control" Depends)
	for p in $(setup_list test); do
		printf '%s\n' "$td" | grep -qx "$p" ||
			fail "setup.sh tests with $p: add it to the integration Depends in debian/tests/control"
	done
}

# The source tree's build directory for a binary built in one; a fresh
# one under $TMP for an installed binary (the autopkgtest).
pkg_build_dir() {
	b=$(dirname "$SK")
	[ -f "$b/config.h" ] && { echo "$b"; return 0; }
	echo "$TMP/build"
}

# make_clean ARGS...: make in the source tree as a user would type it, not
# with the environment of the make running this suite (its MAKEFLAGS,
# BUILD, CFLAGS).
make_clean() {
	env -i PATH="$PATH" HOME="$HOME" make -s -C "$SK_SRC" "$@"
}

spec_tag() {
	sed -n "s/^$1:[ 	]*//p" "$SK_SRC/rpm/stresskit.spec" | head -n 1
}

# One version everywhere: the binary, debian/changelog, the spec (its
# Version, and its newest %changelog entry's VERSION-RELEASE against
# Version-Release) and the tarball make dist names.
t_long_versions_agree() {
	bin=$("$SK" --version | awk '{ print $2 }')
	[ -n "$bin" ] || fail "no version from stresskit --version"
	deb=$(sed -n '1s/^stresskit (\([^)]*\)).*/\1/p' "$SK_SRC/debian/changelog")
	[ -n "$deb" ] || fail "no version on the first line of debian/changelog"
	[ "$deb" = "$bin" ] || fail "debian/changelog says $deb, stresskit --version $bin (STRESSKIT_VERSION)"
	spec=$(spec_tag Version)
	[ "$spec" = "$bin" ] || fail "rpm/stresskit.spec says Version: $spec, stresskit --version $bin"
	rel=$(spec_tag Release | sed 's/%{?dist}$//')
	case "$rel" in ''|*[!0-9.]*) fail "rpm/stresskit.spec: Release '$rel' is not N%{?dist}" ;; esac
	entry=$(sed -n '/^%changelog/,$p' "$SK_SRC/rpm/stresskit.spec" |
		sed -n 's/^\* .* - \([^ ]*\)$/\1/p' | head -n 1)
	[ "$entry" = "$spec-$rel" ] ||
		fail "rpm/stresskit.spec: newest %changelog entry is '$entry', Version-Release $spec-$rel"
	make_clean dist BUILD="$TMP/d" >/dev/null
	name=$(cd "$TMP/d" && ls -- *.tar.gz)
	[ "$name" = "stresskit-$bin.tar.gz" ] || fail "make dist wrote '$name', not stresskit-$bin.tar.gz"
	top=$(tar -tzf "$TMP/d/$name" | cut -d/ -f1 | sort -u)
	[ "$top" = "stresskit-$bin" ] || fail "the tarball unpacks into '$top', not stresskit-$bin/"
}

# make dist: the same bytes twice (a second later, from another build
# directory), members sorted under stresskit-VERSION/, every mtime the
# newest debian/changelog date, owner root; the spec and the license in,
# no build output.
t_long_dist_reproducible() {
	v=$("$SK" --version | awk '{ print $2 }')
	make_clean dist BUILD="$TMP/a" >/dev/null
	# the second from a later clock second, whatever the first one took:
	# a figure of the clock would show in the bytes
	s=$(date +%s)
	wait_until 5 clock_past "$s"
	make_clean dist BUILD="$TMP/b" >/dev/null
	a=$TMP/a/stresskit-$v.tar.gz
	cmp "$a" "$TMP/b/stresskit-$v.tar.gz" || fail "make dist twice: different bytes"
	tar -tzf "$a" >"$TMP/members"
	[ "$(wc -l <"$TMP/members")" -ge 50 ] || fail "too few members: $(wc -l <"$TMP/members")"
	LC_ALL=C sort -c "$TMP/members" || fail "members not sorted"
	grep -v "^stresskit-$v/" "$TMP/members" && fail "members outside stresskit-$v/"
	for f in rpm/stresskit.spec LICENSE Makefile debian/changelog mk/dist.sh; do
		grep -qx "stresskit-$v/$f" "$TMP/members" || fail "no $f in the tarball"
	done
	grep -E "^stresskit-$v/(build|build-san|build-fuzz)/|\.o$" "$TMP/members" &&
		fail "build output in the tarball"
	epoch=$(date -d "$(sed -n 's/^ -- .*>  //p' "$SK_SRC/debian/changelog" | head -n 1)" +%s)
	when=$(date -u -d "@$epoch" '+%Y-%m-%d %H:%M')
	odd=$(TZ=UTC tar -tvzf "$a" | awk -v when="$when" '$2 != "0/0" || $4 " " $5 != when')
	[ -z "$odd" ] || fail "members not root-owned at $when: $(echo "$odd" | head -n 3)"
}

# The built RPM, unpacked with rpm2cpio: exactly the files it should ship,
# and its binary runs. rpmbuild is reused when the tarball has not changed
# since the last make rpm (CI runs make rpmlint first).
t_long_rpm_package_contents() {
	if ! command -v rpmbuild >/dev/null || ! command -v rpm2cpio >/dev/null; then
		echo "    skip: no rpmbuild or rpm2cpio (./setup.sh --rpm installs them)"
		return 0
	fi
	v=$("$SK" --version | awk '{ print $2 }')
	build=$(pkg_build_dir)
	make_clean rpm BUILD="$build" RPMBUILD_FLAGS=--nocheck >"$TMP/rpm.log" 2>&1 ||
		fail "make rpm failed: $(tail -n 20 "$TMP/rpm.log")"
	rpm=$(ls "$build"/rpm/RPMS/*/stresskit-"$v"-*.rpm)
	devel=$(ls "$build"/rpm/RPMS/*/stresskit-devel-"$v"-*.rpm)
	[ -f "$rpm" ] && [ -f "$devel" ] ||
		fail "no stresskit-$v and stresskit-devel-$v RPM in $build/rpm/RPMS: $(ls -R "$build/rpm/RPMS")"
	ls "$build"/rpm/SRPMS/stresskit-"$v"-*.src.rpm >/dev/null || fail "no source RPM"
	mkdir "$TMP/root"
	(cd "$TMP/root" && rpm2cpio "$rpm" | cpio -idm --quiet) || fail "rpm2cpio | cpio failed"
	(cd "$TMP/root" && find . ! -type d) | sed 's,^\./,/,; s/\.gz$//' |
		grep -v '^/usr/lib/\.build-id/' | LC_ALL=C sort >"$TMP/got"
	{ echo /usr/bin/stresskit
		echo /usr/lib/stresskit/compat/stress-ng
		echo /usr/share/man/man1/stresskit.1
		echo /usr/share/bash-completion/completions/stresskit
		echo /usr/share/licenses/stresskit/LICENSE
		echo /usr/share/doc/stresskit/README.md
		echo /usr/share/doc/stresskit/NEWS
		for doc in "$SK_SRC"/docs/*.md; do
			echo "/usr/share/doc/stresskit/docs/$(basename "$doc")"
		done
		for ex in "$SK_SRC"/example-jobs/* "$SK_SRC"/example-jobs/stress-ng/*; do
			[ -f "$ex" ] && echo "/usr/share/doc/stresskit/examples/${ex#"$SK_SRC"/example-jobs/}"
		done; } | LC_ALL=C sort >"$TMP/want"
	diff -U0 "$TMP/want" "$TMP/got" >"$TMP/files.diff" ||
		fail "the RPM's files (+) differ from what it should ship (-): $(grep '^[-+]/' "$TMP/files.diff")"
	r=$TMP/root/usr/bin/stresskit
	[ -x "$r" ] || fail "packaged binary not executable"
	[ "$("$r" --version)" = "$("$SK" --version)" ] ||
		fail "packaged binary says $("$r" --version), this one $("$SK" --version)"
	expect_exit 0 "$r" --pipe 1 --timeout 1s --metrics-brief
	expect_match '^stresskit: metrc: .* pipe +[1-9][0-9]* ' "$ERR$OUT"
	expect_match 'successful run completed' "$ERR$OUT"

	# -devel: the API headers, the man page stresskit-stressor(3), the plugin
	# example (where the tree has one) and stresskit.pc, which finds the headers in the unpacked tree (as a
	# sysroot) well enough to compile a stressor
	mkdir "$TMP/devel"
	(cd "$TMP/devel" && rpm2cpio "$devel" | cpio -idm --quiet) || fail "rpm2cpio | cpio failed on $devel"
	libdir=$(rpm --eval '%{_libdir}')
	(cd "$TMP/devel" && find . ! -type d) | sed 's,^\./,/,; s/\.gz$//' | LC_ALL=C sort >"$TMP/got"
	{ echo "$libdir/pkgconfig/stresskit.pc"
		echo /usr/share/man/man3/stresskit-stressor.3
		for h in "$SK_SRC"/include/stresskit/*.h; do
			echo "/usr/include/stresskit/$(basename "$h")"
		done
		for ex in "$SK_SRC"/examples/plugin/*; do
			[ -e "$ex" ] && echo "/usr/share/doc/stresskit/examples/plugin/$(basename "$ex")"
		done; } | LC_ALL=C sort >"$TMP/want"
	diff -U0 "$TMP/want" "$TMP/got" >"$TMP/files.diff" ||
		fail "the -devel RPM's files (+) differ from what it should ship (-): $(grep '^[-+]/' "$TMP/files.diff")"
	export PKG_CONFIG_SYSROOT_DIR="$TMP/devel" PKG_CONFIG_LIBDIR="$TMP/devel$libdir/pkgconfig"
	[ "$(pkg-config --modversion stresskit)" = "$v" ] ||
		fail "stresskit.pc says version $(pkg-config --modversion stresskit), not $v"
	printf '#include <stresskit/stressor.h>\nint sk_devel_probe;\n' >"$TMP/probe.c"
	cc -std=gnu11 -Wall -Werror $(pkg-config --cflags stresskit) -c "$TMP/probe.c" -o "$TMP/probe.o" ||
		fail "the packaged headers do not compile with pkg-config --cflags stresskit"
	rpm -qp --requires "$devel" | grep -qx "stresskit(.*) = $v-[0-9.]*" ||
		fail "-devel does not require this stresskit: $(rpm -qp --requires "$devel")"
}
