# shellcheck shell=bash
# A proc probe is one probe, as DTrace has it (module vmlinux, function
# ""), made of every kernel event it needs: proc:::start of the returns of
# clone, clone3, fork and vfork, proc:::exec of execve and execveat.
# Probes sharing an event (start and lwp-start: a system call's trace
# event, which takes a program once) are enabled together; each site's
# own arguments are used (execveat's path is its second argument).
"$DTRACE" -ln proc:::start | sed -E 's/^ *[0-9]+ /  ID /'
echo "proc::: lists $("$DTRACE" -ln proc::: | tail -n +2 | wc -l) probes"
"$DTRACE" -qn 'proc:::start{} proc:::lwp-start{}' -c true
echo "start and lwp-start: exit status $?"
"$DTRACE" -qn 'proc:::{}' -c true
echo "proc:::: exit status $?"
cat >"$E2E_TMP/execat.py" <<'PY'
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
argv = (ctypes.c_char_p * 2)(b"true", None)
envp = (ctypes.c_char_p * 1)(None)
pid = os.fork()
if pid == 0:
    libc.syscall(322, -100, b"/bin/true", argv, envp, 0)  # execveat(AT_FDCWD, ...)
    os._exit(1)
os.waitpid(pid, 0)
os.execv("/bin/true", ["true"])
PY
"$DTRACE" -qn '
proc:::exec /progenyof($target)/ { printf("exec %s [%s]\n", args[0], probefunc); }
proc:::start /progenyof($target)/ { printf("start [%s]\n", probefunc); }
proc:::lwp-start /progenyof($target)/ { printf("lwp-start\n"); }' -c "/usr/bin/python3 $E2E_TMP/execat.py"
