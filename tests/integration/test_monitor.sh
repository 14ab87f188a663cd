# test_monitor.sh - --monitor: LKP's monitors read over the measured
# window, named as lkp-tests names them, folded as its stats matrix folds
# them, and compared by stresskit compare in a section of their own.

MON_ALL=proc-vmstat,vmstat,meminfo,interrupts,softirqs

t_monitor_keys() {
	expect_exit 0 "$SK" --pipe 1 -t 0.5 --monitor $MON_ALL --sample-interval 0.1 \
		--json r.json --temp-path "$TMP"
	py '
import json
d = json.load(open("r.json"))
assert d["configuration"]["monitor"] == "proc-vmstat,vmstat,meminfo,interrupts,softirqs"
m = d["runs"][0]["monitor"]
for k in ("proc-vmstat.pgfault", "proc-vmstat.nr_free_pages", "meminfo.MemFree",
          "meminfo.Memused", "meminfo.max_used_kB", "vmstat.system.cs", "vmstat.system.in",
          "vmstat.cpu.us", "vmstat.cpu.sy", "vmstat.cpu.id", "vmstat.procs.r",
          "vmstat.memory.free", "vmstat.io.bi", "softirqs.TIMER", "softirqs.CPU0.TIMER"):
    assert k in m, k
# event counters are deltas over the window: a pipe run faults a little, not since boot
assert isinstance(m["proc-vmstat.pgfault"], int) and 0 <= m["proc-vmstat.pgfault"] < 10**8
# the cpu columns share the window
s = sum(m["vmstat.cpu." + c] for c in ("us", "sy", "id", "wa", "st", "gu"))
assert abs(s - 100) < 0.01, s
# a per-CPU line is summed over the CPUs
irq = [k for k in m if k.startswith("interrupts.") and not k.startswith("interrupts.CPU")]
assert irq
cpus = [k for k in m if k.startswith("interrupts.CPU0.")]
for k in cpus:
    total = k.replace("interrupts.CPU0.", "interrupts.")
    assert total in m and m[total] >= m[k], (k, total)
'
}

t_monitor_bad_input() {
	bad_input --pipe 1 -t 1 --monitor nosuch
	expect_match "invalid --monitor 'nosuch': expected monitors among interrupts, meminfo, proc-vmstat, slabinfo, softirqs, vmstat, like" "$ERR"
	bad_input --pipe 1 -t 1 --monitor proc-vmstat,
}

# Off by default: no monitor key in a run; --help lists the option.
t_monitor_off() {
	expect_exit 0 "$SK" --pipe 1 --pipe-ops 100 --json r.json --temp-path "$TMP"
	py '
import json
d = json.load(open("r.json"))
assert "monitor" not in d["runs"][0], d["runs"][0].keys()
assert d["configuration"]["monitor"] == ""
'
	expect_exit 0 "$SK" --help
	expect_match '^ +--monitor LIST ' "$OUT"
}

# compare: the rows in a section of their own after the stressors', under
# LKP's names with --keys lkp.
t_long_monitor_compare() {
	for f in a b; do
		expect_exit 0 "$SK" --pipe 1 -t 0.3 --repeat 3 --monitor proc-vmstat,interrupts \
			--json $f.json --temp-path "$TMP"
	done
	expect_judged "$SK" compare --all a.json b.json
	row monitor.proc-vmstat.pgfault >/dev/null
	row monitor.interrupts.CAL:Function_call_interrupts >/dev/null
	# after every stressor row
	last_pipe=$(printf '%s\n' "$OUT" | grep -n '  pipe\.' | tail -n 1 | cut -d: -f1)
	first_mon=$(printf '%s\n' "$OUT" | grep -n '  monitor\.' | head -n 1 | cut -d: -f1)
	[ "$first_mon" -gt "$last_pipe" ] || fail "monitor rows not after the stressor's: $OUT"
	expect_judged "$SK" compare --all --keys lkp a.json b.json
	row proc-vmstat.pgfault >/dev/null
}
