# shellcheck shell=bash
# stackdepth counts the frames stack() shows, and caller is the second of
# them: at a system call probe (a raw tracepoint) the kernel's stack starts
# in the BPF program and the functions that ran it, which stack() leaves
# out and stackdepth and caller do not count either.
cd "$E2E_TMP" || exit 1
cat >prog.c <<'C'
#include <unistd.h>
int main(void) { return getppid() < 0; }
C
cc -o prog prog.c || exit 1
"$DTRACE" -q -c ./prog -o out -n '
syscall::getppid:entry, syscall::getppid:return
/pid == $target/
{
	printf("depth %d\n", stackdepth);
	stack(100);
	printf("caller %a\n", caller);
}'
echo "dtrace exit status $?"
awk '
$1 == "depth" { depth = $2; n = 0; second = ""; next }
$1 == "caller" {
	if (depth == n && $2 == second && n > 1)
		ok++
	else
		print "disagree: " depth " frames, " n " shown; caller " $2 ", second frame " second
	next
}
NF { if (++n == 2) second = $1 }
END { print "agree at " ok + 0 " probes" }' out
