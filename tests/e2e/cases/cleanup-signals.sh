# shellcheck shell=bash
# Whatever signal ends dtrace, nothing of it is left in the kernel: no BPF
# program, map or link, no perf event, no tracefs entry.  dtrace traces a
# system call, a profile and a tick probe, a scheduler tracepoint (as a
# trace event, sdt, and as a raw tracepoint, rawtp) and a function of a
# live process (pid provider), then gets SIGINT, SIGTERM, SIGHUP or
# SIGKILL.  As DTrace: SIGINT and SIGTERM stop tracing, END runs and the
# status is 0; SIGHUP and SIGKILL are not caught (the shell's
# status 128 + N), and the kernel detaches everything all the same, since
# every attachment is a file descriptor of the process.
. ../lib/leftover.sh
sleep 60 &
victim=$!
for sig in INT TERM HUP KILL; do
	out=$E2E_TMP/$sig.out
	recorded "$sig" "$DTRACE" -q -n '
	BEGIN { printf("ready\n"); }
	syscall::getppid:entry, profile-97, tick-1s, sdt:sched::sched_switch, rawtp:sched::sched_switch,
	pid$1:libc.so.6:nanosleep:entry, pid$1:libc.so.6:free:return { n++; }
	END { printf("END ran\n"); }' "$victim" >"$out" 2>"$E2E_TMP/$sig.err" &
	wait_for "$out" ready
	kill -"$sig" "$(pid_of "$sig")"
	wait $!
	echo "$sig: dtrace exit status $?"
	grep -x "END ran" "$out" | sed "s/^/$sig: /"
	cat "$E2E_TMP/$sig.err"
	leftover "$sig"
done
kill "$victim"
wait "$victim" 2>/dev/null || true
