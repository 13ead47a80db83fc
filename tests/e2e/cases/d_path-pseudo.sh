# shellcheck shell=bash
# d_path() of the files of pseudo filesystems, whose names the kernel
# makes up: a pipe, a socket and an eventfd, written to by a -c process
# that also reads where /proc/self/fd/N links to (the kernel's d_path()):
# dtrace's fds[fd].fi_pathname at each write must be that link.  Then a
# file of a regular filesystem; shown without the descriptors' numbers and
# with the inode numbers as INO.
cat >"$E2E_TMP/w.py" <<'PY'
import os, socket, sys
r, w = os.pipe()
a, b = socket.socketpair()
e = os.eventfd(0)
f = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT, 0o644)
with open(sys.argv[2], "w") as out:
    for fd in (w, a.fileno(), e, f):
        out.write("fd %d: %s\n" % (fd, os.readlink("/proc/self/fd/%d" % fd)))
for fd in (w, a.fileno(), e, f):
    os.write(fd, (1).to_bytes(8, "little"))
PY
"$DTRACE" -qn 'syscall::write:entry /pid == $target/ { printf("fd %d: %s\n", arg0, fds[arg0].fi_pathname); }' \
	-c "python3 $E2E_TMP/w.py $E2E_TMP/file $E2E_TMP/links" -o "$E2E_TMP/dtrace" >/dev/null
echo "dtrace exit status $?"
# (python's own writes at its start, to other descriptors, left out)
grep -Fx -f "$E2E_TMP/links" "$E2E_TMP/dtrace" >"$E2E_TMP/matched"
if diff "$E2E_TMP/links" "$E2E_TMP/matched"; then
	echo "fds[fd].fi_pathname is where /proc/self/fd/fd links to:"
fi
sed -E "s/^fd [0-9]+: //; s/\[[0-9]+\]/[INO]/; s|$E2E_TMP|TMP|" "$E2E_TMP/matched"
