#!/bin/sh
# abi-check.sh [--record] BASELINE ELF - the stressor ABI of ELF (its
# exported symbols, SK_API alone in stresskit, and the types they reach),
# as abidw records it, against the committed BASELINE. Fails on what would break a plugin built against
# the baseline: a function or variable removed, a changed signature or
# layout. A function added passes (a minor's addition), and is listed.
# --record writes BASELINE instead.
set -u
record=
[ "${1:-}" = "--record" ] && { record=1; shift; }
base=$1 elf=$2
for t in abidw abidiff; do
	command -v $t >/dev/null ||
		{ echo "stresskit: error: abi-check: no $t (apt-get install abigail-tools)" >&2; exit 1; }
done
cur=$(mktemp)
trap 'rm -f "$cur"' EXIT
# no paths of this checkout: the same tree gives the same file anywhere
abidw --exported-interfaces-only --no-corpus-path --no-comp-dir-path \
	--short-locs "$elf" >"$cur" || { echo "stresskit: error: abi-check: abidw $elf failed" >&2; exit 1; }
if [ -n "$record" ]; then
	cat "$cur" >"$base"
	echo "abi-check: recorded $base"
	exit 0
fi
# abidiff's status is a bit mask: 1 error, 2 usage, 4 a change, 8 an
# incompatible change (a symbol removed). Added symbols alone are no
# change with --no-added-syms; everything else is.
out=$(abidiff --no-added-syms --no-unreferenced-symbols "$base" "$cur" 2>&1)
rc=$?
if [ $rc -ne 0 ]; then
	printf '%s\n' "$out" | sed 's/^/  /' >&2
	echo "stresskit: error: abi-check: $elf breaks the ABI of $base (a layout or signature changed, or a symbol went): bump SK_ABI_MAJOR, or undo it" >&2
	exit 1
fi
added=$(abidiff "$base" "$cur" 2>/dev/null | sed -n "s/^ *\[A\] 'function \([^']*\)'.*/\1/p")
[ -n "$added" ] && printf 'abi-check: added (bump SK_ABI_MINOR if released): %s\n' "$added"
echo "abi-check: $elf: ABI of $base kept"
exit 0
