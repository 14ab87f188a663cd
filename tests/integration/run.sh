#!/bin/sh
# run.sh - runs every t_* function of every tests/integration/test_*.sh
# against the stresskit binary given, and prints a check-style summary.
# usage: run.sh BUILD/stresskit [PATTERN]
set -u
SK=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
pattern=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
# the source tree, for test helpers and example files beside the tests
SK_SRC=$(cd "$here/../.." && pwd)
# plugins only where a test asks for them, never the installed directory's
STRESSKIT_PLUGIN_PATH=
export SK SK_SRC STRESSKIT_PLUGIN_PATH
pass=0 failn=0 failed=
for file in "$here"/test_*.sh; do
	for t in $(sed -n 's/^\(t_[a-zA-Z0-9_]*\)() *{.*/\1/p' "$file"); do
		case "$t" in *"$pattern"*) ;; *) continue ;; esac
		TMP=$(mktemp -d /tmp/sk-test.XXXXXX)
		# each test in a session of its own: see sk_procs in lib.sh
		if TMP=$TMP setsid sh -c 'set -e; . "$1/lib.sh"; . "$2"; cd "$TMP"; "$3"' \
			sh "$here" "$file" "$t" >"$TMP.log" 2>&1 </dev/null; then
			pass=$((pass + 1))
			# a test that cannot run here passes, saying why
			why=$(sed -n 's/^ *skip: //p' "$TMP.log" | head -n 1)
			if [ -n "$why" ]; then
				echo "  skip $(basename "$file" .sh):$t: $why"
			else
				echo "  ok   $(basename "$file" .sh):$t"
			fi
		else
			failn=$((failn + 1))
			failed="$failed $t"
			echo "  FAIL $(basename "$file" .sh):$t"
			sed 's/^/      /' "$TMP.log"
		fi
		rm -rf "$TMP" "$TMP.log" "$TMP.out" "$TMP.err"
	done
done
total=$((pass + failn))
pct=100
[ "$total" -gt 0 ] && pct=$((100 * pass / total))
echo "integration: ${pct}%: Checks: $total, Failures: $failn, Errors: 0"
[ "$failn" -eq 0 ]
