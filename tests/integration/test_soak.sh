# test_soak.sh - the soak (tests/soak/run.sh, make soak) for a minute,
# and its judge (tests/soak/soak.py check) on crafted samples that must
# pass and fail: a leak, a sawtooth, fd growth, a counter going back, a
# torn total, a progress line showing a counter going back.

soak_py() {
	python3 "$SK_SRC/tests/soak/soak.py" "$@"
}

# The real thing, short: three workloads sampled every second for a
# minute (make test-long; make test has the judge's tests below, and every
# workload of the soak in the other tests), each process judged past its
# first 20 s: a server filling its buffers or a --repeat controller
# settling in says nothing of a leak, and CI once saw the --all run's
# redis server under ASan still opening its client's connections at 2 s.
# fds are judged; RSS is make soak's: a minute cannot tell a leak from a
# process settling in, on a machine whose load CI does not choose; an
# hour's soak, judged past 5 minutes, can (the 1% of make soak is
# t_soak_check_judges's). Not under AddressSanitizer: there RSS is the
# sanitizer allocator's and its shadow memory's as much as the program's,
# and start-up is slow enough that on a loaded machine the --all run had
# not sampled an instance in 10 s; LeakSanitizer judges memory at each
# exit of the other tests. (SOAK_RSS=off runs make soak on a sanitized
# build.)
t_long_soak() {
	SOAK_SECONDS=60 SOAK_INTERVAL=1 SOAK_WARMUP=20 SOAK_GROWTH_PCT=25 SOAK_RSS=off soak_short
}

soak_short() {
	if ldd "$SK" 2>/dev/null | grep -q libasan; then
		echo "skip: a sanitized build's RSS and timing are not the program's"
		return 0
	fi
	SOAK_WITH=pipe,redis SOAK_RUN_SECONDS=1 SOAK_KEYSPACE=100 \
		expect_exit 0 "$SK_SRC/tests/soak/run.sh" "$SK" "$TMP/soak"
	expect_match '^soak: passed$' "$OUT"
	csv=$(cat "$TMP/soak/samples.csv")
	# the controller and an instance of each workload, and the server's counters
	expect_match ',all,[0-9]+,stresskit' "$csv"
	expect_match ',all,[0-9]+,stresskit-pipe,' "$csv"
	expect_match ',repeat,[0-9]+,stresskit(\.test)?,' "$csv"
	expect_match ',redis,[0-9]+,stresskit(\.test)?,' "$csv"
	expect_match ',redis,[0-9]+,counter,total_commands_processed,[1-9]' "$csv"
	# every process ended, every run directory removed
	wait_until 20 no_sk_procs || fail "stresskit processes left: $(sk_procs)"
	[ -z "$(ls -d "$TMP"/soak/stresskit-* 2>/dev/null)" ] || fail "run directories left"
}

# soak_rows KIND [COMM]: rows t,tag,pid,comm,rss_kb,fds for t = 0..19, the
# RSS and fds of KIND, of a process named COMM (default an instance's)
soak_rows() {
	awk -v expr="$1" -v comm="${2:-stresskit-x}" 'BEGIN { for (t = 0; t < 20; t++) {
		rss = 1000; fds = 5
		if (expr == "leak") rss = 1000 + 10 * t
		if (expr == "saw") rss = (t % 3) ? 1000 : 5000
		if (expr == "fds") fds = 5 + (t >= 15)
		printf "%d,w,42,%s,%d,%d\n", t, comm, rss, fds } }'
}

t_soak_check_judges() {
	soak_rows flat >flat.csv
	expect_exit 0 soak_py check 2 flat.csv
	expect_match '1 processes judged past 2s' "$OUT"
	soak_rows saw >saw.csv
	expect_exit 0 soak_py check 2 saw.csv
	soak_rows leak >leak.csv
	expect_exit 1 soak_py check 2 leak.csv
	expect_match 'FAIL w: stresskit-x\[42\] RSS kB grew from 1040 to 1170' "$OUT"
	soak_rows fds >fds.csv
	expect_exit 1 soak_py check 2 fds.csv
	expect_match 'fds grew from 5 to 6' "$OUT"
	# a growth inside the warm-up is not judged
	expect_exit 0 soak_py check 17 fds.csv
	# nor inside a process's own first WARMUP seconds when it starts late:
	# born at 8 s, a connection more at 12 s
	{ cat flat.csv; awk 'BEGIN { for (t = 8; t < 20; t++)
		printf "%d,w,43,stresskit-late,1000,%d\n", t, t < 12 ? 5 : 6 }'; } >late.csv
	expect_exit 0 soak_py check 4 late.csv
	expect_exit 1 soak_py check 2 late.csv
	expect_match 'stresskit-late\[43\] fds grew from 5 to 6' "$OUT"
	# --allow: KB more for one workload's controller (not its instances);
	# --growth: the percentage
	soak_rows leak stresskit >leakctl.csv
	expect_exit 0 soak_py check 2 leakctl.csv --allow w=131
	expect_exit 1 soak_py check 2 leakctl.csv --allow x=131
	expect_exit 1 soak_py check 2 leak.csv --allow w=131
	expect_exit 0 soak_py check 2 leak.csv --growth 13
	# a sanitized build's soak judges fds only
	expect_exit 0 soak_py check 2 leak.csv --rss off
	expect_exit 1 soak_py check 2 fds.csv --rss off
	# counters: forward passes, back fails
	{ cat flat.csv; echo "3,w,42,counter,total_commands_processed,10"
	  echo "4,w,42,counter,total_commands_processed,12"; } >fwd.csv
	expect_exit 0 soak_py check 2 fwd.csv
	{ cat fwd.csv; echo "5,w,42,counter,total_commands_processed,11"; } >back.csv
	expect_exit 1 soak_py check 2 back.csv
	expect_match 'counter total_commands_processed went back from 12 to 11' "$OUT"
}

t_soak_check_counters() {
	soak_rows flat >flat.csv
	"$SK" --pipe 2 -t 0.3 --json good.json --temp-path "$TMP" >/dev/null
	expect_exit 0 soak_py check 2 flat.csv --json good.json:1
	expect_exit 1 soak_py check 2 flat.csv --json good.json:2
	expect_match 'good.json: 1 runs, expected 2' "$OUT"
	python3 -c '
import json
d = json.load(open("good.json"))
d["runs"][0]["metrics"][0]["bogo-ops"] += 1
json.dump(d, open("torn.json", "w"))'
	expect_exit 1 soak_py check 2 flat.csv --json torn.json
	expect_match 'pipe bogo-ops [0-9]+, its instances sum to [0-9]+' "$OUT"
	printf '\rstresskit: pipe 1s of 9s, 10 bogo ops/s\033[K\rstresskit: pipe 2s of 9s, 12 bogo ops/s\033[K\n' >ok.out
	expect_exit 0 soak_py check 2 flat.csv --progress ok.out
	printf '\rstresskit: pipe 1s of 9s, 10 bogo ops/s\033[K\rstresskit: pipe 2s of 9s, - bogo ops/s\033[K\n' >back.out
	expect_exit 1 soak_py check 2 flat.csv --progress back.out
	expect_match 'counters went backwards at 2s' "$OUT"
}
