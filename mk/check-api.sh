#!/bin/sh
# check-api.sh SOURCE DEPFILE - fails when a stressor's object depends on
# a header outside include/stresskit/ and its own folder under stressors/:
# a stressor is written against the public API only, as a plugin is.
# -MMD lists no system headers, so every name left must be one of ours.
src=$1 dep=$2
dir=$(dirname "$src")
bad=$(sed -e 's/\\$//' -e 's/^[^:]*://' "$dep" | tr ' ' '\n' | sed '/^$/d' |
	while read -r f; do
		case "$f" in
		"$src") ;;
		*..*) echo "$f" ;;
		include/stresskit/*) ;;
		include/stresskit-builtin.h) ;;
		"$dir"/*) ;;
		*) echo "$f" ;;
		esac
	done | sort -u)
[ -z "$bad" ] && exit 0
for f in $bad; do
	echo "stresskit: error: $src includes $f: a stressor includes only <stresskit/...> and its own files" >&2
done
exit 1
