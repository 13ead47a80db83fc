# shellcheck shell=bash
# syscall::openat:entry with copyinstr(arg1): a child started by -c opens a
# known path, and dtrace sees the path (the child runs only once the probe is
# attached, so nothing is missed).  LC_ALL=C: no locale files, whose names
# in libc pages not yet faulted in would make copyinstr fault.
f=$E2E_TMP/known-file
echo hello >"$f"
LC_ALL=C "$DTRACE" -q -n 'syscall::openat:entry /pid == $target && copyinstr(arg1) == "'"$f"'"/ {
	printf("openat %s\n", copyinstr(arg1) == "'"$f"'" ? "known-file" : "?");
	printf("args[1] typed: %s\n", copyinstr((uintptr_t)args[1]) == "'"$f"'" ? "yes" : "no");
}' -c "cat $f" >"$E2E_TMP/out"
echo "dtrace exit status $?"
# the child writes to the same file: its line and dtrace's may come in either order
sort "$E2E_TMP/out"
