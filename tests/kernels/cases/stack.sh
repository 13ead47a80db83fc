# stack() and ustack() in a syscall probe, and tick.
$DTRACE -qn 'syscall::openat:entry /execname == "cat"/ { @k[stack()] = count(); @u[ustack()] = count(); }
	END { printa(@k); printa(@u); }' -c 'cat /proc/version' -o /tmp/case/out > /dev/null
echo "status $?"
[ $(grep -c . /tmp/case/out) -ge 2 ] && echo "ok: stacks printed"
$DTRACE -qn 'tick-100ms { n++; } tick-100ms /n == 3/ { printf("ticks %d\n", n); exit(0); }'
