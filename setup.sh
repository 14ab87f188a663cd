#!/bin/sh
# setup.sh - installs what stresskit needs on Debian 12 (as root):
#   ./setup.sh          the build dependencies
#   ./setup.sh --test   and what the tests and benchmarks use
set -e
build="make gcc libc6-dev pkg-config libseccomp-dev libjudy-dev"
test="check procps python3 python3-yaml stress-ng redis-server redis-tools util-linux clang libclang-rt-14-dev"
pkgs=$build
[ "${1:-}" = "--test" ] && pkgs="$build $test"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
