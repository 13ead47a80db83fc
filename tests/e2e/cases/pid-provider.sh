# shellcheck shell=bash
# The pid provider: entry and return probes on a function of the -c child
# (a.out) and on a function of a library it loads later (libc's malloc).
# The child is stopped right after its exec while the probes attach, so the
# very first call is seen.
cat >"$E2E_TMP/t.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
int add(int a, int b) { return a + b; }
int main(void)
{
	int s = 0;
	for (int i = 0; i < 3; i++)
		s = add(s, i);
	free(malloc(100));
	return s == 3 ? 0 : 1;
}
C
cc -O0 -o "$E2E_TMP/t" "$E2E_TMP/t.c" || exit 1
"$DTRACE" -q -n '
pid$target::add:entry { printf("add(%d, %d)\n", arg0, arg1); }
pid$target:a.out:add:return { printf("=> %d\n", arg1); }
pid$target:libc.so.6:malloc:entry /arg0 == 100/ { printf("malloc(%d)\n", arg0); }' \
	-c "$E2E_TMP/t"
echo "dtrace exit status $?"
