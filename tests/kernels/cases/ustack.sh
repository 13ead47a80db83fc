# ustack() at pid entry probes of dtrace itself (-O2, no frame pointers):
# the function, then its caller, on every kernel (the kernel's own walk
# misses the caller there: before 6.11 always, after it for functions that
# do not begin with push %rbp, as dtrace_close); printed as records while
# the process lives and as aggregation keys at END after it has exited.
$DTRACE -qn 'pid$target:a.out:dtrace_open:entry, pid$target:a.out:dtrace_close:entry {
	printf("%s", probefunc); ustack(2); @[ustack(2)] = count(); }' -c "$DTRACE -V" -o ./out > /dev/null
echo "status $?"
sed -E 's/\+0x[0-9a-f]+$/+0x?/' ./out
