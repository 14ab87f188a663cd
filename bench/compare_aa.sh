#!/bin/sh
# compare_aa.sh - how often each compare method flags identical runs
# (A/A pairs) and how often it catches a real change, from real runs.
#
#   bench/compare_aa.sh STRESSKIT DIR [runs|table|all]
#
# runs: 40 runs of `--pipe 1 -t 1s --repeat 10` (4096-byte writes) and 10
# of the same with `--pipe-data-size 512`, one at a time under nice -n 5,
# the 512-byte runs interleaved with the others so a drifting load on the
# shared machine hits both alike; each is kept as DIR/aa-N.json and
# DIR/tc-N.json. A run already in DIR is not made again.
# table: 20 A/A pairs (aa-1 with aa-2, aa-3 with aa-4, ...) and 10
# true-change pairs (aa-N against tc-N: 4096- vs 512-byte writes, about
# +16% ops/s and -85% MB/s), each judged by every method on the first
# 3, 5 and 10 passes of each side (the passes of one --repeat run, as
# --repeat 3 and --repeat 5 would have made them). Prints, per method and
# passes a side, the pairs with the ops/s row flagged and with any row
# flagged, and the true-change pairs with the ops/s and the MB/s row
# flagged, as a Markdown table.
set -eu
SK=$1
DIR=$2
WHAT=${3:-all}
AA=40
TC=10
PASSES=10
METHODS=${METHODS:-"holm lkp bootstrap welch ci"}
NS=${NS:-"3 5 10"}

mkdir -p "$DIR"

one_run() {	# FILE [OPTIONS...]
	f=$1
	shift
	[ -s "$DIR/$f" ] && return 0
	nice -n 5 "$SK" --pipe 1 -t 1s --repeat $PASSES "$@" --json "$DIR/$f.tmp" \
		>/dev/null 2>&1 || { echo "compare_aa: run $f failed" >&2; exit 1; }
	mv "$DIR/$f.tmp" "$DIR/$f"
}

runs() {
	i=1
	while [ $i -le $AA ]; do
		one_run aa-$i.json
		# one 512-byte run after every fourth 4096-byte run
		[ $((i % 4)) -eq 2 ] && one_run tc-$(((i + 2) / 4)).json --pipe-data-size 512
		i=$((i + 1))
	done
}

# first N passes of FILE into OUT: what --repeat N would have kept
cut_passes() {	# FILE N OUT
	python3 - "$@" <<'PY'
import json, sys
src, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
d = json.load(open(src))
d["runs"] = d["runs"][:n]
json.dump(d, open(out, "w"))
PY
}

# flagged METHOD BASE NEW: prints "OPS MB ANY", each 1 when flagged
# (--force: the true change is a different --pipe-data-size)
flagged() {
	out=$("$SK" compare --force --method "$1" "$2" "$3")
	rows=$(printf '%s\n' "$out" | grep -E '  (improvement|regression|changed)( in|  \(|$)' || true)
	ops=$(printf '%s\n' "$rows" | grep -c '  pipe\.ops_per_sec  ' || true)
	mb=$(printf '%s\n' "$rows" | grep -c '  pipe\.MB_per_sec_pipe_write_rate  ' || true)
	any=$([ -n "$rows" ] && echo 1 || echo 0)
	echo "$ops $mb $any"
}

table() {
	tmp=$DIR/cut
	mkdir -p "$tmp"
	echo "| method | passes a side | A/A: ops/s flagged | A/A: any row flagged | true change: ops/s flagged | true change: MB/s flagged |"
	echo "|---|---|---|---|---|---|"
	for n in $NS; do
		for f in "$DIR"/aa-*.json "$DIR"/tc-*.json; do
			cut_passes "$f" "$n" "$tmp/$(basename "$f")"
		done
		for m in $METHODS; do
			aa_ops=0 aa_any=0 tc_ops=0 tc_mb=0
			p=1
			while [ $p -le $((AA / 2)) ]; do
				set -- $(flagged "$m" "$tmp/aa-$((2 * p - 1)).json" "$tmp/aa-$((2 * p)).json")
				aa_ops=$((aa_ops + $1)) aa_any=$((aa_any + $3))
				p=$((p + 1))
			done
			p=1
			while [ $p -le $TC ]; do
				# the base is the 4096-byte run made just before the 512-byte one
				set -- $(flagged "$m" "$tmp/aa-$((4 * p - 2)).json" "$tmp/tc-$p.json")
				tc_ops=$((tc_ops + $1)) tc_mb=$((tc_mb + $2))
				p=$((p + 1))
			done
			echo "| $m | $n | $aa_ops of $((AA / 2)) | $aa_any of $((AA / 2)) | $tc_ops of $TC | $tc_mb of $TC |"
		done
	done
}

case $WHAT in
runs) runs ;;
table) table ;;
all) runs && table ;;
*) echo "compare_aa: runs, table or all, not '$WHAT'" >&2; exit 1 ;;
esac
