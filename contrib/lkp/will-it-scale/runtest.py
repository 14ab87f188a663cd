#!/usr/bin/python3
"""runtest.py - will-it-scale's runtest.py, run by stresskit.

LKP's will-it-scale program (lkp-tests programs/will-it-scale/run) goes
into a will-it-scale tree and runs

    python3 ./runtest.py TEST DURATION MODE NO_AFFINITY SMT TASKS...

(LKP's own runtest.py; upstream's takes TEST alone: 5 s, both modes, 1
to every CPU), and its parser reads the CSV that prints. Here each task
count is a step of stresskit's sweep of the stressor of that name
(stresskit --TEST N --scale --scale-format will-it-scale), which writes
that CSV byte for byte as runtest.py does: the header, the 0 row, then
per task count the processes' and the threads' total ops/s, the CPUs'
idle share over each and the linear figure. Only the CSV is on stdout;
stresskit's own lines go to stderr.

As will-it-scale's, each measurement follows a warmup of 5 s
(WARMUP_ITERATIONS in its main.c); STRESSKIT_WIS_WARMUP sets another, in
seconds. NO_AFFINITY and SMT are taken and have no effect: stresskit
does not bind each task to a core of its own, so every run is as
will-it-scale's -n (no affinity).

Called as TEST_processes or TEST_threads (the links install.sh makes,
which LKP's run also looks for), it is one of will-it-scale's test
programs: -t TASKS -s SECONDS, printing the "testcase:" and "average:"
lines runtest.py reads.
"""
import os
import shutil
import subprocess
import sys
import tempfile

MODES = ("process", "thread", "both")
WARMUP_ITERATIONS = 5  # seconds, as will-it-scale's main.c


def die(msg, status=1):
    print("runtest.py: " + msg, file=sys.stderr)
    sys.exit(status)


def stresskit():
    """The binary: $STRESSKIT, LKP's $BENCHMARK_ROOT/stresskit/stresskit,
    one beside this file, or stresskit in PATH (as contrib/lkp's run)."""
    if os.environ.get("STRESSKIT"):
        return os.environ["STRESSKIT"]
    places = [os.path.dirname(os.path.realpath(__file__))]
    if os.environ.get("BENCHMARK_ROOT"):
        places.insert(0, os.path.join(os.environ["BENCHMARK_ROOT"], "stresskit"))
    for place in places:
        path = os.path.join(place, "stresskit")
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    found = shutil.which("stresskit")
    if not found:
        die("no stresskit: set STRESSKIT or put stresskit in PATH")
    return found


def warmup():
    val = os.environ.get("STRESSKIT_WIS_WARMUP", str(WARMUP_ITERATIONS))
    try:
        secs = float(val)
    except ValueError:
        die("STRESSKIT_WIS_WARMUP '%s' is not a number of seconds" % val)
    if secs < 0:
        die("STRESSKIT_WIS_WARMUP '%s' is below 0" % val)
    return secs


def summary(sk, test):
    """The stressor's one-line summary (will-it-scale's testcase title),
    or None when stresskit has no stressor of that name."""
    out = subprocess.run([sk, "--stressors"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        words = line.split(None, 1)
        if words and words[0] == test:
            return words[1].strip() if len(words) > 1 else test
    return None


def sweep(sk, test, duration, mode, tasks):
    """runtest.py's CSV of stresskit's sweep over tasks, as a string."""
    with tempfile.TemporaryDirectory(prefix="stresskit-wis.") as tmp:
        csv = os.path.join(tmp, "runtest.csv")
        cmd = [sk, "--%s" % test, str(max(tasks)), "--scale",
               "--scale-steps", ",".join(str(t) for t in tasks),
               "--scale-format", "will-it-scale", "--instance-mode", mode,
               "--timeout", "%ds" % duration, "--warmup", "%gs" % warmup(),
               "--scale-csv", csv, "--temp-path", tmp]
        # its lines are a log, not the CSV: stderr
        rc = subprocess.call(cmd, stdout=sys.stderr, stderr=sys.stderr)
        if rc != 0:
            die("%s exited %d" % (" ".join(cmd), rc), rc)
        with open(csv) as f:
            return f.read()


def count(val, what, low):
    try:
        n = int(val)
    except ValueError:
        die("%s '%s' is not a whole number" % (what, val))
    if n < low:
        die("%s '%s' is below %d" % (what, val, low))
    return n


def test_program(name):
    """TEST_processes / TEST_threads -t TASKS -s SECONDS [-m] [-n]."""
    test, _, kind = name.rpartition("_")
    mode = {"processes": "process", "threads": "thread"}[kind]
    tasks, secs, args = 1, 5, sys.argv[1:]
    while args:
        opt = args.pop(0)
        if opt in ("-m", "-n"):
            continue  # affinity: see the module's comment
        if opt not in ("-t", "-s") or not args:
            die("usage: %s [-t tasks] [-s seconds] [-m] [-n]" % name)
        val = args.pop(0)
        if opt == "-t":
            tasks = count(val, "-t", 1)
        else:
            secs = count(val, "-s", 1)
    sk = stresskit()
    title = summary(sk, test)
    if title is None:
        die("stresskit has no stressor %s" % test)
    print("testcase:%s" % title, flush=True)
    rows = sweep(sk, test, secs, mode, [tasks]).splitlines()
    # the one task row: tasks,processes,processes_idle,threads,threads_idle,linear
    fields = rows[2].split(",")
    print("average:%s" % fields[1 if mode == "process" else 3])


def main():
    name = os.path.basename(sys.argv[0])
    if name.endswith("_processes") or name.endswith("_threads"):
        test_program(name)
        return
    args = sys.argv[1:]
    if len(args) == 1:
        # upstream's form: 5 s, both modes, 1 to every CPU
        test, duration, mode = args[0], 5, "both"
        tasks = list(range(1, (os.cpu_count() or 1) + 1))
    elif len(args) >= 6:
        test, mode = args[0], args[2]
        duration = count(args[1], "duration", 1)
        count(args[3], "no_affinity", 0)
        count(args[4], "smt", 0)
        tasks = [count(t, "task count", 1) for t in args[5:]]
        if mode not in MODES:
            die("mode '%s' is not one of %s" % (mode, ", ".join(MODES)))
    else:
        die("usage: runtest.py <testcase> [<duration> <mode> <no_affinity> <smt> <threads...>]")
    sk = stresskit()
    title = summary(sk, test)
    if title is None:
        die("stresskit has no stressor %s (stresskit --stressors)" % test)
    csv = sweep(sk, test, duration, mode, tasks)
    # upstream keeps the testcase's title beside the CSV
    with open(test + ".title", "w") as f:
        f.write(title + "\n")
    sys.stdout.write(csv)


if __name__ == "__main__":
    main()
