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

t_man_stressor_options_match_help() {
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

t_completion_offers_options() {
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
	for ex in "$SK_SRC"/example-jobs/*; do
		[ -e "$ex" ] || continue
		[ -f "$root/usr/share/doc/stresskit/examples/$(basename "$ex")" ] ||
			fail "example $(basename "$ex") not installed"
	done
	"$root/usr/bin/stresskit" --version | grep -q '^stresskit ' || fail "installed binary does not run"
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

t_debian_version_matches_binary() {
	deb=$(sed -n '1s/^stresskit (\([^)]*\)).*/\1/p' "$SK_SRC/debian/changelog")
	[ -n "$deb" ] || fail "no version on the first line of debian/changelog"
	bin=$("$SK" --version | awk '{ print $2 }')
	[ "$deb" = "$bin" ] || fail "debian/changelog says $deb, stresskit --version $bin (core/base/version.h)"
}
