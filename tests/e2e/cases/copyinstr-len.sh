# shellcheck shell=bash
# copyinstr()'s length, by DTrace's dt_cg_subr_copyinstr: len bytes are
# read, the NUL among them, at most strsize (a negative len is strsize),
# and strsize without len; copyinstr(a, 0) reads nothing and faults with
# the address.  The sizes are evaluated before the address: copyin()'s
# bad size faults without evaluating it.  A child started by -c opens a
# known relative path, abcdefghij (LC_ALL=C: see syscall-openat-path.sh),
# which strsize 8 cuts.
cd "$E2E_TMP" || exit 1
echo hello >abcdefghij
LC_ALL=C "$DTRACE" -x strsize=8 -q -n '
syscall::openat:entry /pid == $target && strstr(copyinstr(arg1), "abcd") != NULL/ {
	printf("[%s][%s][%s][%s]\n", copyinstr(arg1), copyinstr(arg1, 8), copyinstr(arg1, 9),
	    copyinstr(arg1, -1));
	printf("[%s][%s][%d]\n", copyinstr(arg1, 2), copyinstr(arg1, 1), strlen(copyinstr(arg1)));
}
syscall::openat:entry /pid == $target && strstr(copyinstr(arg1), "abcd") != NULL/ {
	printf("%s\n", copyinstr(arg1, 0));
}
syscall::openat:entry /pid == $target && strstr(copyinstr(arg1), "abcd") != NULL/ {
	copyin(n++, -1);
}
syscall::openat:entry /pid == $target && strstr(copyinstr(arg1), "abcd") != NULL/ {
	printf("%d\n", n);
}' -c "cat abcdefghij" -o "$E2E_TMP/out" >"$E2E_TMP/child" 2>"$E2E_TMP/err"
echo "dtrace exit status $?"
cat "$E2E_TMP/child" "$E2E_TMP/out"
sed -E 's/\(0x7f[0-9a-f]+\)/(ADDR)/; s/probe ID [0-9]+/probe ID N/' "$E2E_TMP/err" >&2
