# shellcheck shell=sh
# ng_peers_fs.sh - the bench ng_peers_fs: bench/ng_peers.sh over
# bench/ng_peers_fs.list, stress-ng's file-system and process stressors
# beside Debian's stress-ng (that list's settings: 2 instances, unpinned).
exec sh "$(dirname "$0")/ng_peers.sh" "$(dirname "$0")/ng_peers_fs.list"
