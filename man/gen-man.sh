#!/bin/sh
# gen-man.sh - builds the man page: man/stresskit.1.in is written by hand
# (synopsis, global options, exit codes) and its @STRESSORS@ and
# @SUBCOMMANDS@ lines are filled from the binary's own --help output, so
# the stressor options in the man page are the ones the binary parses.
# usage: gen-man.sh BUILD/stresskit man/stresskit.1.in OUT
set -eu
sk=$1 in=$2 out=$3
here=$(dirname "$0")

# roff-safe text: backslashes, minus signs, and a leading . or ' that
# would read as a request; a .PP line (paragraph break) passes as it is.
esc() {
	sed -e '/^\.PP$/b' -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^[.']/\\\\\\&&/"
}

stressors() {
	for name in $("$sk" --stressors | awk '{ print $1 }'); do
		"$sk" --help "$name" >"$out.help"
		summary=$(sed -n '1s/^[^:]*: //p' "$out.help")
		printf '.SS %s\n' "$name"
		printf '%s\n' "$summary" | esc
		# the free text between the summary and "options:", a .PP a paragraph
		awk 'NR > 2 && /^options:$/ { exit }
			NR > 2 && !NF { para = 0 }
			NR > 2 && NF { if (!para) print ".PP"; para = 1; print }' "$out.help" | esc
		awk -f "$here/help-options.awk" "$out.help" | awk -F '\t' '
		function esc(t) {
			gsub(/\\/, "\\e", t); gsub(/-/, "\\-", t)
			return t
		}
		{
			print ".TP"
			if ($3 != "")
				printf ".BI \\-\\-%s \" %s\"\n", esc($1), esc($3)
			else
				printf ".B \\-\\-%s\n", esc($1)
			print esc($4)
		}'
	done
	rm -f "$out.help"
}

subcommands() {
	"$sk" --help | awk -v subcommands=1 -f "$here/help-options.awk" |
	while IFS='	' read -r name summary; do
		printf '.TP\n.B %s\n' "$(printf '%s' "$name" | esc)"
		printf '%s\n' "$summary" | esc
	done
}

version=$("$sk" --version | awk '{ print $2 }')
# SOURCE_DATE_EPOCH keeps the page reproducible in a package build.
date=$(date -u -d "@${SOURCE_DATE_EPOCH:-$(stat -c %Y "$in")}" +%Y-%m-%d)
stressors >"$out.stressors"
subcommands >"$out.subcommands"
awk -v version="$version" -v date="$date" \
    -v sfile="$out.stressors" -v cfile="$out.subcommands" '
	function cat(f,   l) { while ((getline l < f) > 0) print l; close(f) }
	/^@STRESSORS@$/ { cat(sfile); next }
	/^@SUBCOMMANDS@$/ {
		if ((getline l < cfile) > 0) {
			close(cfile)
			print ".SH SUBCOMMANDS"
			print "\\fBstresskit\\fR \\fISUBCOMMAND\\fR [\\fIARG\\fR]... runs one of these instead of stressors."
			cat(cfile)
		}
		next
	}
	{ gsub(/@VERSION@/, version); gsub(/@DATE@/, date); print }
' "$in" >"$out.tmp"
rm -f "$out.stressors" "$out.subcommands"
mv "$out.tmp" "$out"
