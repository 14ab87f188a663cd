# lib.sh - helpers for bench/*.sh (sourced): medians, ratios, peers.
here=$(cd "$(dirname "$0")" && pwd)

# median N1 N2 ...: the median of the numbers given.
median() {
	printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
		if (NR == 0) { print 0; exit }
		if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# ratio A B: A / B with 3 decimals.
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f\n", a / b; else print "n/a" }'
}

# sk_metric OUTPUT NAME DESC: an extra metric's value from a metrics table
# (stresskit's or stress-ng's: the same format).
sk_metric() {
	printf '%s\n' "$1" | awk -v s="$2" -v d="$3" '$2 == "metrc:" && $4 == s && index($0, d) { print $5; exit }'
}

# sk_ops_per_sec OUTPUT NAME: bogo ops/s (real time) of a stressor's row.
sk_ops_per_sec() {
	printf '%s\n' "$1" | awk -v s="$2" '$2 == "metrc:" && $4 == s && $5 ~ /^[0-9]+$/ { print $9; exit }'
}

have() {
	command -v "$1" >/dev/null 2>&1
}

# row LABEL VALUE...: one aligned output line.
row() {
	label=$1
	shift
	printf '  %-48s %s\n' "$label" "$*"
}

# wis_build CASE...: will-it-scale's CASE_processes and CASE_threads for
# the side-by-side benches, in $WIS_BIN. A build directory given as
# WIS_DIR is used as it is; otherwise the source (WIS_SRC: a checkout or a
# git directory, or WIS_DIR holding main.c) is copied under $BENCHDIR and
# built there (it needs libhwloc-dev), so nothing of it enters the tree.
# Returns 1 with a row saying why when it cannot.
wis_build() {
	WIS_BIN=
	src=${WIS_SRC:-}
	if [ -n "${WIS_DIR:-}" ] && [ ! -f "$WIS_DIR/main.c" ]; then
		WIS_BIN=$WIS_DIR
	elif [ -n "${WIS_DIR:-}" ]; then
		src=$WIS_DIR
	fi
	if [ -z "$WIS_BIN" ]; then
		if [ -z "$src" ]; then
			row "will-it-scale" "not given: WIS_DIR=BUILD_DIR or WIS_SRC=CHECKOUT; skipped"
			return 1
		fi
		WIS_BIN=$BENCHDIR/will-it-scale
		if [ ! -f "$WIS_BIN/main.c" ]; then
			mkdir -p "$WIS_BIN"
			if [ -f "$src/main.c" ]; then
				cp -R "$src"/. "$WIS_BIN"/
			elif ! git --git-dir="$src" archive HEAD | tar -x -C "$WIS_BIN"; then
				row "will-it-scale" "$src is neither a checkout nor a git directory; skipped"
				rm -rf "$WIS_BIN"
				return 1
			fi
		fi
		for c in "$@"; do
			if ! make -s -C "$WIS_BIN" "${c}_processes" "${c}_threads" \
				>"$WIS_BIN/build.log" 2>&1; then
				row "will-it-scale" "build failed (libhwloc-dev?): $WIS_BIN/build.log; skipped"
				return 1
			fi
		done
	fi
	for c in "$@"; do
		for m in processes threads; do
			[ -x "$WIS_BIN/${c}_$m" ] || {
				row "will-it-scale" "no ${c}_$m in $WIS_BIN; skipped"
				return 1
			}
		done
	done
}

# wis_ops_per_sec CASE MODE TASKS SECONDS: will-it-scale's "average:" of
# TASKS tasks (MODE process or thread) over SECONDS after its own 5 s
# warm-up, without CPU affinity (-n), as stresskit runs unpinned. It runs
# in a scratch directory: some cases leave files in the current one.
wis_ops_per_sec() {
	m=processes
	[ "$2" = thread ] && m=threads
	(cd "${TMPDIR:-/tmp}" && "$WIS_BIN/${1}_$m" -t "$3" -s "$4" -n) |
		awk -F: '$1 == "average" { print $2 }'
}
