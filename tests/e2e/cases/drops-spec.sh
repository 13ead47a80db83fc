# shellcheck shell=bash
# Speculation drops are reported, and add up: with one speculative buffer
# (nspec's default) never committed or discarded, the first of 10,000
# speculation() calls gets it and every other one fails; the speculations
# had plus the "N failed speculations (no speculative buffer available)"
# reported are the calls, exactly.
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
"$DTRACE" -q -n 'int got;
	syscall::getppid:entry /pid == $target/ { s = speculation(); got += s != 0; n++; }
	END { printf("%d %d\n", got, n); }' -c "$E2E_TMP/calls 10000" >"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "dtrace exit status $?"
read -r got calls <"$E2E_TMP/out"
failed=$(sed -n 's/^dtrace: \([0-9][0-9]*\) failed speculations\{0,1\} (no speculative buffer available)$/\1/p' "$E2E_TMP/err" |
	awk '{ s += $1 } END { print s + 0 }')
echo "calls: $calls; speculations had: $got; had + failures reported = $((got + failed))"
grep -v '^dtrace: [0-9][0-9]* failed speculations\{0,1\} (no speculative buffer available)$' "$E2E_TMP/err" >&2
exit 0
