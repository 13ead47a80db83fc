#!/usr/bin/env bash
# bench/pid.sh - the pid provider at scale and per call, against a floor and
# bpftrace in the same run, reported as ratios (not part of make check; run
# as root on a kernel with uprobe_multi links, 6.6 or later).
#
#   scale:    dtrace -n 'pid$target:libc.so.6::entry { @[probefunc] = count(); }' -c /bin/ls
#             against bench/uprobe_floor.c: the same command with one empty
#             BPF program on every libc function through one uprobe_multi
#             link (reading the symbols, attaching, running, detaching: what
#             any tool must do at least).  Wall time end to end, median of
#             RUNS runs each; the ratio dtrace/floor (goal: at most 3).
#   per call: pid$target:a.out:work:entry { @ = count(); }  against
#             bpftrace's uprobe:BIN:work { @ = count(); }, both with -c on a
#             helper that calls work() N times in a loop and prints the ns
#             per call (clock_gettime around the loop); the count each
#             tracer prints is checked to be N.  Added ns per call over the
#             untraced loop, medians over ROUNDS; the ratio dtrace/bpftrace
#             (below 1: dtrace adds less).
#
# Usage: bench/pid.sh [DTRACE]   (default build/dtrace)
#   RUNS (default 5), N calls per loop (default 1000000), ROUNDS (default 3),
#   NO_BPFTRACE=1 skips bpftrace.
#
# Measured here (2 vCPU VM, kernel 6.18, bpftrace 0.17), see bench/README.md.
set -u
here=$(cd "$(dirname "$0")" && pwd)
DTRACE=$(realpath "${1:-$here/../build/dtrace}")
BPFTRACE=$(command -v bpftrace || true)
[ -n "${NO_BPFTRACE:-}" ] && BPFTRACE=
RUNS=${RUNS:-5}
N=${N:-1000000}
ROUNDS=${ROUNDS:-3}
LIBC=$(realpath /lib/x86_64-linux-gnu/libc.so.6)
if [ "$(id -u)" != 0 ]; then
	echo "$0: run as root (the tracers load BPF programs)" >&2
	exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -Wall -o "$tmp/uprobe_floor" "$here/uprobe_floor.c" -lbpf -lelf || exit 1
cat >"$tmp/loop.c" <<'C'
/* loop N: calls work() N times; prints the ns per call. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__attribute__((noinline)) int work(int i)
{
	__asm__ volatile("" ::: "memory");
	return i + 1;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000, s = 0;
	struct timespec a, b;

	clock_gettime(CLOCK_MONOTONIC, &a);
	for (long i = 0; i < n; i++)
		s += work((int)i);
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%.1f ns/call (%ld)\n", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n, s);
	return 0;
}
C
cc -O2 -fno-inline -o "$tmp/loop" "$tmp/loop.c" || exit 1

now() { date +%s%N; }
median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

echo "scale: every libc function of /bin/ls, wall ms end to end ($RUNS runs)"
: >"$tmp/d.ms"
: >"$tmp/f.ms"
for _ in $(seq "$RUNS"); do
	t0=$(now)
	"$DTRACE" -q -n 'pid$target:libc.so.6::entry { @[probefunc] = count(); }' -c /bin/ls >"$tmp/d.out" 2>&1 || {
		echo "dtrace failed:"; cat "$tmp/d.out"; exit 1; }
	t1=$(now)
	"$tmp/uprobe_floor" "$LIBC" /bin/ls >/dev/null 2>"$tmp/f.err" || { cat "$tmp/f.err"; exit 1; }
	t2=$(now)
	echo $(((t1 - t0) / 1000)) >>"$tmp/d.ms"
	echo $(((t2 - t1) / 1000)) >>"$tmp/f.ms"
done
grep -q '^  malloc  *[1-9]' "$tmp/d.out" || { echo "dtrace did not count malloc:"; head "$tmp/d.out"; exit 1; }
d=$(median <"$tmp/d.ms")
f=$(median <"$tmp/f.ms")
printf '  dtrace %.1f ms, floor %.1f ms (%s), dtrace/floor %.2f\n' "$(echo "$d/1000" | bc -l)" \
	"$(echo "$f/1000" | bc -l)" "$(cat "$tmp/f.err")" "$(echo "$d/$f" | bc -l)"

echo "per call: work() entry, @ = count(), added ns per call ($ROUNDS rounds of $N calls)"
: >"$tmp/none"; : >"$tmp/dt"; : >"$tmp/bt"
for _ in $(seq "$ROUNDS"); do
	"$tmp/loop" "$N" | awk '{print $1}' >>"$tmp/none"
	"$DTRACE" -q -n 'pid$target:a.out:work:entry { @ = count(); } END { printa("count %@d\n", @); }' \
		-c "$tmp/loop $N" >"$tmp/o" 2>&1
	grep -q "^count $N$" "$tmp/o" || { echo "dtrace missed calls:"; cat "$tmp/o"; exit 1; }
	awk '/ns\/call/ {print $1}' "$tmp/o" >>"$tmp/dt"
	if [ -n "$BPFTRACE" ]; then
		"$BPFTRACE" -e "uprobe:$tmp/loop:work { @ = count(); }" -c "$tmp/loop $N" >"$tmp/o" 2>&1
		grep -q "^@: $N$" "$tmp/o" || { echo "bpftrace missed calls:"; cat "$tmp/o"; exit 1; }
		awk '/ns\/call/ {print $1}' "$tmp/o" >>"$tmp/bt"
	fi
done
none=$(median <"$tmp/none")
dt=$(median <"$tmp/dt")
printf '  untraced %.1f ns; dtrace %.1f ns (adds %.1f)' "$none" "$dt" "$(echo "$dt - $none" | bc -l)"
if [ -n "$BPFTRACE" ]; then
	bt=$(median <"$tmp/bt")
	printf '; bpftrace %.1f ns (adds %.1f); dtrace/bpftrace added %.2f\n' "$bt" "$(echo "$bt - $none" | bc -l)" \
		"$(echo "($dt - $none) / ($bt - $none)" | bc -l)"
else
	echo
fi
