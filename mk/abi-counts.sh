#!/bin/sh
# abi-counts.sh BIN INCLUDE RELEASE_INCLUDE... - what layouts cannot show:
# the inline loop's meaning. The example plugin (examples/plugin/tee.c) is
# built against the tree's headers (INCLUDE) and against each release's
# (abi/<release>/include), and each build runs on BIN with --warmup and
# --tee-ops: every build must count the ops the tree's build counts, since
# a plugin built for an older minor runs on this binary as it was built.
# --warmup is long enough for ops of its own, which a loop that counted
# them against --tee-ops would take off the window's count.
set -u
bin=$1 tree=$2
shift 2
src=$(cd "$(dirname "$0")/.." && pwd)/examples/plugin/tee.c
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ops=1000

# The window's ops of the plugin built against include dir $1, from the
# stress-ng style metrics line (name, then bogo ops).
counts() {
	cc -O2 -Wall -Werror -shared -fPIC -I"$1" "$src" -o "$tmp/tee.so" ||
		{ echo "stresskit: error: abi-check: tee.c does not build against $1" >&2; exit 1; }
	"$bin" --plugin "$tmp/tee.so" --tee 1 --tee-ops $ops --warmup 0.1s --metrics \
		--temp-path "$tmp" 2>&1 |
		awk '$2 == "metrc:" && $4 == "tee" && $5 ~ /^[0-9]+$/ { print $5; exit }'
}

want=$(counts "$tree")
[ "$want" = "$ops" ] ||
	{ echo "stresskit: error: abi-check: tee.c built against $tree counted '${want}' ops for --tee-ops $ops --warmup 0.1s" >&2; exit 1; }
for inc in "$@"; do
	got=$(counts "$inc")
	if [ "$got" != "$want" ]; then
		echo "stresskit: error: abi-check: tee.c built against $inc counted '${got}' ops, built against $tree $want (--tee-ops $ops --warmup 0.1s): the inline loop's meaning changed" >&2
		exit 1
	fi
done
echo "abi-check: tee.c counts $want ops for --tee-ops $ops --warmup 0.1s built against $tree $*"
