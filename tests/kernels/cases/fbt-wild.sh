# fbt: wildcards over the core kernel and a module attach, fire and detach;
# timed (attach + detach = a run with a 1 s tick - 1 s - a run that exits
# in BEGIN, before attaching).
now() { read up rest < /proc/uptime; echo $((${up%.*} * 1000 + 1${up#*.}0 - 1000)); }
P='fbt::vfs_*:entry, fbt::ext4_*:entry'
n=$($DTRACE -l -n 'fbt::vfs_*:entry' -n 'fbt::ext4_*:entry' | awk 'NR > 1' | wc -l)
# (where ext4 is built in, -l says the description matched nothing)
next=$($DTRACE -l -n 'fbt:ext4::entry' 2>/dev/null | awk 'NR > 1 && $3 != "ext4"' | wc -l)
t0=$(now)
$DTRACE -qn "$P { @ = count(); } BEGIN { exit(0); }" > /dev/null
t1=$(now)
$DTRACE -qn "$P { @n[probemod] = count(); } tick-1s { exit(0); }
	END { printa(\"%s %@d\n\", @n); }" -c 'dd if=/proc/version of=/dev/null bs=64 count=1' > out 2>&1
t2=$(now)
[ "$n" -gt 300 ] && echo "ok: over 300 probes" || echo "only $n probes"
[ "$next" -eq 0 ] && echo "ok: fbt:ext4:: all in ext4" || echo "$next probes outside ext4"
grep -q '^vmlinux [1-9]' out && echo "ok: vmlinux fired" || { echo "vmlinux not fired:"; cat out; }
echo "fbt::vfs_*:entry, fbt::ext4_*:entry ($n probes): attach+detach $((t2 - t1 - 1000 - (t1 - t0))) ms, compile+load $((t1 - t0)) ms" >> $TIMINGS
