# shellcheck shell=bash
# A probe the kernel refuses after others were attached: dtrace says which
# probe and why, detaches the others, exits 1 and leaves nothing behind.
# The refusal is real: each tick probe is a perf event with a BPF link (a
# file descriptor each), and dtrace runs with at most 60 open files, so
# some tens of the 150 tick probes attach and the next one cannot (which
# one depends on how many files dtrace has open by then: the sed makes it
# tick-Ns).
. ../lib/leftover.sh
ticks=
for i in $(seq 150); do ticks+="tick-${i}s,"; done
(
	ulimit -n 60
	recorded FAIL "$DTRACE" -q -n "BEGIN { printf(\"BEGIN\n\"); } ${ticks%,} { n++; }
		END { printf(\"END ran\n\"); }"
)
echo "dtrace exit status $?"
links=$(sed -n 's/.* \([0-9][0-9]*\) links.*/\1/p' "$E2E_TMP/FAIL.rep")
if (( links > 10 )); then echo "some probes were attached before the failure"; fi
leftover FAIL
