# shellcheck shell=bash
# aggpercpu set by a #pragma holds for the run (DTrace's dt_opt_agg, not a
# compile flag of the unit): each CPU's value follows the total.  A CPU
# that never updated a min() or max() shows its starting value, INT64_MAX
# or INT64_MIN (dt_aggregate_clear_one_percpu); of a sum(), 0.  BEGIN runs
# on CPU 0 (taskset), so every other CPU line is such a line.
cat >"$E2E_TMP/p.d" <<'D'
#pragma D option quiet
#pragma D option aggpercpu
BEGIN { @mn = min(-4); @mx = max(-4); @s = sum(3); exit(0); }
D
taskset -c 0 "$DTRACE" -s "$E2E_TMP/p.d" >"$E2E_TMP/out"
echo "exit $?"
awk '
/\[CPU 0\]/ { print "CPU 0:", $3; next }
/\[CPU [0-9]+\]/ { other[$3] = 1; next }
NF == 1 { for (v in other) print "other CPUs:", v; delete other; print "total:", $1 }
END { for (v in other) print "other CPUs:", v }
' "$E2E_TMP/out"
