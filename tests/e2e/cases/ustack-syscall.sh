# shellcheck shell=bash
# ustack() at a syscall: libc's write() wrapper keeps no frame, so %rbp is
# still its caller's frame when the system call is made and the
# frame-pointer walk alone would go from the wrapper to the caller's
# caller; the return address at %rsp puts the caller (leaf) back.  Built
# with frame pointers every frame is right; built the usual -O2 way, the
# wrapper and its caller are.  Offsets are blanked (the compiler's and
# libc's), and so is the name libc gives its wrapper.
cat >"$E2E_TMP/t.c" <<'C'
#include <unistd.h>
__attribute__((noinline)) int leaf(int x) { return (int)write(1, "", 0) + x; }
__attribute__((noinline)) int mid(int x) { return leaf(x + 1) + 1; }
__attribute__((noinline)) int top(int x) { return mid(x) + 1; }
int main(void) { return top(1) == 0; }
C
for opt in "-O0 -fno-omit-frame-pointer" "-O2"; do
	cc $opt -o "$E2E_TMP/t" "$E2E_TMP/t.c" || exit 1
	case $opt in -O0*) n=5 ;; *) n=2 ;; esac
	echo "== cc $opt: ustack($n)"
	"$DTRACE" -q -n "syscall::write:entry /pid == \$target/ { ustack($n); }" -c "$E2E_TMP/t"
	echo "dtrace exit status $?"
done
