# copyin and copyinstr of the path cat opens, stringof, and a self-> variable.
$DTRACE -qn 'syscall::openat:entry /execname == "cat"/ { self->p = arg1; }
	syscall::openat:return /self->p/ { printf("%s %d\n", copyinstr(self->p), ((char *)copyin(self->p, 6))[1]); self->p = 0; }' \
	-c 'cat /proc/version' -o /tmp/case/out > /dev/null
grep '^/proc/version' /tmp/case/out
