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
