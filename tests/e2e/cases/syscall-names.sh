# shellcheck shell=bash
# syscall probes are named as DTrace names them, by their trace events in
# tracefs (events/syscalls/sys_enter_NAME): system call 5 (fstat) is
# newfstat, 63 (uname) newuname, and their args[] are typed from the
# event's format; calls without an event (afs_syscall, tuxcall, _sysctl)
# are not probes.  Return probes have one typed argument, args[0] (long),
# as in DTrace.
"$DTRACE" -ln syscall::newfstat:entry -n syscall::newuname:entry -n syscall::sendfile64:entry -n syscall::umount:entry |
	sed -E 's/^ *[0-9]+ /  ID /'
for f in fstat uname afs_syscall tuxcall _sysctl; do
	"$DTRACE" -ln "syscall::$f:" 2>&1
done
echo "syscall::: lists as many calls as tracefs has events: $(
	[[ $("$DTRACE" -ln syscall:::entry | tail -n +2 | wc -l) == $(ls /sys/kernel/tracing/events/syscalls | grep -c '^sys_enter_') ]] &&
	echo yes || echo no)"
cat >"$E2E_TMP/calls.py" <<'PY'
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
buf = ctypes.create_string_buffer(512)
fd = os.open("/dev/null", os.O_RDONLY)
libc.syscall(5, fd, buf)      # fstat
libc.syscall(63, buf)         # uname
PY
"$DTRACE" -qn '
syscall::newfstat:entry /pid == $target/ { printf("%s fd %s\n", probefunc, args[0] > 2 ? "ok" : "wrong"); }
syscall::newuname:entry /pid == $target/ { printf("%s %s\n", probefunc, args[0] != NULL ? "buffer" : "NULL"); }
syscall::newuname:return /pid == $target/ { printf("%s returns %d\n", probefunc, args[0]); }' -c "/usr/bin/python3 $E2E_TMP/calls.py"
"$DTRACE" -lv -n syscall::openat:return | sed -n '/Argument Types/,$p'
"$DTRACE" -n 'syscall::read:return { trace(args[1]); }'
echo "exit status $?"
