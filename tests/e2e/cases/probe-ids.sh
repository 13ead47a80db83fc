# shellcheck shell=bash
# A probe description that is an integer is a probe id (D's grammar: DTrace's
# dt_node_pdesc_by_id), the id -l shows; -i gives one as -n does.  An id
# may not stand for a provider, module or function (-P, -m, -f), must be
# a probe's, and must fit a probe id.  The ids of BEGIN, END and ERROR are
# 1, 2 and 3.  A -l whose description is refused prints no header.
"$DTRACE" -l -i 1
"$DTRACE" -l -n 2 -i 3
id=$("$DTRACE" -l -n syscall::getppid:entry | awk 'NR == 2 { print $1 }')
"$DTRACE" -l -i "$id" | awk 'NR == 2 { print $2, $3, $4, $5 }'
cd "$E2E_TMP" || exit 1
cat >prog.c <<'C'
#include <unistd.h>
#include <sys/syscall.h>
int main(void) { return syscall(SYS_getppid) < 0; }
C
cc -o prog prog.c || exit 1
"$DTRACE" -q -c ./prog -i "$id" -n "$id /pid == \$target/ { printf(\"%s:%s:%s:%s\\n\", probeprov, probemod, probefunc, probename); }"
echo "exit $?"
"$DTRACE" -qn '1 { printf("BEGIN by id\n"); exit(0); }'
"$DTRACE" -l -P 1 2>&1
echo "exit $?"
"$DTRACE" -l -f 17 2>&1
"$DTRACE" -n 4294967295 2>&1
"$DTRACE" -n 99999999999 2>&1
"$DTRACE" -n 0 2>&1
echo "exit $?"
