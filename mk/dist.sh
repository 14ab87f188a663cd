#!/bin/sh
# dist.sh NAME EPOCH OUT - writes OUT, the source tarball of the tree in
# the current directory, every member under NAME/. The same tree gives
# the same bytes on any machine and at any time: members sorted, mtimes
# all EPOCH, owner root, modes from the executable bit alone (not the
# umask), no atime or ctime (GNU format, not pax), and gzip without the
# name and time of its input. OUT is replaced only when its bytes change,
# so make rebuilds what depends on it only then.
# In a git checkout the members are what git would commit (tracked and
# new files that exist, nothing ignored); elsewhere every file but the
# build trees.
set -e
name=$1 epoch=$2 out=$3
case "$epoch" in
''|*[!0-9]*) echo "stresskit: error: dist.sh: bad epoch '$epoch'" >&2; exit 1 ;;
esac
trap 'rm -f "$out.list" "$out.tar" "$out.new"' EXIT
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git ls-files -z -co --exclude-standard
else
	find . \( -name build -o -name 'build-*' -o -name .git \) -prune -o \
		\( -type f -o -type l \) -printf '%P\0'
fi | LC_ALL=C sort -zu |
	# a tracked file deleted in the working tree is not shipped
	xargs -0r sh -c 'for f; do [ -e "$f" ] || [ -L "$f" ] && printf "%s\0" "$f"; done; :' sh \
	>"$out.list"
[ -s "$out.list" ] || { echo "stresskit: error: dist.sh: no files to ship" >&2; exit 1; }
LC_ALL=C tar --create --file="$out.tar" --format=gnu --no-recursion \
	--hard-dereference --transform="flags=r;s,^,$name/," \
	--mtime="@$epoch" --owner=0 --group=0 --numeric-owner \
	--mode='u+rw,go+r,go-w,a+X' --null --files-from="$out.list"
gzip -9 -n <"$out.tar" >"$out.new"
if cmp -s "$out.new" "$out"; then rm -f "$out.new"; else mv "$out.new" "$out"; fi
