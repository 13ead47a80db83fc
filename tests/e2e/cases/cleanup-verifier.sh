# shellcheck shell=bash
# The kernel's verifier refuses a program: dtrace names the clause (its
# line and probe description) and the verifier's reason, points to -v for
# the whole log, exits 1, and leaves nothing behind.  With -v the log
# follows, each line prefixed "BPF: " as DTrace prints it.  The refusal is
# real: the clause at line 3 has 9,000 conditional expressions in a row,
# more branches pending at once than the verifier will explore (8,192).
. ../lib/leftover.sh
d=$E2E_TMP/branches.d
{
	echo 'syscall::getpid:entry { n++; }'
	echo
	echo 'syscall::getppid:entry {'
	for i in $(seq 9000); do echo "	x = arg0 == $i ? 1 : 2;"; done
	echo '}'
} >"$d"
recorded REJECT "$DTRACE" -q -s "$d"
echo "dtrace exit status $?"
leftover REJECT
"$DTRACE" -v -q -s "$d" 2>"$E2E_TMP/v.err" >/dev/null
echo "with -v: exit status $?"
head -1 "$E2E_TMP/v.err" | grep -q 'rejected by the verifier in the clause at line 3' && echo "with -v: the same error"
grep -x 'BPF: The sequence of 8193 jumps is too complex.' "$E2E_TMP/v.err"
grep -c '^BPF: [0-9]*: (' "$E2E_TMP/v.err" | awk '{ print ($1 > 100 ? "with -v: the instructions verified" : "with -v: no instructions") }'
