# shellcheck shell=bash
# Every loss is reported: a principal buffer too small for what the probes
# record drops records, and dtrace says how many, "dtrace: N drops on CPU
# C", so that the records printed plus the drops reported are the events,
# exactly: 100,000 getppid() calls each record a line.  The workload runs
# on CPU 0 (taskset), so C is 0; with an 8 KB buffer and a workload that
# calls without pause, some records are dropped (how many depends on how
# fast dtrace reads: only the sum is checked).
cat >"$E2E_TMP/calls.c" <<'C'
#include <stdlib.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	for (int i = atoi(argv[1]); i > 0; i--)
		getppid();
	return 0;
}
C
cc -O2 -o "$E2E_TMP/calls" "$E2E_TMP/calls.c" || exit 1
"$DTRACE" -q -b 8k -n 'syscall::getppid:entry /pid == $target/ { printf("x\n"); }' \
	-c "taskset -c 0 $E2E_TMP/calls 100000" >"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "dtrace exit status $?"
printed=$(grep -cx x "$E2E_TMP/out")
dropped=$(sed -n 's/^dtrace: \([0-9][0-9]*\) drops\{0,1\} on CPU 0$/\1/p' "$E2E_TMP/err" | awk '{ s += $1 } END { print s + 0 }')
echo "records printed + drops reported = $((printed + dropped))"
(( printed > 0 && dropped > 0 )) && echo "some records printed, some dropped"
grep -v '^dtrace: [0-9][0-9]* drops\{0,1\} on CPU 0$' "$E2E_TMP/err" >&2
exit 0
