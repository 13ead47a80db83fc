# shellcheck shell=bash
# ustack() at the places inside a function where the frame-pointer walk
# alone misses the caller: between `push %rbp` and `mov %rsp,%rbp` (%rbp
# is pushed but still the caller's frame) and at the `ret` after `pop
# %rbp`.  The pid provider here has entry probes only, so the function
# below has a symbol at each of those instructions (pushed, atret) whose
# entry probe stands for an offset probe there.  Built with frame
# pointers: every frame is right.  Offsets are blanked.
cat >"$E2E_TMP/t.c" <<'C'
int fn(int x);
__asm__(".globl fn\n.type fn,@function\nfn:\n\tpush %rbp\n"
	".globl pushed\n.type pushed,@function\npushed:\n\tmov %rsp,%rbp\n"
	"\tleal 1(%rdi),%eax\n\tpop %rbp\n"
	".globl atret\n.type atret,@function\natret:\n\tret\n"
	".size atret, .-atret\n.size pushed, atret-pushed\n.size fn, pushed-fn\n");
__attribute__((noinline)) int caller(int x) { return fn(x) + 1; }
int main(void) { return caller(1) == 0; }
C
cc -O0 -fno-omit-frame-pointer -o "$E2E_TMP/t" "$E2E_TMP/t.c" || exit 1
"$DTRACE" -q -n 'pid$target:a.out:fn:entry, pid$target:a.out:pushed:entry, pid$target:a.out:atret:entry
{ printf("%s", probefunc); ustack(3); }' -c "$E2E_TMP/t"
echo "dtrace exit status $?"
