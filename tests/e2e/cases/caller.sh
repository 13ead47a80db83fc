# shellcheck shell=bash
# caller and ucaller, by the rule of Oracle's DTrace on BPF: frame 1 of the
# probe's kernel and user stacks.  A program built with frame pointers
# writes where main() is, then makes getppid() from work(), called from
# main(): its user frame 1 (where work() returns to) is in main.  At
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
	FILE *f = fopen("main.addr", "w");
	fprintf(f, "%lu\n", (unsigned long)(void *)main);
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
m=$(cat main.addr)
size=$((16#$(nm -S prog | awk '$4 == "main" { print $2 }')))
d=$((u - m))
if ((d > 0 && d < size)); then echo "ucaller is in main"; else echo "ucaller is main+$d"; fi
