#!/bin/sh
# stresskit.sh - the LAVA test definition's step (stresskit.yaml): runs a
# stresskit job, or a list of stressors one after another, with --ktap and
# reports what the KTAP document says as LAVA test cases:
#   NAME       --result pass|fail|skip --measurement OPS/S --units bogo-ops/s
#   NAME.KEY   --result pass --measurement VALUE [--units UNITS]
# (each of the stressor's metrics; KEY is the metric's words joined by _).
# Through lava-test-case where LAVA provides it; elsewhere the same cases
# are printed, one "NAME RESULT [MEASUREMENT [UNITS]]" line each, the lines
# test-definitions' result files hold (output/result.txt has them always).
# Exits 0 when stresskit ran, whatever the stressors' verdicts (they are
# the results); 1 when it could not run or gave no KTAP document.

usage() {
	echo "usage: $0 [-j JOB] [-s \"STRESSOR...\"] [-n INSTANCES] [-t TIMEOUT] [-b STRESSKIT]" >&2
	exit 1
}

JOB=
STRESSORS="pipe sendfile"
INSTANCES=0
TIMEOUT=10s
STRESSKIT=stresskit
while getopts "j:s:n:t:b:h" o; do
	case "$o" in
	j) JOB=$OPTARG ;;
	s) STRESSORS=$OPTARG ;;
	n) INSTANCES=$OPTARG ;;
	t) TIMEOUT=$OPTARG ;;
	b) STRESSKIT=$OPTARG ;;
	*) usage ;;
	esac
done

OUTPUT="$(pwd)/output"
RESULT_FILE=$OUTPUT/result.txt
mkdir -p "$OUTPUT" || exit 1
: >"$RESULT_FILE"

if [ -n "$JOB" ]; then
	set -- --job "$JOB"
elif [ -n "$STRESSORS" ]; then
	set -- --sequential "$INSTANCES" --with "$(echo $STRESSORS | tr ' ' ,)"
else
	echo "stresskit.sh: neither a job (-j) nor stressors (-s) given" >&2
	exit 1
fi
[ -n "$TIMEOUT" ] && set -- "$@" --timeout "$TIMEOUT"

# the KTAP document on stdout; the usual lines (the table) on stderr, kept
# in the log as LAVA shows it
"$STRESSKIT" "$@" --ktap >"$OUTPUT/stresskit.ktap"
status=$?
if ! grep -q '^KTAP version 1$' "$OUTPUT/stresskit.ktap"; then
	echo "stresskit.sh: $STRESSKIT gave no KTAP document (exit $status)" >&2
	exit 1
fi
cat "$OUTPUT/stresskit.ktap"

# report NAME RESULT [MEASUREMENT [UNITS]]: one LAVA test case.
if command -v lava-test-case >/dev/null 2>&1; then
	report() {
		echo "$1 $2${3:+ $3}${4:+ $4}" >>"$RESULT_FILE"
		if [ -n "$4" ]; then
			lava-test-case "$1" --result "$2" --measurement "$3" --units "$4"
		elif [ -n "$3" ]; then
			lava-test-case "$1" --result "$2" --measurement "$3"
		else
			lava-test-case "$1" --result "$2"
		fi
	}
else
	report() {
		echo "$1 $2${3:+ $3}${4:+ $4}" | tee -a "$RESULT_FILE"
	}
fi

# The document into cases: "# NAME.KEY: VALUE [UNITS]" lines come before
# their stressor's result line, which gives the verdict and its ops/s.
# LAVA's test case names take letters, digits, '.', '_' and '-': every
# other character of a key (MB_per_sec_sent_to_/dev/null) becomes '_'.
awk '
function clean(s) { gsub(/[^A-Za-z0-9._-]/, "_", s); return s }
/^# [^ ]+\.[^ ]+: -?[0-9.]+( [^ ]+)?$/ {
	key = substr($2, 1, length($2) - 1)
	name = substr(key, 1, index(key, ".") - 1)
	sub(/^[^.]*\./, "", key)
	if (key == "ops_per_sec")
		ops[name] = $3
	else if (key != "instances" && key != "ops" && key != "real_time" && key !~ /^ops_per_sec_/)
		metric[name] = metric[name] clean(name "." key) " pass " $3 ($4 != "" ? " " $4 : "") "\n"
	next
}
/^(not )?ok [0-9]+ / {
	verdict = $1 == "ok" ? "pass" : "fail"
	name = $1 == "ok" ? $3 : $4
	if ($0 ~ / # SKIP/)
		verdict = "skip"
	if (name in ops)
		print clean(name), verdict, ops[name], "bogo-ops/s"
	else
		print clean(name), verdict
	printf "%s", metric[name]
}' "$OUTPUT/stresskit.ktap" >"$OUTPUT/cases"
while read -r name result measurement units; do
	report "$name" "$result" "$measurement" "$units" </dev/null
done <"$OUTPUT/cases"
rm -f "$OUTPUT/cases"
exit 0
