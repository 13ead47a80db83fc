# shellcheck shell=bash
# toolkit offcpu.d: a program (offprog, with frame pointers) whose function
# napper, called by main, sleeps 30 ms three times with clock_nanosleep(3).
# Its off-CPU stack through the kernel's do_nanosleep has libc's
# clock_nanosleep, offprog`napper and offprog`main, and at least the 90 ms
# slept.  (Not nanosleep(3): in Debian's libc it is a wrapper of
# clock_nanosleep and neither keeps a frame pointer, so the walk of the
# user stack misses the wrapper's caller, see src/codegen/ustack.c.  Other
# stacks of offprog, as its stop at exit for -c, are left out.)
cat >"$E2E_TMP/o.c" <<'C'
#include <time.h>
__attribute__((noinline)) void napper(void) { struct timespec ts = {0, 30000000}; for (int i = 0; i < 3; i++) clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, 0); }
int main(void) { napper(); return 0; }
C
cc -O0 -fno-omit-frame-pointer -o "$E2E_TMP/offprog" "$E2E_TMP/o.c" || exit 1
"$DTRACE" -c "$E2E_TMP/offprog" -s ../../../share/toolkit/offcpu.d >"$E2E_TMP/out"
echo "dtrace exit status $?"
# An entry is the process name, the kernel frames, a blank line, the user
# frames and the time: the one whose kernel frames have do_nanosleep is
# printed with its first three user frames (offsets left out).
awk '
	NF == 1 && $1 == "offprog" { who = $1; k = 1; sleep = 0; n = 0; next }
	k && /vmlinux`do_nanosleep\+/ { sleep = 1 }
	k && NF == 0 { k = 0; next }
	!k && who != "" && $1 ~ /`/ { if (++n <= 3) { f = $1; sub(/\+0x[0-9a-f]+$/, "", f); fr[n] = f } next }
	!k && who != "" && $1 ~ /^[0-9]+$/ {
		if (sleep) { print who, "in the kernel'\''s do_nanosleep from"; for (i = 1; i <= 3; i++) print "  " fr[i]
			print ($1 >= 90000000 ? "  for 90 ms or more" : "  for " $1 " ns") }
		who = "" }' "$E2E_TMP/out"
