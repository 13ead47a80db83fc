# shellcheck shell=bash
# rawtp without BPF cookies (raw tracepoints before 6.10):
# DTRACE_KERNEL_LACKS=cookie makes dtrace load one instance of the rawtp
# program per probe, its probe id a constant, on this kernel too.  Each
# probe must still be told apart (probename), and a string subroutine
# in the same clause works without the kfuncs as well.
DTRACE_KERNEL_LACKS=all "$DTRACE" -qn '
rawtp:sched::sched_switch, rawtp:sched::sched_wakeup { @[probename, strchr(probename, 95)] = count(); }
tick-200ms { exit(0); }
END { printa("%s %s %@d\n", @); }' >"$E2E_TMP/out"
echo "dtrace exit status $?"
awk 'NF == 3 && $3 > 0 { print $1, $2, "counted" }' "$E2E_TMP/out" | sort
