# shellcheck shell=bash
# errno and the return value (arg0, arg1, args[0]) at syscall return: opening
# a file that does not exist fails with ENOENT (2) and returns -1... as the
# raw system call, -ENOENT.
LC_ALL=C "$DTRACE" -q -n '
syscall::openat:entry /pid == $target/ { self->path = copyinstr(arg1); }
syscall::openat:return /pid == $target && self->path == "/nonexistent/dtrace-e2e"/ {
	printf("errno %d arg0 %d arg1 %d args[0] %d\n", errno, arg0, arg1, args[0]);
}
syscall::openat:return /pid == $target && self->path == "/dev/null"/ {
	printf("success errno %d\n", errno);
}' -c "cat /dev/null /nonexistent/dtrace-e2e" >"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "dtrace exit status $?"
cat "$E2E_TMP/out"
