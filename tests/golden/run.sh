#!/bin/sh
# run.sh - golden outputs: runs each command line of cases.txt against the
# binary, masks what varies from run to run (pids, figures, times, paths)
# and compares with expected.txt; with --record, rewrites expected.txt.
# usage: run.sh BUILD/stresskit [--record]
set -u
SK=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
record=${2:-}
# no plugins: the outputs are the built-in stressors'
export STRESSKIT_PLUGIN_PATH=
TMP=$(mktemp -d /tmp/sk-golden.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP"
printf 'pipe 1\npipe-ops 20\n' >ok.job
printf 'pipe 1\nnosuch-option 3\n' >bad.job
printf 'run sequential\nclass pipe\nsequential 1\ntimeout 1s\n' >class.job

# Masks: pids, then in report lines every figure; anywhere a decimal
# figure or a clock time; the scratch directory's name.
mask() {
	sed -E -e "s|$TMP|TMP|g" \
		-e 's/\[[0-9]+\]/[PID]/g' -e 's/pid [0-9]+/pid PID/g' -e 's/stresskit-[0-9]+-[A-Za-z0-9]{6}/stresskit-RUN/g' \
		-e '/(metrc|info): /s/(^|[^A-Za-z0-9_])[0-9]+(\.[0-9]+)?(e[-+][0-9]+)?/\1N/g' \
		-e '/(metrc|info): /s/ ± *N%//g' \
		-e '/metrc: /s/ \[-N, / [N, /' \
		-e '/metrc: /s/ \[-N\.\./ [N../' \
		-e '/(metrc|info): /s/ +/ /g' \
		-e 's/[0-9]+\.[0-9]+/F/g' \
		-e 's/[0-9]{2}:[0-9]{2}:[0-9]{2}/HH:MM:SS/g'
}

out=$TMP/actual.txt
: >"$out"
grep -v '^#' "$here/cases.txt" | while IFS= read -r line; do
	mkdir -p "$TMP/run"
	# shellcheck disable=SC2086
	eval "set -- $line"
	case "${1:-}" in
	compare|redis-server) tp= ;;
	*) tp="--temp-path $TMP/run" ;;
	esac
	# shellcheck disable=SC2086
	t0=$(date +%s.%N)
	timeout 60 "$SK" "$@" $tp >"$TMP/o" 2>"$TMP/e" </dev/null
	rc=$?
	[ -n "${GOLDEN_TIMES:-}" ] && echo "$(echo "$(date +%s.%N) - $t0" | bc) $line" >&2
	{
		echo "=== $line"
		echo "--- exit $rc"
		mask <"$TMP/o"
		echo "--- stderr"
		mask <"$TMP/e"
	} >>"$out"
	left=$(ls -A "$TMP/run")
	[ -z "$left" ] || echo "--- left in run dir: $left" >>"$out"
	rm -rf "$TMP/run"
done

# The results document's keys (JSON), with list positions folded.
"$SK" --pipe 2 --pipe-ops 100 --json "$TMP/r.json" --temp-path "$TMP" >/dev/null 2>&1
python3 - "$TMP/r.json" >>"$out" <<'PY'
import json, sys
def walk(v, p, out):
    # what the machine has (policies, vulnerabilities) varies: the
    # environment's own keys only
    if p.startswith(".environment."):
        out.add(p)
        return
    if isinstance(v, dict):
        for k, x in v.items():
            walk(x, p + "." + k, out)
    elif isinstance(v, list):
        for x in v:
            walk(x, p + "[]", out)
    else:
        out.add(p)
keys = set()
walk(json.load(open(sys.argv[1])), "", keys)
print("=== json keys")
print("\n".join(sorted(keys)))
PY

if [ "$record" = "--record" ]; then
	cp "$out" "$here/expected.txt"
	echo "golden: recorded $(grep -c '^===' "$out") cases"
	exit 0
fi
if diff -u "$here/expected.txt" "$out"; then
	echo "golden: $(grep -c '^===' "$out") cases unchanged"
else
	echo "golden: output changed (diff above); if on purpose: tests/golden/run.sh BIN --record"
	exit 1
fi
