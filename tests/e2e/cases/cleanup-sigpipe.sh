# shellcheck shell=bash
# dtrace ... | head -1: the reader goes away.  As DTrace, dtrace does not
# catch SIGPIPE, so its next write ends it (the shell's status 141); when
# SIGPIPE was ignored by whoever started it, the write fails instead and
# dtrace stops with "failed to write to <stdout>" and status 1.  Either way
# nothing of it is left in the kernel.
. ../lib/leftover.sh
recorded PIPE "$DTRACE" -q -n 'profile-997 { printf("line %d\n", cpu); }' 2>"$E2E_TMP/PIPE.err" |
	head -1 | sed 's/[0-9][0-9]*/N/'
echo "PIPE: dtrace exit status ${PIPESTATUS[0]}"
cat "$E2E_TMP/PIPE.err"
leftover PIPE

(trap '' PIPE; recorded EPIPE "$DTRACE" -q -n 'profile-997 { printf("line %d\n", cpu); }') \
	2>"$E2E_TMP/EPIPE.err" | head -1 | sed 's/[0-9][0-9]*/N/'
echo "EPIPE: dtrace exit status ${PIPESTATUS[0]}"
cat "$E2E_TMP/EPIPE.err"
leftover EPIPE
