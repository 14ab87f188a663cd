# plugin.sh - a stressor built as a plugin against the same stressor built
# in: stressors/pipe.c compiled as a shared object (renamed plpipe, its
# options plpipe-*, nothing else changed) beside the built-in pipe, in
# bogo-ops/s; and what loading 10 plugins adds to start-up.
. "$(dirname "$0")/lib.sh"
t=$BENCH_TIME
src=$here/..
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# the plugin build an outside author does: the public headers, -shared -fPIC
plugin_cc() {
	cc -O2 -g -D_GNU_SOURCE -shared -fPIC -I"$src/include" "$@"
}
sed -e 's/\.name \{1,\}= "pipe"/.name = "plpipe"/' -e 's/"pipe-/"plpipe-/g' \
	"$src/stressors/pipe.c" >"$work/plpipe.c"
plugin_cc "$work/plpipe.c" -o "$work/plpipe.so" || exit 1

# Interleaved, so a load change on the shared machine hits both.
builtin= plugin=
for rep in $(seq "$BENCH_REPS"); do
	out=$(STRESSKIT_PLUGIN_PATH= "$SK" --pipe 2 --timeout "${t}s" --metrics-brief)
	builtin="$builtin $(sk_ops_per_sec "$out" pipe)"
	out=$(STRESSKIT_PLUGIN_PATH= "$SK" --plugin "$work/plpipe.so" --plpipe 2 \
		--timeout "${t}s" --metrics-brief)
	plugin="$plugin $(sk_ops_per_sec "$out" plpipe)"
done
builtin=$(median $builtin)
plugin=$(median $plugin)
row "pipe 2, bogo ops/s: built in" "$builtin"
row "  the same pipe.c as a plugin" "$plugin  ratio $(ratio "$plugin" "$builtin") (target >= 0.98)"

# Start-up: --stressors with 10 plugins in STRESSKIT_PLUGIN_PATH and with
# none, alternated, 30 runs each; the medians' difference.
mkdir "$work/ten"
for i in 0 1 2 3 4 5 6 7 8 9; do
	sed -e "s/\"spin\"/\"spin$i\"/" -e "s/\"spin-/\"spin$i-/g" \
		"$src/tests/integration/plugins/spin.c" >"$work/spin$i.c"
	plugin_cc "$work/spin$i.c" -o "$work/ten/spin$i.so" || exit 1
done
STRESSKIT_PLUGIN_PATH=$work/ten "$SK" --stressors | grep -q '^spin9 ' || {
	echo "  the 10 plugins did not load"; exit 1; }
# ms PATH: one start-up of stresskit --stressors with that plugin path, in us
ms() {
	s=$(date +%s%N)
	STRESSKIT_PLUGIN_PATH=$1 "$SK" --stressors >/dev/null
	e=$(date +%s%N)
	echo $(((e - s) / 1000))
}
none= ten=
for rep in $(seq 30); do
	none="$none $(ms '')"
	ten="$ten $(ms "$work/ten")"
done
none=$(median $none)
ten=$(median $ten)
row "start-up (--stressors), us: no plugin" "$none"
row "  10 plugins" "$ten  adds $(awk -v a="$ten" -v b="$none" 'BEGIN { printf "%.2f", (a - b) / 1000 }') ms (target < 5)"
