# USDT (sys/sdt.h probes in $CASES/usdt-prog, built from
# tests/e2e/cases/usdt-prog.c): arguments in registers, memory, constants
# and a %rip-relative global; the guarded probe's semaphore raised by the
# kernel while it is enabled (the program reports how often it found it
# raised); -l -n with $target; and a provider glob catching a process
# started after dtrace, its file found in $PATH.  6.1 has no uprobe_multi
# links: there each site is a perf uprobe with its ref_ctr_offset.
rm -f ./out ./later
$DTRACE -q -n '
myapp$target:::step { printf("step %d %s %d %d %d\n", arg0, copyinstr(arg1), arg2, arg3, arg4); }
myapp$target:::neg { printf("neg %d %d\n", args[0], args[1]); }
myapp$target:::glob { printf("glob %d\n", arg0); }
myapp$target:::guarded { printf("guarded %d\n", arg0); }' -c "$CASES/usdt-prog 2" -o ./out
echo "dtrace exit status $?"
cat ./out
# (the ids of a process's probes follow the kernel's: their number varies)
$DTRACE -l -n 'myapp$target:::' -c "$CASES/usdt-prog" | sed -E 's/^ *[0-9]+ +myapp[0-9]+ /   ID myappPID /'
PATH=$CASES:$PATH $DTRACE -q -o ./later -n 'BEGIN { printf("ready\n"); }
	myapp*:::glob { printf("%s %s %d\n", probeprov, probemod, arg0); }
	myapp*:::glob /arg0 == 43/ { exit(0); }' &
d=$!
until grep -q ready ./later 2>/dev/null; do kill -0 $d 2>/dev/null || break; sleep 0.1; done
$CASES/usdt-prog 2
wait $d
echo "dtrace exit status $?"
cat ./later
