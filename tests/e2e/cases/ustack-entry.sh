# shellcheck shell=bash
# ustack() at pid entry probes: the function, then its caller (the word at
# %rsp, which the frame-pointer walk misses before the function has pushed
# %rbp), then the callers above it.  Functions reached by a direct call, by
# a PLT call into libc, through a function pointer held in a register and
# in memory, and one whose first instruction is not `push %rbp` (the
# kernel's own fix, Linux 6.11, looks for that instruction).  Built with
# frame pointers, every frame shown is right; built the usual -O2 way
# (none), the function and its caller are.  Offsets are blanked: they are
# the compiler's.
cat >"$E2E_TMP/t.c" <<'C'
#include <stdlib.h>
__attribute__((noinline)) int leaf(int x) { return x * 2 + 1; }
__attribute__((noinline)) int mid(int x) { return leaf(x + 1) + 1; }
__attribute__((noinline)) int top(int x) { return mid(x) + 1; }
int odd(int x);		/* its frame is set up after its first instruction */
__asm__(".globl odd\n.type odd,@function\nodd:\n\tmovl %edi,%eax\n\tpush %rbp\n"
	"\tmov %rsp,%rbp\n\taddl $1,%eax\n\tpop %rbp\n\tret\n.size odd, .-odd\n");
__attribute__((noinline)) int viaptr(int x) { return x + 2; }
struct ops { long pad; int (*fn)(int); };
__attribute__((noinline)) int calls(struct ops *o, int (*f)(int), int x)
{
	int s = f(x);
	s += o->fn(x);
	s += abs(x);
	s += odd(x);
	return s;
}
int main(void)
{
	struct ops o = { 0, viaptr };
	return top(1) + calls(&o, viaptr, -1) == 0;
}
C
for opt in "-O0 -fno-omit-frame-pointer" "-O2"; do
	cc $opt -fno-builtin -o "$E2E_TMP/t" "$E2E_TMP/t.c" || exit 1
	case $opt in -O0*) n=3 ;; *) n=2 ;; esac
	echo "== cc $opt: ustack($n)"
	"$DTRACE" -q -n "
	pid\$target:a.out:leaf:entry, pid\$target:a.out:odd:entry,
	pid\$target:a.out:viaptr:entry, pid\$target:libc.so.6:abs:entry
	{ printf(\"%s\", probefunc); ustack($n); }" -c "$E2E_TMP/t"
	echo "dtrace exit status $?"
done
