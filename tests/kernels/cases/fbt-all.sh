# fbt: every kernel function's entry at once; timed as fbt-wild is.  Only
# where kprobe_multi links exist (CONFIG_FPROBE: register_fprobe_ips in
# kallsyms): without them each function is a perf kprobe of its own, about
# 80-100 ms each to attach and detach under this emulation (fbt-wild times
# 650 of them on 6.1), and forty thousand would take an hour.
grep -q ' register_fprobe_ips$' /proc/kallsyms ||
	{ echo "skip: no kprobe_multi here, a kprobe per function"; exit 0; }
now() { read up rest < /proc/uptime; echo $((${up%.*} * 1000 + 1${up#*.}0 - 1000)); }
n=$($DTRACE -l -n 'fbt:::entry' | awk 'NR > 1' | wc -l)
t0=$(now)
$DTRACE -qn 'fbt:::entry { @ = count(); } BEGIN { exit(0); }' > /dev/null
t1=$(now)
$DTRACE -qn 'fbt:::entry { @n = count(); } tick-1s { exit(0); } END { printa("%@d\n", @n); }' > out 2>&1
t2=$(now)
[ "$n" -gt 20000 ] && echo "ok: over 20000 probes" || echo "only $n probes"
awk 'NF { print ($1 > 0) ? "ok: fired" : "not fired: " $0 }' out
echo "fbt:::entry ($n probes): attach+detach $((t2 - t1 - 1000 - (t1 - t0))) ms, compile+load $((t1 - t0)) ms" >> $TIMINGS
