#!/usr/bin/env python3
"""verdicts.py - judges every pair of verdicts.sh's corpus with one compare
each and prints, per workload, how often the verdict was right under each
condition, the envelope's verdict (the one on the work of an op) and the
mean's side by side.

usage: verdicts.py SK DIR PAIRS CONDITIONS HELD_OUT T PASSES COMPARE_ARGS SPECS
(verdicts.sh passes them; SPECS: one line per workload,
NAME|ARGS|KNOB|A|B1|B3|B10|STALL|REPEAT)."""
import json, os, re, statistics, subprocess, sys

sk, top, pairs = sys.argv[1], sys.argv[2], int(sys.argv[3])
conds, held_out = sys.argv[4].split(), sys.argv[5]
t, passes, extra = sys.argv[6], sys.argv[7], sys.argv[8].split()
specs = sys.argv[9]
CHANGES = (("b1", "1%"), ("b3", "3%"), ("b10", "10%"))
ENV = "envelope.bogo-ops-per-second-real-time"
VERDICT = re.compile(r"^verdict: (\S+) (changed|unchanged|inconclusive)(?: ([+-][0-9.]+)%)?")
FLAGGED = ("  regression", "  improvement", "  changed")

workloads = []
for line in specs.splitlines():
    name, args, knob, a, b1, b3, b10, stall, repeat = line.split("|")
    workloads.append(dict(name=name, args=args, knob=knob, a=a, b1=b1, b3=b3, b10=b10,
                          stall=stall, repeat=repeat))


def judge(base, new, noise=None):
    """One compare of two documents (with --noise when given): (any table
    row flagged, {KEY: WORD}, a slow-windows note printed)."""
    p = subprocess.run([sk, "compare", "--force"] + extra +
                       (["--noise", noise] if noise else []) + [base, new],
                       capture_output=True, text=True)
    if p.returncode == 1:
        sys.exit("verdicts: compare %s %s: bad input: %s" % (base, new, p.stderr.strip()))
    lines = p.stdout.splitlines()
    flagged = any(l.startswith(" ") and l.endswith(FLAGGED) for l in lines)
    found = [m for m in map(VERDICT.match, lines) if m]
    words = {m.group(1): m.group(2) for m in found}
    # the sign of each changed row's change: +1, -1
    signs = {m.group(1): (1 if float(m.group(3)) > 0 else -1)
             for m in found if m.group(2) == "changed" and m.group(3)}
    slow = any(l.startswith("note: ") and "slow windows" in l for l in lines)
    return flagged, words, slow, signs


def passes_of(path):
    return len(json.load(open(path))["runs"])


def figure(path, key):
    """The median over a document's passes of a figure of its stressor."""
    v = []
    for r in json.load(open(path))["runs"]:
        e = r["metrics"][0]
        x = e["envelope"][key[9:]] if key.startswith("envelope.") else e[key]
        if x is not None:
            v.append(x)
    return statistics.median(v) if v else float("nan")


def base_of(d, b, p):
    """The A a B of pair p is judged against: the 1% and 10% B, run at
    --repeat auto, against A at --repeat auto (aa) when there is one."""
    aa = os.path.join(d, "aa-%d.json" % p)
    if b in ("b1", "b10") and os.path.exists(aa):
        return aa
    return os.path.join(d, "a-%d.json" % (2 * p - 1))


def change(d, b, key):
    """B's change against A, in %: the median over pairs of the ratio of
    their documents' medians, and the smallest and largest pair's."""
    rs = [figure(os.path.join(d, "%s-%d.json" % (b, p)), key) /
          figure(base_of(d, b, p), key) - 1
          for p in range(1, pairs + 1)]
    return "%+.1f%% (%+.0f%% to %+.0f%%)" % (100 * statistics.median(rs),
                                             100 * min(rs), 100 * max(rs))


def count(results, test):
    return sum(1 for r in results if test(r))


def words3(rs, key, sign=0):
    """changed/unchanged/inconclusive counts of a key's word over pairs;
    with the sign of the true change, the changed ones of the wrong sign
    are said: a change the wrong way is no right verdict."""
    cells = "%d/%d/%d" % tuple(count(rs, lambda r, w=w: r[1].get(key) == w)
                               for w in ("changed", "unchanged", "inconclusive"))
    wrong = count(rs, lambda r: sign and r[3].get(key, sign) != sign)
    return cells + (" (%d the wrong way)" % wrong if wrong else "")


def knob(v):
    """A knob's value as a number: 64K is 65536."""
    return float(v[:-1]) * 1024 if v.endswith("K") else float(v)


def true_sign(w, b):
    """The sign of B's change of ops/s, by construction: every knob here
    is work per op (calls, bytes), so more of it is fewer ops/s."""
    return -1 if knob(w[b]) > knob(w["a"]) else 1


def table(w):
    env, ops = w["name"] + "." + ENV, w["name"] + ".ops_per_sec"
    kinds = [(b, l) for b, l in CHANGES if w[b]] + ([("stall", "stall")] if w["stall"] else [])
    print("| condition | noise | passes | A/A: any row flagged | A/A envelope: "
          "changed/unchanged/inconclusive | A/A mean | A/A a minute apart: envelope | " +
          " | ".join("%s: envelope | %s: mean" % (l, l) for _, l in kinds) + " |")
    print("|---|---|---|---|---|---|---|" + "---|---|" * len(kinds))
    notes = []
    for cond in conds:
        d = os.path.join(top, cond, w["name"])
        if not os.path.exists(os.path.join(d, "a-%d.json" % (2 * pairs))):
            continue
        a = lambda i: os.path.join(d, "a-%d.json" % i)
        np = [passes_of(a(i)) for i in range(1, 2 * pairs + 1)]
        for nz in (False, True):
            noise = os.path.join(d, "noise.json") if nz else None
            if nz and not os.path.exists(noise):
                continue
            aa = [judge(a(2 * p - 1), a(2 * p), noise) for p in range(1, pairs + 1)]
            # A/A pairs half the corpus apart (about a minute or more)
            far = [judge(a(p), a(p + pairs), noise) for p in range(1, pairs + 1)]
            cells = ["%d of %d" % (count(aa, lambda r: r[0]), pairs), words3(aa, env),
                     words3(aa, ops), words3(far, env)]
            for b, l in kinds:
                path = lambda p: os.path.join(d, "%s-%d.json" % (b, p))
                if not os.path.exists(path(pairs)):
                    cells += ["-", "-"]
                    continue
                ab = [judge(base_of(d, b, p), path(p), noise) for p in range(1, pairs + 1)]
                if b == "stall":
                    # right when not called unchanged: the mean's word, or the note
                    told = count(ab, lambda r: r[1].get(ops) != "unchanged" or r[2])
                    cells += [words3(ab, env), "%s; told %d of %d" % (words3(ab, ops), told,
                                                                      pairs)]
                else:
                    cells += [words3(ab, env, true_sign(w, b)), words3(ab, ops, true_sign(w, b))]
                    if b in ("b1", "b10") and base_of(d, b, 1) != a(1):
                        auto = [passes_of(x) for p in range(1, pairs + 1)
                                for x in (base_of(d, b, p), path(p))]
                        cells[-2] += " (auto: %d passes, %d-%d)" % (
                            statistics.median(auto), min(auto), max(auto))
            print("| %s | %s | %s | %s |" % (
                cond, "calibrate" if nz else "default",
                "%d (%d-%d)" % (statistics.median(np), min(np), max(np)),
                " | ".join(cells)))
        load = open(os.path.join(d, "load")).read().strip() if os.path.exists(
            os.path.join(d, "load")) else "load ?"
        notes.append("- %s (%s): measured change of B against A, envelope: %s; mean: %s." % (
            cond, load,
            "; ".join("%s %s" % (l, change(d, b, ENV)) for b, l in kinds
                      if os.path.exists(os.path.join(d, "%s-%d.json" % (b, pairs)))),
            "; ".join("%s %s" % (l, change(d, b, "bogo-ops-per-second-real-time"))
                      for b, l in kinds
                      if os.path.exists(os.path.join(d, "%s-%d.json" % (b, pairs))))))
    print()
    print("\n".join(notes))
    print()


print("Each invocation: -t %s --repeat %s --json (the two-task workload --repeat auto); "
      "%d pairs per workload and condition; compare --force%s BASE NEW, once per pair, "
      "with compare's default noise and with calibrate's (--noise).\n" % (
          t, passes, pairs, "".join(" " + x for x in extra)))
print("Columns: passes a side (median, range); A/A pairs with any table row flagged; "
      "for A/A and each change, the pairs whose verdict on the envelope row (the verdict "
      "on the work of an op) and on the mean (ops_per_sec) was changed/unchanged/"
      "inconclusive; A/A a minute apart: A(p) against A(p + pairs); stall: the same work "
      "per op with stalls on one side, told when the mean was not `unchanged` or a slow-"
      "windows note was printed.\n")
for held in (False, True):
    chosen = [w for w in workloads if (w["name"] == held_out) == held]
    if held and chosen:
        print("## Held-out workload (chosen before any tuning): %s\n" % held_out)
    for w in chosen:
        print("### %s: %s, %s %s; B %s\n" % (
            w["name"], w["args"], w["knob"], w["a"],
            ", ".join("%s (%s)" % (w[b], l) for b, l in CHANGES if w[b]) +
            ("; stall: %s" % w["stall"] if w["stall"] else "")))
        table(w)
