# shellcheck shell=bash
# -F (flowindent): the heading is CPU and FUNCTION; an entry probe shows
# "-> func" and indents what follows by two, a return probe "<- func" one
# level out ("=>"/"<=" for system calls), any other probe "| func:name";
# the lines are shown even under -q (with no newline after each: quiet).  pid probes in a program whose outer()
# calls inner(), which makes getppid(); the same through -x flowindent and
# #pragma D option flowindent.  The CPU column becomes "C".
cd "$E2E_TMP" || exit 1
cat >prog.c <<'C'
#include <unistd.h>
#include <sys/syscall.h>
__attribute__((noinline)) long inner(void) { return syscall(SYS_getppid); }
__attribute__((noinline)) long outer(void) { return inner() + 1; }
int main(void) { return outer() < 0; }
C
cc -O0 -o prog prog.c || exit 1
cat >flow.d <<'D'
BEGIN
{
}

pid$target:a.out:outer:entry,
pid$target:a.out:inner:entry,
pid$target:a.out:outer:return,
pid$target:a.out:inner:return,
syscall::getppid:entry,
syscall::getppid:return
/pid == $target/
{
}

pid$target:a.out:inner:entry
{
	trace("again");
}
D
strip_cpu() { sed -E "s/^ *[0-9]+ /  C /; s/ +[0-9]+  (<-|->) /  C  \1 /g"; }
"$DTRACE" -F -s flow.d -c ./prog -o out 2>/dev/null
echo "dtrace exit status $?"
strip_cpu <out
"$DTRACE" -q -x flowindent -n 'pid$target:a.out:outer:entry, pid$target:a.out:outer:return { trace(probefunc); }' \
    -c ./prog -o out2
rc=$?
strip_cpu <out2
echo
echo "dtrace exit status $rc"

{ echo '#pragma D option flowindent'; echo 'syscall::getppid:entry, syscall::getppid:return /pid == $target/ {}'; } >pragma.d
"$DTRACE" -s pragma.d -c ./prog -o out3 2>/dev/null
echo "dtrace exit status $?"
strip_cpu <out3
