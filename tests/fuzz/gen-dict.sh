#!/bin/sh
# gen-dict.sh BIN cli|job - a libFuzzer dictionary for fuzz_cli or fuzz_job,
# read from the binary's own help at build time so it follows the option
# tables: every option name (global and each stressor's, through
# man/help-options.awk, the parser the man page and completion use), every
# stressor and class name, and every choice value (a metavar such as
# null|tcp, and the words a help text gives in parentheses or quotes,
# e.g. "(process, the default)"). cli gets "--name" and "-x"; job the bare
# names a job file uses. Fails when the binary lists nothing.
set -eu
bin=$1 kind=$2
awk_opts=$(dirname "$0")/../../man/help-options.awk
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

stressors=$("$bin" --help | sed -n 's/^stressors: //p')
classes=$("$bin" --class '?' | sed -n 's/^class names: //p')
[ -n "$stressors" ] && [ -n "$classes" ] || {
	echo "gen-dict.sh: $bin lists no stressors or classes" >&2
	exit 1
}
{
	"$bin" --help | awk -f "$awk_opts"
	for s in $stressors; do
		"$bin" --help "$s" | awk -f "$awk_opts"
	done
} >"$tmp"
[ -s "$tmp" ] || { echo "gen-dict.sh: $bin lists no options" >&2; exit 1; }

{
	# NAME <TAB> SHORT <TAB> METAVAR <TAB> HELP
	awk -F '\t' -v kind="$kind" '{
		print (kind == "cli" ? "--" : "") $1
		if (kind == "cli" && $2 != "")
			print "-" $2
		if ($3 ~ /\|/) {
			n = split($3, v, "|")
			for (i = 1; i <= n; i++)
				print v[i]
		}
		help = $4
		while (match(help, /\([^)]*\)|'\''[^'\'']*'\''/)) {
			n = split(substr(help, RSTART + 1, RLENGTH - 2), v, /[ ,;:|]+/)
			for (i = 1; i <= n; i++)
				if (v[i] ~ /^[a-z][a-z0-9_-]*$/)
					print v[i]
			help = substr(help, RSTART + RLENGTH)
		}
	}' "$tmp"
	for s in $stressors; do
		if [ "$kind" = cli ]; then
			echo "--$s"; echo "--$s-ops"
		else
			echo "$s-ops"
		fi
		echo "$s"
	done
	for c in $classes; do echo "$c"; done
	# the value syntax the option types accept
	printf '%s\n' 0 1 100% 50% 0.5 1s 2m 3h 1d 4K 64M 1G yes no , - ? '#' run
} | awk '!seen[$0]++ { gsub(/\\/, "\\\\"); gsub(/"/, "\\\""); print "\"" $0 "\"" }'
