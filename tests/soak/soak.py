#!/usr/bin/env python3
"""soak.py - the soak's sampler and judge (tests/soak/run.sh runs both).

  soak.py monitor CSV INTERVAL SPECS
      Every INTERVAL seconds, appends to CSV one row per process of the
      tree of each root that SPECS (a file, re-read every time) names in a
      line TAG=PID[:REDIS_PORT]: t,tag,pid,comm,rss_kb,fds; with REDIS_PORT
      also the server's INFO counters as rows t,tag,pid,counter,NAME,VALUE.
      Creates CSV.ready once it samples; stops once SPECS has a line "done"
      and every root has exited. One sampler for all: it costs little CPU,
      and it is up before the workloads start.
  soak.py series-kb JSON
      Prints the KB a controller keeps by design for the time series of
      the results document JSON (see series_kb), for check's --allow.
  soak.py check WARMUP CSV [--progress FILE]... [--json FILE[:RUNS]]...
                [--allow TAG=KB]... [--growth PCT] [--rss off]
      Judges a soak; exit 1 and one line per finding when it failed:
      - growth: for each process sampled past WARMUP seconds (of the soak
        and of the process's life: its start-up is not judged), the lowest
        RSS (or fd count) of the last window above the highest of the first
        window by more than 1% (--growth; a window: a fifth of its samples,
        so that a sawtooth slower than the sampling, such as tlb_flush3's
        128 MiB pass among every other stressor on 2 CPUs, shows its
        troughs in both windows); a floor that rose above the ceiling is a leak, a sawtooth of a
        process that maps and unmaps is not. --allow gives a workload's
        controller (the process named stresskit) KB of RSS growth more: what a --repeat controller keeps
        by design (every run's results, for its summary and --json);
        --rss off judges fds only, for a sanitized build, whose allocator
        and shadow memory make RSS not the program's (LeakSanitizer
        judges its leaks at exit instead);
      - a counter (INFO's, or the bogo-ops behind a --progress line) that
        went backwards or past 2^63;
      - a results document whose totals are not the sum of its instances,
        or whose counters were torn, or with another number of runs.
"""
import json
import os
import re
import socket
import sys
import time

GROWTH = 1.01
COUNTER_MAX = 1 << 63
# INFO's counters that only ever grow
MONOTONE = ('total_connections_received', 'total_commands_processed',
            'rejected_connections', 'uptime_in_seconds')


def proc_children():
    """{ppid: [pid...]} from /proc/*/stat."""
    children = {}
    for d in os.listdir('/proc'):
        if not d.isdigit():
            continue
        try:
            with open('/proc/%s/stat' % d) as f:
                stat = f.read()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(')') + 2:].split()[1])
        children.setdefault(ppid, []).append(int(d))
    return children


def tree(root, children):
    """root and its descendants."""
    out, todo = [], [root]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def sample(pid):
    """(comm, rss_kb, fds) of pid, or None when it is gone."""
    try:
        with open('/proc/%d/comm' % pid) as f:
            comm = f.read().strip()
        with open('/proc/%d/statm' % pid) as f:
            rss = int(f.read().split()[1]) * os.sysconf('SC_PAGE_SIZE') // 1024
        fds = len(os.listdir('/proc/%d/fd' % pid))
    except OSError:
        return None
    return comm, rss, fds


def redis_info(port, timeout):
    """The server's INFO as {name: int}."""
    with socket.create_connection(('127.0.0.1', port), timeout=timeout) as s:
        s.sendall(b'*1\r\n$4\r\nINFO\r\n')
        buf = b''
        while b'\r\n' not in buf:
            buf += s.recv(65536)
        n = int(buf[1:buf.index(b'\r\n')])
        while len(buf) < buf.index(b'\r\n') + 2 + n:
            data = s.recv(65536)
            if not data:
                break
            buf += data
    out = {}
    for line in buf.decode(errors='replace').splitlines():
        m = re.match(r'^([a-z_]+):(\d+)$', line)
        if m:
            out[m.group(1)] = int(m.group(2))
    return out


def read_specs(path):
    """The roots SPECS names, and whether it says done."""
    roots, done = [], False
    for line in open(path):
        line = line.strip()
        if line == 'done':
            done = True
        elif '=' in line:
            tag, _, rest = line.partition('=')
            pid, _, port = rest.partition(':')
            roots.append((tag, int(pid), int(port) if port else None))
    return roots, done


def monitor(csv, interval, specs):
    # At the lowest real-time priority, as stresskit's controller runs:
    # with both CPUs busy, the kernel left this sleeper unscheduled for up
    # to 10 s at a time (measured: a 0.5 s sleep returned after 9.8 s),
    # and whole workloads went unsampled. It sleeps between passes, so the
    # workloads lose only the milliseconds it works.
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))
    except OSError:
        pass
    start = time.monotonic()
    open(csv + '.ready', 'w').close()
    with open(csv, 'a') as out:
        while True:
            roots, done = read_specs(specs)
            if done and not any(os.path.exists('/proc/%d' % r[1]) for r in roots):
                break
            t = time.monotonic() - start
            children = proc_children()
            for tag, root, port in roots:
                for pid in tree(root, children):
                    s = sample(pid)
                    # stresskit's own processes (a fork not yet renamed,
                    # a wrapper, are not); RSS 0: exiting, memory gone
                    if s and s[1] and s[0].startswith('stresskit'):
                        out.write('%.1f,%s,%d,%s,%d,%d\n' % (t, tag, pid, s[0], s[1], s[2]))
                if port and os.path.exists('/proc/%d' % root):
                    # a server starved of CPU answers late: wait no
                    # longer than an interval, so that the processes'
                    # samples keep their pace (a missed INFO costs nothing)
                    try:
                        info = redis_info(port, interval)
                    except (OSError, ValueError):
                        continue
                    for k in MONOTONE:
                        out.write('%.1f,%s,%d,counter,%s,%d\n' %
                                  (t, tag, root, k, info.get(k, -1)))
            out.flush()
            time.sleep(max(0.0, interval - (time.monotonic() - start - t)))
    return 0


def judge_growth(rows, warmup, allow, growth, rss, bad):
    series, born = {}, {}
    for r in rows:
        if r[3] == 'counter':
            continue
        key, t = (r[1], r[2], r[3]), float(r[0])
        born.setdefault(key, t)
        # the warm-up is the soak's first seconds and each process's own:
        # a server started late still opens its clients' connections
        if t < warmup or t < born[key] + warmup:
            continue
        series.setdefault(key, []).append((int(r[4]), int(r[5])))
    for (tag, pid, comm), s in sorted(series.items()):
        win = len(s) // 5
        if win < 1:
            continue
        for i, what in ((0, 'RSS kB'), (1, 'fds'))[0 if rss else 1:]:
            first = max(v[i] for v in s[:win])
            last = min(v[i] for v in s[-win:])
            extra = allow.get(tag, 0) if i == 0 and comm in ('stresskit', 'stresskit.test') else 0
            if last > first * growth + extra:
                bad.append('%s: %s[%s] %s grew from %d to %d' %
                           (tag, comm, pid, what, first, last))
    return series


def series_kb(path):
    """The controller's time-series storage for the document at path, as
    core/run/sampler.c keeps it: arrays that double from 64 intervals,
    per interval a start and a length (doubles), per stressor a rate
    (double) and per instance its ops and CPU time (8 bytes each)."""
    kb = 0
    for run in json.load(open(path)).get('runs', []):
        metrics = run.get('metrics', [])
        n = max((len(m.get('series', [])) for m in metrics), default=0)
        cap = 64
        while cap < n:
            cap *= 2
        per_interval = 16 + sum(8 + 16 * max(1, len(m.get('instances', [])))
                                for m in metrics)
        kb = max(kb, cap * per_interval / 1024)
    return kb


def judge_counters(rows, bad):
    last = {}
    for r in rows:
        if r[3] != 'counter':
            continue
        key, v = (r[1], r[2], r[4]), int(r[5])
        if key in last and v < last[key]:
            bad.append('%s: counter %s went back from %d to %d' % (r[1], r[4], last[key], v))
        if not 0 <= v < COUNTER_MAX:
            bad.append('%s: counter %s out of range: %d' % (r[1], r[4], v))
        last[key] = v


def judge_progress(path, bad):
    """A --progress rate of '-' after a stressor's first tick: ops went back."""
    text = open(path, errors='replace', newline='').read()	# keep the \r
    ticks = 0
    for m in re.finditer(r'\r[^:\r\n]*: ([^\r\n\x1b]*?) ([0-9.]+)s[^,\r\n]*, (\S+) bogo ops/s', text):
        ticks += 1
        rate = m.group(3)
        if rate == '-' and float(m.group(2)) >= 2:
            bad.append('%s: the bogo-op counters went backwards at %ss (%s)' %
                       (path, m.group(2), m.group(1)))
        elif rate != '-' and float(rate) >= COUNTER_MAX / 1e6:
            bad.append('%s: a counter overflowed: %s bogo ops/s' % (path, rate))
    if not ticks:
        bad.append('%s: no progress line to check the counters by' % path)


def judge_json(spec, bad):
    path, _, runs = spec.partition(':')
    try:
        doc = json.load(open(path))
    except (OSError, ValueError) as e:
        bad.append('%s: not a results document: %s' % (path, e))
        return
    if runs and len(doc.get('runs', [])) != int(runs):
        bad.append('%s: %d runs, expected %s' % (path, len(doc.get('runs', [])), runs))
    for run in doc.get('runs', []):
        for m in run.get('metrics', []):
            name, ops = m.get('stressor'), m.get('bogo-ops')
            inst = m.get('instances', [])
            total = sum(i.get('bogo-ops', 0) for i in inst)
            if not isinstance(ops, int) or not 0 <= ops < COUNTER_MAX:
                bad.append('%s run %s: %s bogo-ops out of range: %r' %
                           (path, run.get('run'), name, ops))
            elif inst and ops != total:
                bad.append('%s run %s: %s bogo-ops %d, its instances sum to %d' %
                           (path, run.get('run'), name, ops, total))
            if any(i.get('counter-intact') is False for i in inst):
                bad.append('%s run %s: %s has a torn counter' % (path, run.get('run'), name))


def check(argv):
    warmup, csv, rest = float(argv[0]), argv[1], argv[2:]
    bad = []
    rows = [line.rstrip('\n').split(',') for line in open(csv) if line.strip()]
    allow, growth, rss = {}, GROWTH, True
    for i in range(0, len(rest) - 1, 2):
        if rest[i] == '--allow':
            tag, _, kb = rest[i + 1].partition('=')
            allow[tag] = float(kb)
        elif rest[i] == '--growth':
            growth = 1 + float(rest[i + 1]) / 100
        elif rest[i] == '--rss':
            rss = rest[i + 1] != 'off'
    series = judge_growth(rows, warmup, allow, growth, rss, bad)
    judge_counters(rows, bad)
    while rest:
        opt, val, rest = rest[0], rest[1], rest[2:]
        if opt == '--progress':
            judge_progress(val, bad)
        elif opt == '--json':
            judge_json(val, bad)
    if not series:
        bad.append('%s: nothing sampled past the %gs warm-up' % (csv, warmup))
    print('soak: %d processes judged past %gs' % (len(series), warmup))
    for b in bad:
        print('soak: FAIL ' + b)
    print('soak: ' + ('FAILED' if bad else 'passed'))
    return 1 if bad else 0


if __name__ == '__main__':
    if len(sys.argv) == 5 and sys.argv[1] == 'monitor':
        sys.exit(monitor(sys.argv[2], float(sys.argv[3]), sys.argv[4]))
    if len(sys.argv) == 3 and sys.argv[1] == 'series-kb':
        print(int(series_kb(sys.argv[2])) + 1)
        sys.exit(0)
    if len(sys.argv) > 3 and sys.argv[1] == 'check':
        sys.exit(check(sys.argv[2:]))
    sys.stderr.write(__doc__)
    sys.exit(1)
