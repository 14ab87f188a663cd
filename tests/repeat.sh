#!/bin/sh
# repeat.sh - runs the test suite (or the tests matching PATTERN) N times
# and prints each test's failure count, so a test that fails now and then
# is found before it lands. Runs what make test runs from the build
# directory (make test builds it): the unit runner, the golden outputs
# against stresskit, the integration tests against stresskit.test side by
# side.
# usage: tests/repeat.sh N [PATTERN]
#   PATTERN  integration tests whose file:function name contains it; the
#            unit and golden tests run only when it is empty
#   BUILD    the build directory (default build)
set -u
n=${1:?usage: tests/repeat.sh N [PATTERN]}
pattern=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
build=${BUILD:-$here/../build}
log=$(mktemp /tmp/sk-repeat.XXXXXX)
trap 'rm -f "$log" "$log.fails"' EXIT INT TERM
: >"$log.fails"
i=0
while [ "$i" -lt "$n" ]; do
	i=$((i + 1))
	if [ -z "$pattern" ]; then
		# check's failures: FILE:LINE:F|E:TCASE:TEST:...
		CK_VERBOSITY=normal "$build/tests/unit/run_unit" >"$log" 2>&1
		sed -n 's/^[^:]*:[0-9]*:[FE]:[^:]*:\([^:]*\):.*/unit:\1/p' "$log" >>"$log.fails"
		"$here/golden/run.sh" "$build/stresskit" >"$log" 2>&1 ||
			echo "golden:outputs" >>"$log.fails"
	fi
	"$here/integration/run.sh" "$build/stresskit.test" "$pattern" >"$log" 2>&1
	sed -n 's/^  FAIL \([^ ]*\) .*/\1/p' "$log" >>"$log.fails"
	echo "repeat: pass $i of $n: $(grep -c . "$log.fails") failures so far" >&2
done
echo "failures in $n runs:"
if [ -s "$log.fails" ]; then
	sort "$log.fails" | uniq -c | sort -rn | awk -v n="$n" '{ printf "  %3d/%d  %s\n", $1, n, $2 }'
	exit 1
fi
echo "  none"
