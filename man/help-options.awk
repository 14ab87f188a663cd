# help-options.awk - the option lines of `stresskit --help` or
# `stresskit --help NAME`, one per output line:
#     NAME <TAB> SHORT <TAB> METAVAR <TAB> HELP
# (SHORT and METAVAR may be empty). The man page, the bash completion and
# the test that keeps them in step with the binary all read the options
# through this one parser, so there is one idea of what an option line is.
#
# An option line is "  [-x, ]--name[ METAVAR]<spaces>help" (a name may
# hold "_": will-it-scale's stressor names). The help
# column is padded, so a flag's name is followed by two spaces or more
# and a metavar by exactly one. Upper-case names (--NAME N, the pattern
# of a stressor's own options) are not options and are skipped.
#
# With -v subcommands=1 it prints the subcommands of `stresskit --help`
# instead, NAME <TAB> SUMMARY, from the block under "subcommands:".
subcommands {
	if ($0 == "subcommands:")
		in_block = 1
	else if (in_block && !NF)
		in_block = 0
	else if (in_block) {
		name = $1
		sub(/^ *[^ ]+ +/, "")
		printf "%s\t%s\n", name, $0
	}
	next
}

/^  +(-[A-Za-z0-9], )?--[a-z0-9][a-z0-9_-]*( |$)/ {
	line = $0
	sub(/^ +/, "", line)
	short = ""
	if (substr(line, 1, 2) != "--") {
		short = substr(line, 2, 1)
		line = substr(line, 5)
	}
	line = substr(line, 3)
	match(line, /^[a-z0-9_-]+/)
	name = substr(line, 1, RLENGTH)
	rest = substr(line, RLENGTH + 1)
	metavar = ""
	if (rest ~ /^ [^ ]/) {
		rest = substr(rest, 2)
		match(rest, /^[^ ]+/)
		metavar = substr(rest, 1, RLENGTH)
		rest = substr(rest, RLENGTH + 1)
	}
	sub(/^ +/, "", rest)
	printf "%s\t%s\t%s\t%s\n", name, short, metavar, rest
}
