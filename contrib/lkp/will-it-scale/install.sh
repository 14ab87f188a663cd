#!/bin/sh
# install.sh DIR [STRESSKIT] - makes DIR a will-it-scale tree that runs
# stresskit: runtest.py, and for each of stresskit's will-it-scale cases
# (the stressors named like will-it-scale's tests, a name ending in a
# digit: getppid1, pread2...) the TEST_processes and TEST_threads programs
# LKP's will-it-scale run looks for, as links to runtest.py, which acts as
# them. For LKP, DIR is $BENCHMARK_ROOT/will-it-scale.
set -eu
dir=${1:?usage: install.sh DIR [STRESSKIT]}
sk=${2:-${STRESSKIT:-stresskit}}
here=$(cd "$(dirname "$0")" && pwd)

names=$("$sk" --stressors | awk '$1 ~ /^[a-z_]+[0-9]+$/ { print $1 }')
[ -n "$names" ] || { echo "install.sh: $sk lists no will-it-scale case" >&2; exit 1; }
mkdir -p "$dir"
cp "$here/runtest.py" "$dir/runtest.py"
chmod +x "$dir/runtest.py"
for n in $names; do
	ln -sf runtest.py "$dir/${n}_processes"
	ln -sf runtest.py "$dir/${n}_threads"
done
echo "$dir: runtest.py and $(echo $names | wc -w) cases (${n}_processes, ...)"
