# shellcheck shell=bash
# An aggregation keyed by ustack() keeps every distinct stack: two call
# paths to one system call (main -> a -> f -> getpid, main -> b -> f ->
# getpid) are two entries of 5 each.  Entries were once compared on the
# stack record's first word (the pid) only, and the sorted output kept one.
cat >"$E2E_TMP/st.c" <<'C'
#include <unistd.h>
__attribute__((noinline)) void f(void) { getpid(); }
__attribute__((noinline)) void a(void) { f(); }
__attribute__((noinline)) void b(void) { f(); }
int main(void)
{
	for (int i = 0; i < 5; i++) {
		a();
		b();
	}
	return 0;
}
C
cc -O0 -fno-omit-frame-pointer -o "$E2E_TMP/st" "$E2E_TMP/st.c" || exit 1
"$DTRACE" -q -n 'syscall::getpid:entry /pid == $target/ { @[ustack(4)] = count(); }' \
	-c "$E2E_TMP/st" >"$E2E_TMP/out"
echo "dtrace exit status $?"
echo "entries of 5: $(grep -cE '^ +5$' "$E2E_TMP/out")"
echo "callers: $(grep -oE 'st`[ab]\+' "$E2E_TMP/out" | LC_ALL=C sort | paste -sd' ')"
