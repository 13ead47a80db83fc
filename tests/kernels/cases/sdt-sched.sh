# sdt: kernel tracepoints, counted.
$DTRACE -qn 'sdt:sched::sched_switch { @n = count(); } tick-1s { exit(0); }
	END { printa("%@d\n", @n); }' | awk 'NF { print ($1 > 0) ? "ok: sched_switch counted" : "no sched_switch: " $0 }'
