# shellcheck shell=bash
# sched:::on-cpu stacks of a command: a shell that waits for three `sleep`s
# it runs.  Each stack is the kernel path of the thread coming back on CPU,
# starting at the probe site (__schedule, where the thread resumes), with no
# frame of the BPF program or the tracepoint glue that ran it; one of them
# is the shell's wait4() for its child (do_wait).  The counts vary, the
# frames asserted on do not.
w=$E2E_TMP/work.sh
printf '#!/bin/sh\nfor i in 1 2 3; do sleep 0.05; done\n' >"$w"
chmod +x "$w"
"$DTRACE" -q -n 'sched:::on-cpu /pid == $target/ { @[stack()] = count(); }' -c "$w" >"$E2E_TMP/out"
echo "dtrace exit status $?"
# the first frame of each stack: the line after a blank line
awk 'prev == "" && NF { print $1 } { prev = $0 }' "$E2E_TMP/out" | sed -E 's/\+0x[0-9a-f]+$//' | sort -u
grep -q 'vmlinux`do_wait' "$E2E_TMP/out" && echo "a stack waits in do_wait"
grep -E -q 'bpf_prog_|__bpf_trace|bpf_trace_run|perf_trace' "$E2E_TMP/out" && echo "BPF frames shown"
true
