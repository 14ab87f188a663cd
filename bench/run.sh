#!/bin/sh
# run.sh - make bench: runs every bench/*.sh beside its peers and prints
# ratios. usage: run.sh BUILD/stresskit BENCHDIR [PATTERN]
# Each bench/*.sh gets $SK (the stresskit binary) and $BENCHDIR (the bare
# loops built by bench/Makefile). BENCH_TIME (seconds per measurement,
# default 3) and BENCH_REPS (repetitions, median taken, default 3) tune it.
# PATTERN (make bench BENCH_ONLY=...) runs only the benches whose file name
# holds it; WIS_MODES and WIS_TASKS narrow the will-it-scale benches to
# some modes and task counts (e.g. WIS_MODES=process WIS_TASKS=1);
# their one-task rows run both tools on one CPU, WIS_CPU (wis_pin in
# lib.sh; default the last online CPU, WIS_CPU=none unpinned);
# WIS_AB=concurrent runs each pair at the same time over the same span
# rather than one after the other (wis_compare_concurrent in lib.sh),
# WIS_AB=shared the one-task pairs at once on one CPU (wis_pin),
# WIS_AB=cross at once on two CPUs, then swapped (wis_compare_cross),
# WIS_ASLR=off both tools without address-space randomization; and
# WIS_CASES=all runs the whole will-it-scale suite instead of their default
# subsets (WIS_CASES="read1 pipe1" some cases), each bench taking its share:
#   WIS_CASES=all WIS_SRC=CHECKOUT run.sh build/stresskit /tmp/bench wis
set -u
SK=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
# absolute: the benches cd elsewhere (will-it-scale runs in /tmp)
mkdir -p "$2" || exit 1
BENCHDIR=$(cd "$2" && pwd)
pattern=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
export SK BENCHDIR
export BENCH_TIME=${BENCH_TIME:-3} BENCH_REPS=${BENCH_REPS:-3}
status=0
for b in "$here"/*.sh; do
	case "$b" in */run.sh|*/lib.sh) continue ;; esac
	case "$(basename "$b")" in *"$pattern"*) ;; *) continue ;; esac
	echo "== $(basename "$b" .sh)"
	sh "$b" || status=1
done
exit $status
