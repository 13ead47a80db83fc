# shellcheck shell=bash
# toolkit flamegraph.d: a program (fgprog, with frame pointers) whose main
# calls spin, busy in user mode for half a second, then kspin,
# reading /dev/zero (busy in the kernel) for as long.  The samples fold to
# lines of the process name, the user frames root first (libc's start,
# whose name depends on the libc, then main), the kernel frames root first,
# and the count: spin's line has no kernel frames (the CPU was in user
# mode); kspin's go through libc's read into the kernel's syscall entry and
# read_zero (the kernel frames in between, and after it, are left out).
cat >"$E2E_TMP/s.c" <<'C'
#include <fcntl.h>
#include <time.h>
#include <unistd.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
__attribute__((noinline)) unsigned long spin(void) { volatile unsigned long n = 0; double end = now() + 0.5; while (now() < end) for (int i = 0; i < 1000000; i++) n++; return n; }
static char buf[1 << 20];
__attribute__((noinline)) void kspin(void) { int fd = open("/dev/zero", O_RDONLY); double end = now() + 0.5; while (now() < end) read(fd, buf, sizeof buf); close(fd); }
int main(void) { unsigned long n = spin(); kspin(); return n == 0; }
C
cc -O0 -fno-omit-frame-pointer -o "$E2E_TMP/fgprog" "$E2E_TMP/s.c" || exit 1
"$DTRACE" -c "$E2E_TMP/fgprog" -s ../../../share/toolkit/flamegraph.d >"$E2E_TMP/out"
echo "dtrace exit status $?"
awk '
	/^fgprog;[^;]*;fgprog`main;fgprog`spin [0-9]+$/ { user += $NF }
	/^fgprog;[^;]*;fgprog`main;fgprog`kspin;libc\.so\.6`[_a-z]*read;vmlinux`entry_SYSCALL_64_after_hwframe;(.*;)?vmlinux`read_zero[; ]/ { kernel += $NF }
	END {
		print "fgprog;START;fgprog`main;fgprog`spin", (user > 0 ? "N" : 0)
		print "fgprog;START;fgprog`main;fgprog`kspin;libc.so.6`__read;vmlinux`entry_SYSCALL_64_after_hwframe;...;vmlinux`read_zero...", (kernel > 0 ? "N" : 0) }' "$E2E_TMP/out"
# every line is a folded stack: name, frames joined by ";", a count
awk '!/^[^; ]+(;[^; ]+)* [0-9]+$/ { print "not folded: " $0 }' "$E2E_TMP/out"
