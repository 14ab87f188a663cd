#!/usr/bin/env python3
"""lkp_stress_ng_parse.py < OUTPUT - the stats LKP derives from stress-ng's
output, one "key: value" a line, for tests that have no Ruby and no
lkp-tests checkout to run the real parser with.

The rules are those of lkp-tests' programs/stress-ng/parse (intel/lkp-tests,
read at bbbc29c49), restated; its two regexes are kept character for
character because they decide which of our lines LKP sees at all:
- parsing starts at the table's "(secs) (secs) (secs)" line and stops at
  "run time:"; fail:/warn: lines are skipped;
- a line matching MISC is a miscellaneous metric: TAIL is cut off, field 5
  is the value, fields 6.. joined by '_' and normalized are the unit;
- any other line is a stressor row only with 10 or 12 fields.
With LKP_SRC set to a checkout and ruby on PATH, the tests run the real
parser too and require the same output as this one.
"""
import re
import sys

MISC = re.compile(r"stress-ng: (info|metrc):.*\((average|geometr?ic mean|harmonic mean|total)")
TAIL = re.compile(r" \((average|geometr?ic mean|harmonic mean|total).*\)$")


def normalize(unit):
    unit = re.sub(r"[\s,\"_\[\]():]+", "_", unit.strip())
    unit = re.sub(r"(^_+|_+$)", "", unit)
    unit = re.sub(r"_{2,}", "_", unit)
    return re.sub(r"\.{4,}", ".", unit)


def stat(line, out):
    if MISC.search(line):
        items = TAIL.sub("", line, count=1).split()
        stressor, value = items[3], items[4]
        unit = normalize("_".join(items[5:]))
        if value in ("0", "0.00"):
            out.append("%s.%s.fail: 1" % (stressor, unit))
        else:
            out.append("%s.%s.pass: 1" % (stressor, unit))
            out.append("%s.%s: %s" % (stressor, unit, value))
        return
    items = line.split()
    if len(items) not in (10, 12):
        return
    if items[4] == "0":
        out.append("%s.fail: 1" % items[3])
    else:
        out += ["%s.pass: 1" % items[3], "%s.ops: %s" % (items[3], items[4]),
                "%s.ops_per_sec: %s" % (items[3], items[8])]


def main():
    out, started = [], False
    for line in sys.stdin:
        line = line.rstrip("\n")
        if re.search(r"this stressor is not implemented on this system|No stress workers invoked", line):
            break
        if re.search(r"all bogo-op counters are zero, data may be incorrect", line):
            continue
        if re.search(r"stress-ng: fail:.*sigaction signal", line):
            out.append("sigaction.fail: 1")
            break
        if re.search(r"fail:|warn:", line):
            continue
        if re.search(r"\(secs\)\s+\(secs\)\s+\(secs\)", line):
            started = True
            continue
        if re.search(r"run time:", line):
            break
        if started:
            stat(line, out)
    print("\n".join(out))


if __name__ == "__main__":
    main()
