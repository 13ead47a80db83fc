# shellcheck shell=bash
# toolkit syscount.d: a program making exactly 5 getppid calls and 3
# getpid calls (syscall(2): no caching) shows those counts by process.
cat >"$E2E_TMP/p.c" <<'C'
#include <sys/syscall.h>
#include <unistd.h>
int main(void) { for (int i = 0; i < 5; i++) syscall(SYS_getppid); for (int i = 0; i < 3; i++) syscall(SYS_getpid); return 0; }
C
cc -o "$E2E_TMP/sysprog" "$E2E_TMP/p.c" || exit 1
"$DTRACE" -c "$E2E_TMP/sysprog" -s ../../../share/toolkit/syscount.d | grep -E '^(PROCESS|sysprog +getp)'
