# test_scale.sh - the --scale sweep: table, CSV, SVG, --scale-steps,
# --warmup, and bad input.

# csv_field FILE ROW COL: a field of the CSV (row 1 is the header).
csv_field() {
	awk -F, -v r="$2" -v c="$3" 'NR == r { print $c }' "$1"
}

t_scale_table_csv() {
	for mode in process thread; do
		expect_exit 0 "$SK" --pread2 2 --scale -t 0.3 --instance-mode $mode \
			--scale-csv "$TMP/s.csv" --temp-path "$TMP"
		expect_match "metrc: \[[0-9]+\] scale: pread2, $mode instances" "$OUT"
		expect_match 'instances +total ops/s +per-instance +linear ops/s +efficiency +min instance +max instance$' "$OUT"
		expect_match 'metrc: \[[0-9]+\] +1 +[0-9.]+ +[0-9.]+ +[0-9.]+ +100\.0% ' "$OUT"
		expect_match 'metrc: \[[0-9]+\] +2 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+% ' "$OUT"
		expect_match 'switching steps took [0-9.]+s at most' "$OUT"
		[ "$(wc -l <"$TMP/s.csv")" = 3 ] || fail "CSV is not header + 2 rows"
		[ "$(csv_field "$TMP/s.csv" 1 1)" = instances ] || fail "CSV header"
		[ "$(csv_field "$TMP/s.csv" 2 5)" = 100.00 ] || fail "1 instance is not 100% efficient"
		# linear at 2 = twice the 1-instance total; efficiency = total / linear
		awk -F, 'NR == 2 { t1 = $2 } NR == 3 { if ($4 < 2 * t1 - 0.02 || $4 > 2 * t1 + 0.02) exit 1
			e = 100 * $2 / $4; if (e - $5 > 0.01 || $5 - e > 0.01) exit 1
			if ($3 - $2 / 2 > 0.01 || $2 / 2 - $3 > 0.01) exit 1 }' "$TMP/s.csv" ||
			fail "CSV figures inconsistent: $(cat "$TMP/s.csv")"
		rm -f "$TMP/s.csv"
	done
	no_leftovers "$TMP"
}

t_scale_steps() {
	expect_exit 0 "$SK" --pread3 1 --scale-steps 1,3 -t 0.2 --scale-csv "$TMP/s.csv" --temp-path "$TMP"
	[ "$(awk -F, 'NR > 1 { printf "%s ", $1 }' "$TMP/s.csv")" = "1 3 " ] ||
		fail "steps not 1 and 3: $(cat "$TMP/s.csv")"
	expect_match 'step 2 of 2: 3 pread3' "$OUT"
	rm -f "$TMP/s.csv"
	no_leftovers "$TMP"
}

t_scale_svg() {
	expect_exit 0 "$SK" --pread2 3 --scale -t 0.2 --scale-plot "$TMP/p.svg" --temp-path "$TMP"
	python3 - "$TMP/p.svg" <<'PY' || fail "SVG check failed"
import sys
import xml.etree.ElementTree as ET
ns = {"s": "http://www.w3.org/2000/svg"}
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
groups = {g.get("id"): g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("id")}
for sid in ("series-total", "series-linear", "series-per-instance"):
    g = groups[sid]
    pts = g.find("s:polyline", ns).get("points").split()
    assert len(pts) == 3, (sid, pts)
    assert len(g.findall("s:circle", ns)) == 3, sid
assert len(groups["series-instance-range"].findall("s:g", ns)) == 3
texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
assert "instances" in texts and "total bogo ops/s" in texts, texts
assert any(t and t.startswith("pread2") for t in texts), texts
PY
	rm -f "$TMP/p.svg"
	no_leftovers "$TMP"
}

t_warmup() {
	# 0.6 s of warmup then 0.3 s counted: the warmup runs (wall >= 0.9 s)
	# and the table's real time leaves it out, however loaded the machine
	expect_exit 0 "$SK" --pread2 2 --warmup 0.6 -t 0.3 --temp-path "$TMP"
	real=$(metrics_field pread2 6 "$OUT")
	wall=$(printf '%s\n' "$OUT" | sed -n 's/.*run completed in \([0-9.]*\)s$/\1/p')
	awk -v w="$wall" 'BEGIN { exit !(w >= 0.9) }' || fail "wall $wall: warmup not run"
	awk -v r="$real" -v w="$wall" 'BEGIN { exit !(r > 0 && r <= w - 0.58) }' ||
		fail "real time $real of a $wall s run with 0.6 s warmup"
	expect_exit 0 "$SK" --pread1 1 --scale -t 0.2 --warmup 0.2 --instance-mode thread --temp-path "$TMP"
	expect_match 'scale: pread1, thread instances, 0.2s per step after the warmup' "$OUT"
	no_leftovers "$TMP"
}

t_scale_bad_input() {
	expect_exit 1 "$SK" --pread1 1 --pread2 1 --scale --temp-path "$TMP"
	one_line "$ERR"
	expect_match 'exactly one' "$ERR"
	for steps in 2,1 0 1,,2 1, x 1,9999999; do
		expect_exit 1 "$SK" --pread2 1 --scale-steps $steps --temp-path "$TMP"
		one_line "$ERR"
		expect_match "invalid --scale-steps" "$ERR"
	done
	expect_exit 1 "$SK" --pread2 1 --scale -t 0 --temp-path "$TMP"
	one_line "$ERR"
	expect_exit 1 "$SK" --pread2 1 --scale --scale-csv "$TMP/no/such/dir.csv" --temp-path "$TMP"
	one_line "$ERR"
	expect_match "cannot write --scale-csv" "$ERR"
	for extra in "--repeat 2" "--dry-run"; do
		expect_exit 1 "$SK" --pread2 1 --scale $extra --temp-path "$TMP"
		one_line "$ERR"
		expect_match "does not combine" "$ERR"
	done
	expect_exit 1 "$SK" --pread2 1 --warmup soon --temp-path "$TMP"
	one_line "$ERR"
	no_leftovers "$TMP"
}
