#!/usr/bin/env bash
# shellcheck disable=SC2317  # functions called through bench's arguments
# bench/aggs.sh - events per second that aggregations sustain on a hot probe,
# dtrace against bpftrace in the same run, reported as ratios (not part of
# make check; run as root).
#
#   count:    syscall::getppid:entry { @[execname] = count(); }
#             bpftrace: tracepoint:syscalls:sys_enter_getppid { @[comm] = count(); }
#   quantize: syscall::close:entry { @ = quantize(arg0); }
#             bpftrace: tracepoint:syscalls:sys_enter_close { @ = hist(args->fd); }
#   string predicate: count's clause under /execname == "aggloop"/ (a
#             string comparison per event: dtrace's is one BPF global
#             function, dt_strcmp), bpftrace's under /comm == "aggloop"/
#
# A helper compiled here makes N system calls in a tight loop and prints the
# ns per call (clock_gettime around the loop): getppid(), or close(fd) on a
# bad fd that varies over 1000 .. 1049575 (20 power-of-two buckets), so
# arg0 spreads over the histogram.  A round measures the loop with no
# tracing, then under dtrace, then under bpftrace: each tracer is started in
# the background, the loop runs RUNS times once it is attached, then the
# tracer is interrupted and the aggregation it prints is checked to hold
# every call the loop made.  Rounds alternate the tracers so that drift in
# the machine's load is shared; the figures are medians over all the runs
# of all ROUNDS rounds.  Reported per workload: ns per call with no tracing
# and under each tracer, the ns each tracer adds to a call, the events per
# second the traced loop sustains (10^9 / traced ns per call, one CPU), and
# the ratios dtrace/bpftrace of events per second (above 1: dtrace sustains
# more) and of added ns (below 1: dtrace adds less).
#
# Usage: bench/aggs.sh [DTRACE]   (default build/dtrace)
#   N=calls per loop run (default 2000000), RUNS=loop runs per measurement
#   (default 3), ROUNDS (default 3), CPU=the CPU the loop is pinned to
#   (default 0; empty: not pinned), NO_BPFTRACE=1 skips bpftrace.
#
# Measured here (2 vCPU VM, kernel 6.18, bpftrace 0.17), two runs, with
# other work on the machine (see bench/README.md):
#   count:    added ns dtrace 174 / 165, bpftrace 350 / 231;
#             events/s dtrace/bpftrace 1.65 / 1.23
#   quantize: added ns dtrace 101 / 146, bpftrace 258 / 226;
#             events/s dtrace/bpftrace 1.66 / 1.30
# and one run with N=1000000 RUNS=2 ROUNDS=2 after string comparison became
# a global function (helpers idle, other work still on the machine):
#   count 138 vs 451 added ns (0.31), quantize 132 vs 427 (0.31),
#   string predicate 238 vs 494 (0.48; events/s ratio 1.73): the
#   comparison adds about 100 ns to dtrace's count, bpftrace's about 40.
set -u
here=$(cd "$(dirname "$0")" && pwd)
DTRACE=$(realpath "${1:-$here/../build/dtrace}")
BPFTRACE=$(command -v bpftrace || true)
[ -n "${NO_BPFTRACE:-}" ] && BPFTRACE=
N=${N:-2000000}
RUNS=${RUNS:-3}
ROUNDS=${ROUNDS:-3}
CPU=${CPU-0}
if [ "$(id -u)" != 0 ]; then
	echo "$0: run as root (the tracers load BPF programs)" >&2
	exit 2
fi
if [ ! -x "$DTRACE" ]; then
	echo "$0: $DTRACE: not an executable (build it, or pass its path)" >&2
	exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/aggloop.c" <<'EOF'
/* aggloop getppid|close N: N system calls in a tight loop; prints ns/call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int isclose = argc > 1 && strcmp(argv[1], "close") == 0;
	long n = argc > 2 ? atol(argv[2]) : 5000000;
	struct timespec a, b;

	clock_gettime(CLOCK_MONOTONIC, &a);
	if (isclose) {
		/* bad descriptors (nothing is open that high): EBADF at once */
		for (long i = 0; i < n; i++)
			syscall(SYS_close, 1000 + (i & 0xfffff));
	} else {
		for (long i = 0; i < n; i++)
			syscall(SYS_getppid);
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%.1f\n", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n);
	return 0;
}
EOF
cc -O2 -o "$tmp/aggloop" "$tmp/aggloop.c" || exit 1

pin=()
if [ -n "$CPU" ] && command -v taskset >/dev/null; then
	pin=(taskset -c "$CPU")
fi

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# loop MODE: RUNS runs of N calls, the ns per call of each, one per line
loop() {
	for _ in $(seq "$RUNS"); do "${pin[@]}" "$tmp/aggloop" "$1" "$N"; done
}
# under MODE READY_PATTERN CMD...: loop while CMD traces; CMD's output (the
# aggregation printed when it is interrupted) is left in $tmp/tracer.out
under() {
	local mode=$1 pat=$2 pid
	shift 2
	"$@" >"$tmp/tracer.out" 2>&1 &
	pid=$!
	for _ in $(seq 200); do
		grep -q "$pat" "$tmp/tracer.out" 2>/dev/null && break
		sleep 0.1
	done
	sleep 0.5
	loop "$mode"
	kill -INT "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
}
# The calls the tracer's aggregation holds (for the loop's process name, or
# in all the histogram's rows).  They are called through bench's arguments.
dtrace_count() { awk '$1 == "aggloop" { n += $2 } END { print n + 0 }' "$tmp/tracer.out"; }
bpftrace_count() { awk -F': ' '/^@\[aggloop\]/ { n += $2 } END { print n + 0 }' "$tmp/tracer.out"; }
dtrace_hist() { awk '$2 ~ /^\|/ { n += $NF } END { print n + 0 }' "$tmp/tracer.out"; }
bpftrace_hist() { awk '/^\[/ { for (i = 1; i <= NF; i++) if ($i ~ /^\|/) { n += $(i - 1); break } } END { print n + 0 }' "$tmp/tracer.out"; }

calc() { awk "BEGIN { $1 }"; }
row() {	# row TRACER NS BASE
	if [ "$1" = none ]; then
		printf "  %-9s %9.1f %9s %12.2fM\n" "$1" "$2" - "$(calc "print 1000 / $2")"
	else
		printf "  %-9s %9.1f %9.1f %12.2fM\n" "$1" "$2" "$(calc "print $2 - $3")" \
		    "$(calc "print 1000 / $2")"
	fi
}

# bench NAME MODE DPROG BPROG DCOUNT BCOUNT
bench() {
	local name=$1 mode=$2 dprog=$3 bprog=$4 dcount=$5 bcount=$6
	local base dt bt n want=$((RUNS * N)) dshort=0 bshort=0

	echo "== $name: $ROUNDS rounds of $RUNS x $N calls, medians; loop on CPU ${CPU:-any}"
	echo "     dtrace:   $dprog"
	[ -n "$BPFTRACE" ] && echo "     bpftrace: $bprog"
	: >"$tmp/none" ; : >"$tmp/dtrace"; : >"$tmp/bpftrace"
	for _ in $(seq "$ROUNDS"); do
		loop "$mode" >>"$tmp/none"
		under "$mode" READY "$DTRACE" -q -n \
		    "BEGIN { printf(\"READY\\n\"); } $dprog" >>"$tmp/dtrace"
		n=$($dcount)
		[ "$n" -ge "$want" ] || dshort=$((dshort + 1))
		if [ -n "$BPFTRACE" ]; then
			under "$mode" Attaching "$BPFTRACE" -e "$bprog" >>"$tmp/bpftrace"
			n=$($bcount)
			[ "$n" -ge "$want" ] || bshort=$((bshort + 1))
		fi
	done
	printf "  %-9s %9s %9s %13s\n" tracer ns/call "added ns" events/s
	base=$(median <"$tmp/none")
	row none "$base"
	dt=$(median <"$tmp/dtrace")
	row dtrace "$dt" "$base"
	[ "$dshort" = 0 ] || echo "  WARNING: dtrace's aggregation missed calls in $dshort rounds"
	if [ -n "$BPFTRACE" ]; then
		bt=$(median <"$tmp/bpftrace")
		row bpftrace "$bt" "$base"
		[ "$bshort" = 0 ] || echo "  WARNING: bpftrace's aggregation missed calls in $bshort rounds"
		echo "  dtrace/bpftrace: events/s $(calc "printf \"%.2f\", $bt / $dt")," \
		    "added ns $(calc "d = $dt - $base; b = $bt - $base; if (b <= 0) print \"inf\"; else printf \"%.2f\", d / b")"
	fi
}

bench '@[execname] = count()' getppid \
    'syscall::getppid:entry { @[execname] = count(); }' \
    'tracepoint:syscalls:sys_enter_getppid { @[comm] = count(); }' \
    dtrace_count bpftrace_count
bench '@ = quantize(arg0)' close \
    'syscall::close:entry { @ = quantize(arg0); }' \
    'tracepoint:syscalls:sys_enter_close { @ = hist(args->fd); }' \
    dtrace_hist bpftrace_hist
bench 'string predicate' getppid \
    'syscall::getppid:entry /execname == "aggloop"/ { @[execname] = count(); }' \
    'tracepoint:syscalls:sys_enter_getppid /comm == "aggloop"/ { @[comm] = count(); }' \
    dtrace_count bpftrace_count
exit 0
