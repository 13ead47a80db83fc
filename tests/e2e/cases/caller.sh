# shellcheck shell=bash
# caller and ucaller, by the rule of Oracle's DTrace on BPF: frame 1 of the
# probe's kernel and user stacks, as stack() and ustack() show them.  A
# program built with frame pointers writes where work() is, then makes
# getppid() from work() through libc's syscall(), which keeps no frame:
# its user frame 1 (where syscall() returns to) is in work, which
# ustack() finds (the kernel's frame-pointer walk goes on to main).  At
# syscall::getppid:entry caller is a kernel address; BEGIN has no kernel
# stack of its own: caller is 0.
cd "$E2E_TMP" || exit 1
cat >prog.c <<'C'
#include <stdio.h>
#include <unistd.h>
#include <sys/syscall.h>
__attribute__((noinline)) long work(void) { return syscall(SYS_getppid) + 1; }
int main(void)
{
	FILE *f = fopen("work.addr", "w");
	fprintf(f, "%lu\n", (unsigned long)(void *)work);
	fclose(f);
	work();
	pause();
	return 0;
}
C
cc -O0 -fno-omit-frame-pointer -o prog prog.c || exit 1
"$DTRACE" -q -c ./prog -o out -n '
BEGIN
{
	printf("BEGIN caller %x\n", caller);
}

syscall::getppid:entry
/pid == $target/
{
	printf("kernel caller: %d\n", caller >= 0xffff800000000000);
	printf("ucaller %u\n", ucaller);
	exit(0);
}'
grep -v '^ucaller' out
u=$(awk '/^ucaller/ { print $2 }' out)
m=$(cat work.addr)
size=$((16#$(nm -S prog | awk '$4 == "work" { print $2 }')))
d=$((u - m))
if ((d > 0 && d < size)); then echo "ucaller is in work"; else echo "ucaller is work+$d"; fi
