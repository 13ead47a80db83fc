# shellcheck shell=bash
# ufunc(), usym(), umod() and uaddr() of user addresses, symbolized in the
# process that recorded them (DTrace records its pid with the address),
# after it has exited: the aggregations print at END, when the -c child
# is gone.  A program calls work() 3 times, each making 2 getppid() system
# calls.  At pid$target::work:entry uregs[R_PC] is work's first byte; at
# syscall::getppid:entry it is in libc's getppid.  ufunc() and usym() show
# object`function, umod() the object, uaddr() object`function+0xoffset;
# as keys one function (ufunc, usym) or one object (umod) is one key, a
# uaddr() one per address.  %A of a plain address names the -c process.
cd "$E2E_TMP" || exit 1
cat >prog.c <<'C'
#include <unistd.h>
#include <sys/syscall.h>
__attribute__((noinline)) long work(void) { return syscall(SYS_getppid) + syscall(SYS_getppid); }
int main(void)
{
	long t = 0;
	for (int i = 0; i < 3; i++)
		t += work();
	return t == 42;
}
C
cc -O0 -fno-omit-frame-pointer -o prog prog.c || exit 1
"$DTRACE" -q -n '
pid$target:prog:work:entry
/n++ == 0/
{
	ufunc(uregs[R_PC]); printf("|\n");
	usym(uregs[R_PC] + 1); printf("|\n");
	umod(uregs[R_PC]); printf("|\n");
	uaddr(uregs[R_PC] + 2); printf("|\n");
	printf("%A %A\n", uregs[R_PC], uregs[R_PC] + 3);
}
pid$target:prog:work:entry
{
	@f[ufunc(uregs[R_PC])] = count();
	@f[ufunc(uregs[R_PC] + 1)] = count();
	@a[uaddr(uregs[R_PC])] = count();
	@a[uaddr(uregs[R_PC] + 1)] = count();
}
syscall::getppid:entry
/pid == $target/
{
	@l[usym(uregs[R_PC])] = count();
	@m[umod(uregs[R_PC])] = count();
	@m[umod(ucaller)] = count();
}
END
{
	printa("ufunc %A %@d\n", @f);
	printa("uaddr %A %@d\n", @a);
	printa("usym %A %@d\n", @l);
	printa("umod %A %@d\n", @m);
	printa(@f);
}' -c ./prog
echo "dtrace exit status $?"
