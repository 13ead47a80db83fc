# shellcheck shell=bash
# No limit on clauses per probe kind: a generated script of 1,000 clauses
# on two system call probes (clause i on getpid when i % 3 == 0, else on
# getppid; clause masks of 16 words) compiles, loads and runs each clause
# for its own probe only: clause i adds i to @[probefunc], and a program
# making getppid() three times and getpid() once gets the sums of exactly
# those clauses (getppid 3 * 332667, getpid 166833).
cd "$E2E_TMP" || exit 1
cat >prog.c <<'C'
#include <unistd.h>
#include <sys/syscall.h>
int main(void)
{
	for (int i = 0; i < 3; i++)
		syscall(SYS_getppid);
	syscall(SYS_getpid);
	return 0;
}
C
cc -o prog prog.c || exit 1
for ((i = 0; i < 1000; i++)); do
	if ((i % 3 == 0)); then f=getpid; else f=getppid; fi
	printf 'syscall::%s:entry /pid == $target/ { @[probefunc] = sum(%d); }\n' "$f" "$i"
done >many.d
"$DTRACE" -q -c ./prog -s many.d
echo "exit status $?"
