# fbt: every kernel function's entry at once; timed as fbt-wild is.  Not on
# 6.1: without kprobe_multi (no CONFIG_FPROBE) each function is a perf
# kprobe of its own, about 80 ms each to attach and detach under this
# emulation (fbt-wild times 650 of them): forty thousand would take an hour.
case $KREL in 6.1.*) echo "skip: per-function kprobes on 6.1"; exit 0 ;; esac
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
