# shellcheck shell=bash
# USDT arguments decoded from each sys/sdt.h note's spec, in a -c child
# built twice: at -O2 gcc puts them in registers of every width (-4@%edi,
# -2@%si, 1@%dl, 8@%rax) and in memory through a register (-8@(%rcx)), and
# reads the global from %rip (-8@counter(%rip)); at -O0 they are on the
# stack (-4@-4(%rbp)).  Signed values come out sign-extended, unsigned ones
# not, a constant (-8@$-1000000000000) as it is.  args[] are typed from the
# program's .note.dtrace note (step), or by each argument's size (neg).
# The guarded probe is enabled, so the kernel raises its semaphore and the
# program's `if (semaphore)` branch runs.
for opt in -O2 -O0; do
	cc $opt -o "$E2E_TMP/prog" usdt-prog.c || exit 1
	echo "== $opt"
	rm -f "$E2E_TMP/out"
	"$DTRACE" -q -o "$E2E_TMP/out" -n '
	myapp$target:::step {
		printf("%s:%s:%s:%s %d %s %d %d %d\n", probeprov == strjoin("myapp", lltostr(pid)) ? "myappPID" : probeprov,
		    probemod, probefunc, probename, arg0, copyinstr(arg1), arg2, arg3, arg4);
		printf("  args[] %d %s %d %d %d\n", args[0], copyinstr((uintptr_t)args[1]), args[2], args[3], args[4]);
	}
	myapp$target:::neg { printf("neg %d %d (%d %d)\n", arg0, arg1, args[0], args[1]); }
	myapp$target:::glob { printf("glob %d\n", arg0); }
	myapp$target:::guarded { printf("guarded %d\n", arg0); }' -c "$E2E_TMP/prog 3"
	echo "dtrace exit status $?"
	cat "$E2E_TMP/out"
done
