# shellcheck shell=bash
# fbt and kinst on a kernel with neither kprobes nor fentry (the
# development machines' 6.18): no fbt probe is listed (-l says the
# description matched none, as DTrace's list_stmt, and exits 0), and a script naming
# fbt or kinst is told why rather than that its description matches
# nothing.  This describes those machines' kernel; on a kernel with kprobes
# fbt has probes and this case does not apply (tests/kernels/cases/fbt-* and
# kinst-* test both providers on Debian's 6.1 and 6.12).
"$DTRACE" -l -P fbt
echo "exit status $?"
"$DTRACE" -n 'fbt::vfs_read:entry { trace(arg0); }'
echo "exit status $?"
"$DTRACE" -n 'kinst::vfs_read:0 { trace(arg0); }'
echo "exit status $?"
