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
}' -c "cat $f" -o "$E2E_TMP/out" >"$E2E_TMP/child"
echo "dtrace exit status $?"
# the child's output apart from dtrace's: cat may copy with copy_file_range,
# which does not serialize with dtrace's writes to a shared file offset
cat "$E2E_TMP/child" "$E2E_TMP/out"
