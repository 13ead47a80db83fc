# shellcheck shell=bash
# Dynamic variable drops are reported, and add up: with a 4 KB dynamic
# variable space, each of 10,000 getppid() calls stores a new element of
# an associative array and counts it if it is there when read back.  The
# elements stored plus the "N dynamic variable drops" reported are the
# calls, exactly.
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
"$DTRACE" -q -x dynvarsize=4k -n 'int stored;
	syscall::getppid:entry /pid == $target/ { a[i] = 1; stored += a[i]; i++; }
	END { printf("%d %d\n", stored, i); }' -c "$E2E_TMP/calls 10000" >"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "dtrace exit status $?"
read -r stored calls <"$E2E_TMP/out"
dropped=$(sed -n 's/^dtrace: \([0-9][0-9]*\) dynamic variable drops\{0,1\}$/\1/p' "$E2E_TMP/err" | awk '{ s += $1 } END { print s + 0 }')
echo "calls: $calls; stored + drops reported = $((stored + dropped))"
(( stored > 0 && dropped > 0 )) && echo "some stored, some dropped"
grep -v '^dtrace: [0-9][0-9]* dynamic variable drops\{0,1\}$' "$E2E_TMP/err" >&2
exit 0
