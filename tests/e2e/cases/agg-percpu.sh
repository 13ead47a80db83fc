# shellcheck shell=bash
# -xaggpercpu: each aggregation's value, then each CPU's own value on a
# line "[CPU n]" (dt_print_aggs), for every possible CPU; the CPUs' values
# add up to the total.  Which CPU ran BEGIN varies, so the check is on the
# lines' shape and sums, not on where the counts are.
possible=$(awk -F, '{n=0; for (i = 1; i <= NF; i++) { split($i, r, "-"); n += (r[2] == "" ? 1 : r[2] - r[1] + 1) } print n}' /sys/devices/system/cpu/possible)
"$DTRACE" -q -xaggpercpu -n 'BEGIN { @c["x"] = count(); @c["x"] = count(); @s = sum(7); exit(0); }' >"$E2E_TMP/out"
echo "exit $?"
awk -v possible="$possible" '
/^  x / { key = "x"; total[key] = $2; next }
/^ +[0-9]+$/ && !/CPU/ { key = "s"; total[key] = $1; next }
/\[CPU [0-9]+\]/ { lines[key]++; sum[key] += $3; next }
END {
	for (k in total)
		printf("%s: total %d, CPU lines: %s, their sum %d\n", k, total[k],
		       lines[k] == possible ? "one per possible CPU" : lines[k] + 0 " (not " possible ")", sum[k])
}' "$E2E_TMP/out" | sort
