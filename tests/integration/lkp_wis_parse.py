#!/usr/bin/env python3
"""lkp_wis_parse.py < CSV - the stats LKP derives from will-it-scale's
runtest.py output, one "key: value" a line, for tests that have no Ruby
and no lkp-tests checkout to run the real parser with.

The rules are those of lkp-tests' programs/will-it-scale/parse
(intel/lkp-tests, read at bbbc29c49), restated from reading it:
- a line is looked at only once its newline is cut off (Ruby's chomp!
  answers nil for a last line without one, and nil matches nothing);
- a line of only [a-z_,] is the header: its names after the first;
- a line of only [0-9.,] is a row: its first field is the task count
  (a row of "0" tasks is skipped), processes and threads are taken as
  integers (Ruby's to_i: the leading digits, else 0), a row with both 0
  is skipped, and each name gets "TASKS.NAME: FIELD" as written;
- a row whose linear (last field, to_i) is not 0 and whose task count is
  not "1" adds processes / linear to the scalability list;
- per task count, processes / tasks and threads / tasks are averaged into
  per_process_ops and per_thread_ops, processes + threads summed into
  workload;
- "Assertion ... failed" anywhere gives a key of its own.
At the end: scalability (the last one, "%f") if any, per_process_ops and
per_thread_ops ("%d" of the mean) if any row counted, workload if not 0.
"""
import re
import sys


def ruby_to_i(s):
    m = re.match(r"\s*([-+]?\d+)", s)
    return int(m.group(1)) if m else 0


def ruby_to_f(s):
    m = re.match(r"\s*([-+]?(\d+(\.\d+)?|\.\d+))", s)
    return float(m.group(1)) if m else 0.0


def ruby_chomp(line):
    """The line without its line end, or None when it has none."""
    for end in ("\r\n", "\n", "\r"):
        if line.endswith(end):
            return line[: -len(end)]
    return None


def main():
    names = None
    scalability, per_process, per_thread = [], [], []
    workload = 0.0
    out = []
    for raw in sys.stdin:
        line = ruby_chomp(raw)
        if line is None:
            continue
        if re.fullmatch(r"[a-z_,]+", line):
            names = line.split(",")[1:]
        elif re.fullmatch(r"[0-9.,]+", line):
            values = line.split(",")
            # Ruby's split drops empty trailing fields
            while values and values[-1] == "":
                values.pop()
            nr_task = values.pop(0) if values else None
            if nr_task == "0":
                continue
            processes = ruby_to_i(values[0])
            threads = ruby_to_i(values[2])
            if processes == 0 and threads == 0:
                continue
            linear = ruby_to_i(values[-1])
            if linear != 0 and nr_task != "1":
                scalability.append(ruby_to_f(values[0]) / linear)
            per_process.append(float(processes) / ruby_to_i(nr_task))
            per_thread.append(float(threads) / ruby_to_i(nr_task))
            workload += processes + threads
            for i, name in enumerate(names):
                out.append("%s.%s: %s" % (nr_task, name, values[i] if i < len(values) else ""))
        else:
            m = re.search(r"(Assertion .* failed)", line)
            if m:
                key = re.sub(r".*: ", "", m.group(1), count=1)
                key = re.sub(r"[^a-zA-Z0-9<>!=]", "_", key)
                out.append("%s: 1" % re.sub(r"__+", "_", key))
    if scalability:
        out.append("scalability: %f" % scalability[-1])
    if per_process:
        out.append("per_process_ops: %d" % int(sum(per_process) / len(per_process)))
    if per_thread:
        out.append("per_thread_ops: %d" % int(sum(per_thread) / len(per_thread)))
    if workload != 0:
        out.append("workload: %d" % int(workload))
    print("\n".join(out))


if __name__ == "__main__":
    main()
