# shellcheck shell=bash
# How many frames stack(), ustack() and jstack() take without an argument:
# DTrace's defaults (20 kernel frames, 100 user frames, 50 for jstack), or
# the stackframes, ustackframes and jstackframes options (from -x or a
# pragma); an argument or a default above maxframes is silently maxframes
# (dt_cg_stack_arg).  A program built with frame pointers recurses 40
# calls deep before calling getppid(), so its user stack has over 40 frames.
cd "$E2E_TMP" || exit 1
cat >prog.c <<'C'
#include <unistd.h>
#include <sys/syscall.h>
__attribute__((noinline)) long down(int n) { return n ? down(n - 1) + 1 : syscall(SYS_getppid); }
int main(void) { return down(40) < 0; }
C
cc -O0 -fno-omit-frame-pointer -o prog prog.c || exit 1
frames() {
	rm -f out; "$DTRACE" -q "$@" -c ./prog -o out -n '
	syscall::getppid:entry /pid == $target/ { ustack(); }'
	echo "$* -> $(grep -c 'prog`down' out) frames in down()"
}
frames
frames -x ustackframes=7
frames -x maxframes=5
frames -x ustackframes=30 -x maxframes=12
rm -f out; "$DTRACE" -q -c ./prog -o out -n '
#pragma D option ustackframes=3
syscall::getppid:entry /pid == $target/ { ustack(); }'
echo "pragma ustackframes=3 -> $(grep -c . out) lines"
rm -f out; "$DTRACE" -q -x maxframes=4 -c ./prog -o out -n '
syscall::getppid:entry /pid == $target/ { ustack(60); jstack(); }'
echo "ustack(60), jstack() under maxframes=4 -> $(grep -c . out) lines"
rm -f out; "$DTRACE" -q -x jstackframes=2 -c ./prog -o out -n '
syscall::getppid:entry /pid == $target/ { jstack(); }'
echo "jstackframes=2 -> $(grep -c . out) lines"
rm -f out; "$DTRACE" -q -x stackframes=2 -c ./prog -o out -n '
syscall::getppid:entry /pid == $target/ { stack(); }'
echo "stackframes=2 -> $(grep -c . out) kernel frames"
# the frames asked for are the probe's own: the BPF program and the glue
# that ran it take none of them (a system call's kernel stack has 3 or more)
rm -f out; "$DTRACE" -q -c ./prog -o out -n '
syscall::getppid:entry /pid == $target/ { stack(3); }'
echo "stack(3) -> $(grep -c . out) kernel frames"
"$DTRACE" -q -x stackframes=x -n 'BEGIN { exit(0); }' 2>&1
echo "exit $?"
