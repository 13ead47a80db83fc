# shellcheck shell=bash
# fds[fd] (fileinfo_t from the descriptor's struct file, lib/dtrace/io.d)
# at the writes of a -c shell: a file in a directory under /tmp (written
# twice, then appended to), a file in /dev/shm (tmpfs mounted on /dev,
# itself a mount: two mount crossings), /dev/null, and a file removed
# while open (" (deleted)", as the kernel's d_path() says).  A descriptor
# that is not open, or out of range, is "<none>".
cat >"$E2E_TMP/w.sh" <<'SH'
f=$1/file.txt
{ echo one; echo two; } > "$f"
echo three >> "$f"
echo shm > /dev/shm/dtrace-e2e-fds.$$
rm -f /dev/shm/dtrace-e2e-fds.$$
echo null > /dev/null
exec 5> "$1/gone.txt"; rm "$1/gone.txt"; echo gone >&5
SH
mkdir "$E2E_TMP/d"
fs=$(findmnt -n -o FSTYPE --target "$E2E_TMP")
"$DTRACE" -qn '
BEGIN {
	printf("bad: %s %s %s %s %d %d\n", fds[-1].fi_pathname, fds[200].fi_name, fds[1 << 30].fi_dirname,
	    fds[-1].fi_fs, fds[-1].fi_offset, fds[200].fi_oflags);
}
syscall::write:entry /pid == $target/ {
	printf("fd %d: %s | %s | %s | %s | %d | %s | %s%s\n", arg0, fds[arg0].fi_pathname,
	    fds[arg0].fi_name, fds[arg0].fi_dirname,
	    fds[arg0].fi_fs == "'"$fs"'" ? "(the fs of /tmp)" : fds[arg0].fi_fs,
	    fds[arg0].fi_offset, fds[arg0].fi_mount,
	    (fds[arg0].fi_oflags & O_ACCMODE) == O_WRONLY ? "O_WRONLY" : "?",
	    fds[arg0].fi_oflags & O_APPEND ? "|O_APPEND" : "");
}' -c "sh $E2E_TMP/w.sh $E2E_TMP/d" | sed -E "s|$E2E_TMP|TMP|g; s/dtrace-e2e-fds\.[0-9]+/dtrace-e2e-fds.PID/g"
echo "dtrace exit status ${PIPESTATUS[0]}"
