# pid provider: entry and return of main, and a libc function, in dtrace
# itself (the guest's only dynamically linked program; busybox is stripped).
$DTRACE -qn 'pid$target::main:entry { printf("main entry\n"); }
	pid$target::main:return { printf("main return %d\n", arg1); }
	pid$target:libc.so.6:getenv:entry { @g = count(); }
	END { printa("getenv %@d\n", @g); }' -c "$DTRACE -V" -o ./out > /dev/null
grep . ./out | sed 's/^getenv [1-9][0-9]*$/getenv counted/'
