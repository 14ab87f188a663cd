#!/bin/sh
# estimators.sh - the envelope's tuning corpus (make bench BENCH_ONLY=estimators):
# per condition (quiet, beside two CPU hogs) and tuning workload (getppidk,
# sendfile, pread2; splice, the verdicts bench's held-out one, is never
# here), EST_PAIRS pairs of A invocations with a 1% and a 3% change of the
# work per op between them, each --repeat 3 -t 1s with its 50 ms windows
# written by --series-csv; then estimators.py's table of each candidate
# window and quantile. Environment: EST_DIR (default $BENCHDIR/estimators),
# EST_PAIRS (default 6), EST_CONDITIONS (default "quiet hogs").
set -eu
. "$(dirname "$0")/lib.sh"
DIR=${EST_DIR:-$BENCHDIR/estimators}
PAIRS=${EST_PAIRS:-6}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PLUGIN=$BENCHDIR/plugins/getppidk.so
if [ ! -f "$PLUGIN" ]; then
	PLUGIN=$DIR/getppidk.so
	mkdir -p "$DIR"
	cc -O2 -g -D_GNU_SOURCE -shared -fPIC -I"$ROOT/include" \
		"$ROOT/bench/plugins/getppidk.c" -o "$PLUGIN"
fi

# workload NAME: W_ARGS, W_KNOB and its values W_A, W_B1, W_B3
workload() {
	case "$1" in
	getppidk) W_ARGS="--plugin $PLUGIN --getppidk 1" W_KNOB=--getppidk-calls
		W_A=100 W_B1=101 W_B3=103 ;;
	sendfile) W_ARGS="--sendfile 1" W_KNOB=--sendfile-size
		W_A=4096K W_B1=4055K W_B3=3976K ;;
	pread2) W_ARGS="--pread2 2 --instance-mode thread" W_KNOB=--pread2-size
		W_A=4K W_B1=4K W_B3=2560 ;;
	esac
}

one() {	# FILE VALUE
	[ -s "$1" ] && return 0
	# shellcheck disable=SC2086
	"$SK" $W_ARGS "$W_KNOB" "$2" -t 1s --repeat 3 --sample-interval 0.05 \
		--series-csv "$1.tmp" >/dev/null 2>&1 && mv "$1.tmp" "$1"
}

hogs=
trap '[ -n "$hogs" ] && kill $hogs 2>/dev/null; true' EXIT INT TERM
for cond in ${EST_CONDITIONS:-quiet hogs}; do
	if [ "$cond" = hogs ]; then
		for _ in 1 2; do sh -c 'while :; do :; done' & hogs="$hogs $!"; done
	fi
	for w in getppidk sendfile pread2; do
		workload "$w"
		d=$DIR/$cond/$w
		mkdir -p "$d"
		p=1
		while [ "$p" -le "$PAIRS" ]; do
			one "$d/a-$((2 * p - 1)).csv" "$W_A"
			one "$d/b1-$p.csv" "$W_B1"
			one "$d/b3-$p.csv" "$W_B3"
			one "$d/a-$((2 * p)).csv" "$W_A"
			p=$((p + 1))
		done
	done
	[ -n "$hogs" ] && kill $hogs 2>/dev/null
	hogs=
done
python3 "$(dirname "$0")/estimators.py" "$DIR"
