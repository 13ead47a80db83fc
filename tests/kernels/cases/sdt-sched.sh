# sdt: kernel tracepoints, counted.  A first insert of the aggregation's
# key that the kernel refuses (6.1's hash map refuses a reentrant update on
# a CPU with -EBUSY) is reported as an aggregation drop, as it should be;
# what this case checks is the count, so that report is left out.
$DTRACE -qn 'sdt:sched::sched_switch { @n = count(); } tick-1s { exit(0); }
	END { printa("%@d\n", @n); }' 2> err | awk 'NF { print ($1 > 0) ? "ok: sched_switch counted" : "no sched_switch: " $0 }'
grep -v '^dtrace: [0-9]* aggregation drops* on CPU [0-9]*$' err || :
