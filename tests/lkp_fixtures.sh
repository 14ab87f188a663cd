#!/bin/sh
# lkp_fixtures.sh LKP_SRC - lkp-tests' own verdicts on the sample sets of
# tests/unit/fixtures/lkp_cases.txt, as tests/unit/fixtures/lkp_changed.txt
# (one line per case: changed 0 or 1, and for a changed stat the figures
# lkp-tests gives it). Run where lkp-tests and Ruby are (Debian: ruby,
# ruby-activesupport, ruby-git); the unit test reads the recorded file.
set -eu
src=${1:?usage: lkp_fixtures.sh LKP_SRC}
here=$(cd "$(dirname "$0")" && pwd)
shim=$(mktemp -d)
trap 'rm -rf "$shim"' EXIT
# lib/stats pulls in a terminal library the rule does not use
: >"$shim/tty-command.rb"
cd "$src"
LKP_SRC=$src ruby -I"$shim" -e '
require "./lib/stats"
def num(s) s.include?(".") ? s.to_f : s.to_i end
def g(x) x.is_a?(Integer) ? x.to_s : format("%.17g", x) end
def matrix(key, runs, vals)
  m = { "stats_source" => ["run"] * runs.to_i }
  m[key] = vals.split(",").map { |s| num(s) } unless vals == "-"
  m
end
puts "# lkp-tests #{`git -C #{ENV["LKP_SRC"]} rev-parse --short HEAD 2>/dev/null`.strip} on tests/unit/fixtures/lkp_cases.txt:"
puts "# changed [ratio delta mean_new mean_base min_new max_new min_base max_base]"
File.readlines(ARGV[0]).each do |line|
  next if line =~ /^\s*(#|$)/
  key, dist, ra, va, rb, vb = line.split
  opts = { "perf-profile" => 5 }
  opts["distance"] = dist.to_i if dist.to_i > 0
  cs = __get_changed_stats(matrix(key, ra, va), matrix(key, rb, vb), false, opts)
  c = cs && cs[key]
  if c
    puts ["1", g(c["ratio"]), g(c["delta"]), g(c["mean_a"]), g(c["mean_b"]),
          g(c["min_a"]), g(c["max_a"]), g(c["min_b"]), g(c["max_b"])].join(" ")
  else
    puts "0"
  end
end
' "$here/unit/fixtures/lkp_cases.txt"
