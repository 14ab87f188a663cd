#!/bin/sh
# setup.sh - installs what stresskit needs on Debian 12 (as root):
#   ./setup.sh          the build dependencies
#   ./setup.sh --test   and what the tests, fuzzing and benchmarks use
#   ./setup.sh --long   and what only make test-long uses (a browser)
#   ./setup.sh --deb    and what make deb / make lintian use
#   ./setup.sh --rpm    and what make rpm / make rpmlint and the RPM's
#                       test (rpm2cpio, cpio) use
set -e
build="make gcc libc6-dev pkg-config libseccomp-dev libjudy-dev libyaml-dev libjansson-dev libsqlite3-dev"
# linux-perf: --perf-profile's tests and make bench's cost rows
test="check abigail-tools procps python3 python3-yaml python3-scipy python3-jsonschema stress-ng redis-server redis-tools groff-base linux-perf"
# make fuzz (CI's smoke round), not the packaged tests
fuzz="clang libclang-rt-14-dev"
# make bench: will-it-scale, built from a copy of its source, needs hwloc;
# /usr/bin/time gives its CPU time for the ops per CPU second figures
bench="libhwloc-dev time strace"
# make test-long: the history report loaded in a real browser
long="chromium"
deb="debhelper dpkg-dev fakeroot lintian"
rpm="rpm rpm2cpio cpio rpmlint"
pkgs=$build
[ "${1:-}" = "--test" ] && pkgs="$build $test $fuzz $bench"
[ "${1:-}" = "--long" ] && pkgs="$build $test $fuzz $bench $long"
[ "${1:-}" = "--deb" ] && pkgs="$build $test $deb"
[ "${1:-}" = "--rpm" ] && pkgs="$build $test $rpm"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
