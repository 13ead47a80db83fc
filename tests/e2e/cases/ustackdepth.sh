# shellcheck shell=bash
# ustackdepth is the number of frames of the user stack: a program built
# with frame pointers calls getppid() once from main() directly and once
# two calls deeper; the second's depth is the first's plus 2.  stackdepth
# (the kernel stack) is the same at both.  Then ustackdepth counts the
# frames ustack() shows, and ucaller is the second of them: at a system
# call made through libc's syscall(), a function that keeps no frame,
# ustack() finds its caller (the word at %rsp), which the kernel's
# frame-pointer walk misses.
cd "$E2E_TMP" || exit 1
cat >prog.c <<'C'
#include <unistd.h>
#include <sys/syscall.h>
__attribute__((noinline)) long c3(void) { return syscall(SYS_getppid); }
__attribute__((noinline)) long c2(void) { return c3() + 1; }
int main(void) { return syscall(SYS_getppid) < 0 || c2() < 0; }
C
cc -O0 -fno-omit-frame-pointer -o prog prog.c || exit 1
"$DTRACE" -q -c ./prog -o out -n '
syscall::getppid:entry /pid == $target/ { printf("%d %d\n", ustackdepth, stackdepth); }'
echo "dtrace exit status $?"
{ read -r u1 k1; read -r u2 k2; } <out
echo "shallow frames > 0: $((u1 > 0))"
echo "deeper by: $((u2 - u1))"
echo "same kernel depth: $((k1 == k2 && k1 > 0))"
"$DTRACE" -q -c ./prog -o out2 -n '
syscall::getppid:entry /pid == $target/
{
	printf("depth %d\n", ustackdepth);
	ustack();
	printf("ucaller %A\n", ucaller);
}'
echo "dtrace exit status $?"
awk '
$1 == "depth" { depth = $2; n = 0; second = ""; next }
$1 == "ucaller" {
	print "ustackdepth is the frames ustack() shows: " (depth == n ? "yes" : "no (" depth " vs " n ")")
	print "ucaller is its second frame: " ($2 == second ? "yes" : "no (" $2 " vs " second ")")
	next
}
NF { if (++n == 2) second = $1 }' out2
