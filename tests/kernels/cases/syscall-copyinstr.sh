# syscall entry with copyinstr: the path cat opens.
$DTRACE -qn 'syscall::openat:entry /execname == "cat"/ { printf("%s\n", copyinstr(arg1)); }' \
	-c 'cat /proc/version' -o /tmp/case/out > /dev/null
grep -x /proc/version /tmp/case/out
