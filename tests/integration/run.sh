#!/bin/bash
# run.sh - runs the t_* functions of tests/integration/test_*.sh against
# the stresskit binary given, side by side, and prints a check-style
# summary with each test's wall time.
# usage: run.sh BUILD/stresskit [PATTERN]
#   PATTERN      only tests whose file:function name contains it
#   SK_JOBS=N    tests at a time (default 3 per online CPU): each test has
#                its own SK_TEST_ID, scratch directory and ports, so they are
#                independent; a test that must have the machine to itself
#                is named t_alone_* (t_long_alone_*) and runs after the
#                others, by itself
#   SK_LONG=1    also the long tests (t_long_*: minutes of soak, thousands
#                of instances, every mode of every case): make test-long
#   SK_LONG=only only the long tests
set -u
SK=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
pattern=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
# the source tree, for test helpers and example files beside the tests
SK_SRC=$(cd "$here/../.." && pwd)
# plugins only where a test asks for them, never the installed directory's
STRESSKIT_PLUGIN_PATH=
export SK SK_SRC STRESSKIT_PLUGIN_PATH
# A test's make runs as from a shell: under make test the outer make's
# jobserver is not passed to this script (no '+' rule), and a make that
# inherits MAKEFLAGS naming it warns "jobserver unavailable".
unset MAKEFLAGS MFLAGS MAKELEVEL

RES=$(mktemp -d /tmp/sk-results.XXXXXX)
trap 'rm -rf "$RES"' EXIT INT TERM

# python3 is Debian's, which has the modules setup.sh installs
# (python3-yaml, python3-scipy), not a version manager's shim found first
# on PATH: pyenv's takes seconds a call on a loaded machine.
if [ -x /usr/bin/python3 ]; then
	mkdir "$RES/bin"
	ln -s /usr/bin/python3 "$RES/bin/python3"
	PATH=$RES/bin:$PATH
fi
jobs=${SK_JOBS:-$((3 * $(getconf _NPROCESSORS_ONLN)))}
long=${SK_LONG:-}

# The fault tests set STRESSKIT_TEST_* variables, which only the test
# build reads (lib.sh runs it when it is beside the binary given). Against
# a binary without them (the installed one, in the autopkgtest) those
# tests say skip.
hooks=
for b in "$SK" "$SK.test"; do
	[ -x "$b" ] && grep -q STRESSKIT_TEST_ "$b" && hooks=1
done

# The list, in file order: "FILE FUNCTION" per line.
for file in "$here"/test_*.sh; do
	for t in $(sed -n 's/^\(t_[a-zA-Z0-9_]*\)() *{.*/\1/p' "$file"); do
		name="$(basename "$file" .sh):$t"
		case "$name" in *"$pattern"*) ;; *) continue ;; esac
		case "$t:$long" in
		t_long_*:) continue ;;
		t_long_*:*) ;;
		*:only) continue ;;
		esac
		echo "$file $t"
	done
done >"$RES/list"

# one_test N FILE FUNCTION: runs one test, its processes marked by an
# SK_TEST_ID of their own (see test_pids in lib.sh), and leaves its
# status, time and log under $RES/N.
one_test() {
	if [ -z "$hooks" ] && awk -v t="$3" '$0 ~ "^" t "\\(\\)" { in_t = 1 } in_t && /STRESSKIT_TEST_/ { f = 1 }
			in_t && /^}/ { exit } END { exit !f }' "$2"; then
		echo "skip: needs the fault hooks of the test build (make builds stresskit.test)" >"$RES/$1.log"
		echo "0 0" >"$RES/$1.rc"
		return
	fi
	TMP=$(mktemp -d /tmp/sk-test.XXXXXX)
	t0=$(date +%s%N)
	TMP=$TMP SK_TEST_ID=$$.$1 sh -c 'set -e; . "$1/lib.sh"; . "$2"; cd "$TMP"; "$3"' \
		sh "$here" "$2" "$3" >"$RES/$1.log" 2>&1 </dev/null
	echo "$? $((($(date +%s%N) - t0) / 1000000))" >"$RES/$1.rc"
	rm -rf "$TMP" "$TMP.out" "$TMP.err"
}

# report N FILE FUNCTION: the test's line, and its log if it failed.
report() {
	read -r rc ms <"$RES/$1.rc"
	secs=$(printf '%d.%d' $((ms / 1000)) $((ms % 1000 / 100)))
	name="$(basename "$2" .sh):$3"
	if [ "$rc" = 0 ]; then
		# a test that cannot run here passes, saying why
		why=$(sed -n 's/^ *skip: //p' "$RES/$1.log" | head -n 1)
		if [ -n "$why" ]; then
			echo "  skip $name: $why"
		else
			printf '  ok   %-52s %6ss\n' "$name" "$secs"
		fi
	else
		echo "FAIL" >>"$RES/failed"
		printf '  FAIL %-52s %6ss\n' "$name" "$secs"
		sed 's/^/      /' "$RES/$1.log"
	fi
}

n=0
running=0
while read -r file t; do
	n=$((n + 1))
	case "$t" in t_alone_*|t_long_alone_*) echo "$n $file $t" >>"$RES/alone"; continue ;; esac
	one_test "$n" "$file" "$t" &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then
		wait -n
		running=$((running - 1))
	fi
done <"$RES/list"
wait
if [ -f "$RES/alone" ]; then
	while read -r k file t; do one_test "$k" "$file" "$t"; done <"$RES/alone"
fi

n=0
while read -r file t; do
	n=$((n + 1))
	report "$n" "$file" "$t"
done <"$RES/list"
total=$n
failn=0
[ -f "$RES/failed" ] && failn=$(wc -l <"$RES/failed")
pass=$((total - failn))
pct=100
[ "$total" -gt 0 ] && pct=$((100 * pass / total))
echo "integration: ${pct}%: Checks: $total, Failures: $failn, Errors: 0"
[ "$failn" -eq 0 ]
