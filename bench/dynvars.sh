#!/usr/bin/env bash
# shellcheck disable=SC2317  # functions called through bench's arguments
# bench/dynvars.sh - the per-event cost of dynamic variables (thread-locals
# and associative arrays) on a hot probe, dtrace against bpftrace in the
# same run, reported as ratios (not part of make check; run as root).
#
#   thread-local: syscall::getppid:entry { self->ts = timestamp; }
#             syscall::getppid:return /self->ts/ { @ = count(); self->ts = 0; }
#             bpftrace: @ts[tid] = nsecs at sys_enter_getppid, and at
#             sys_exit_getppid /@ts[tid]/ { @ = count(); delete(@ts[tid]); }
#             (a store that makes the variable, a read, a delete: 2 events)
#   thread-local, wide pool key: the same, with a string-keyed
#             associative array elsewhere in the program (set in BEGIN
#             only), so that every dynamic variable's key in dtrace's one
#             pool is padded to the string key's width (8 + 8 + strsize + 1
#             rounded up); bpftrace's program gets the same BEGIN (its
#             maps are separate: its cost does not change)
#   assoc ++: syscall::getppid:entry { a[0]++; } (a read and a store of
#             an element that exists), END prints a[0];
#             bpftrace: @a[0]++
#
# A helper compiled here calls getppid() N times in a tight loop and prints
# the ns per call (clock_gettime around the loop).  A round measures the
# loop with no tracing, then under dtrace, then under bpftrace: each tracer
# is started in the background, the loop runs RUNS times once it is
# attached, then the tracer is interrupted and the count it prints is
# checked to hold every call the loop made.  Rounds alternate the tracers
# so that drift in the machine's load is shared; the figures are medians
# over all the runs of all ROUNDS rounds.  Reported per workload: ns per
# call with no tracing and under each tracer, the ns each tracer adds to a
# call, the events per second the traced loop sustains (10^9 / traced ns
# per call, one CPU), and the ratios dtrace/bpftrace of events per second
# (above 1: dtrace sustains more) and of added ns (below 1: dtrace adds
# less).
#
# A second measure, exact and unaffected by the machine's load: the
# tracer's programs' own run time (kernel.bpf_stats_enabled: run_time_ns
# in the fdinfo of its program fds) while the loop runs, per call of the
# loop ("prog ns"): what before/after comparisons of dtrace itself should
# use.  It is blind to what the kernel does around a program (bpftrace's
# tracepoint programs run after the kernel fills a trace event; dtrace's
# raw tracepoint programs run for every system call, filtered in BPF:
# the others' calls count too, a few ns each).
#
# Usage: bench/dynvars.sh [DTRACE]   (default build/dtrace)
#   N=calls per loop run (default 1000000), RUNS=loop runs per measurement
#   (default 3), ROUNDS (default 3), CPU=the CPU the loop is pinned to
#   (default 0; empty: not pinned), NO_BPFTRACE=1 skips bpftrace.
#
# Measured here (2 vCPU VM, kernel 6.18, bpftrace 0.17), RUNS=2, before
# (one map per variable) and after (one pool) the dynamic variables became
# one pool, program ns per call: thread-local 459 / 470, wide pool key
# 550 / 789, assoc ++ 290 / 117 (bench/README.md).
set -u
here=$(cd "$(dirname "$0")" && pwd)
DTRACE=$(realpath "${1:-$here/../build/dtrace}")
BPFTRACE=$(command -v bpftrace || true)
[ -n "${NO_BPFTRACE:-}" ] && BPFTRACE=
N=${N:-1000000}
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
old_stats=$(sysctl -n kernel.bpf_stats_enabled)
trap 'sysctl -qw kernel.bpf_stats_enabled="$old_stats"; rm -rf "$tmp"' EXIT
sysctl -qw kernel.bpf_stats_enabled=1

# the workload: bench/getppid.c, N getppid() calls in a tight loop, ns/call
cc -O2 -o "$tmp/dynloop" "$here/getppid.c" || exit 1

pin=()
if [ -n "$CPU" ] && command -v taskset >/dev/null; then
	pin=(taskset -c "$CPU")
fi

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# loop: RUNS runs of N calls, the ns per call of each, one per line
loop() {
	for _ in $(seq "$RUNS"); do "${pin[@]}" "$tmp/dynloop" "$N"; done
}
# the run time (ns) of pid's BPF programs so far (fdinfo: run_time_ns)
progns() {
	local f
	for f in /proc/"$1"/fdinfo/*; do
		awk '/^prog_type:/ { t = 1 } /^run_time_ns:/ { ns = $2 } END { if (t) print ns + 0 }' "$f" 2>/dev/null
	done | awk '{ ns += $1 } END { printf "%d\n", ns }'
}
# under READY_PATTERN CMD...: loop while CMD traces; CMD's output (what it
# prints when it is interrupted) is left in $tmp/tracer.out, the run time
# of its programs per call of the loop appended to $tmp/prog
under() {
	local pat=$1 pid ns0
	shift
	"$@" >"$tmp/tracer.out" 2>&1 &
	pid=$!
	for _ in $(seq 200); do
		grep -q "$pat" "$tmp/tracer.out" 2>/dev/null && break
		sleep 0.1
	done
	sleep 0.5
	ns0=$(progns "$pid")
	loop
	calc "printf \"%.1f\\n\", ($(progns "$pid") - $ns0) / ($RUNS * $N)" >>"$tmp/prog"
	kill -INT "$pid" 2>/dev/null
	# a tracer that has not exited 30 s later is killed (its count is
	# then missing, and the round reported short)
	for _ in $(seq 300); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
}
# The count the tracer printed: dtrace's last number alone on a line
# (@ = count() or END's printf), bpftrace's "@: N" or "@a[0]: N".
dtrace_count() { awk '$1 ~ /^[0-9]+$/ && NF == 1 { n = $1 } END { print n + 0 }' "$tmp/tracer.out"; }
bpftrace_count() { awk -F': ' '/^@(a\[0\])?: / { n = $2 } END { print n + 0 }' "$tmp/tracer.out"; }

calc() { awk "BEGIN { $1 }"; }
row() {	# row TRACER NS BASE PROGNS
	if [ "$1" = none ]; then
		printf "  %-9s %9.1f %9s %12.2fM\n" "$1" "$2" - "$(calc "print 1000 / $2")"
	else
		printf "  %-9s %9.1f %9.1f %12.2fM %9.1f\n" "$1" "$2" "$(calc "print $2 - $3")" \
		    "$(calc "print 1000 / $2")" "$4"
	fi
}

# bench NAME DPROG BPROG
bench() {
	local name=$1 dprog=$2 bprog=$3
	local base dt bt dp bp n want=$((RUNS * N)) dshort=0 bshort=0

	echo "== $name: $ROUNDS rounds of $RUNS x $N calls, medians; loop on CPU ${CPU:-any}"
	echo "     dtrace:   $dprog"
	[ -n "$BPFTRACE" ] && echo "     bpftrace: $bprog"
	: >"$tmp/none" ; : >"$tmp/dtrace"; : >"$tmp/bpftrace"; : >"$tmp/dprog"; : >"$tmp/bprog"
	for _ in $(seq "$ROUNDS"); do
		loop >>"$tmp/none"
		: >"$tmp/prog"
		under READY "$DTRACE" -q -n "BEGIN { printf(\"READY\\n\"); } $dprog" >>"$tmp/dtrace"
		cat "$tmp/prog" >>"$tmp/dprog"
		n=$(dtrace_count)
		[ "$n" -ge "$want" ] || dshort=$((dshort + 1))
		if [ -n "$BPFTRACE" ]; then
			: >"$tmp/prog"
			under Attaching "$BPFTRACE" -e "$bprog" >>"$tmp/bpftrace"
			cat "$tmp/prog" >>"$tmp/bprog"
			n=$(bpftrace_count)
			[ "$n" -ge "$want" ] || bshort=$((bshort + 1))
		fi
	done
	printf "  %-9s %9s %9s %13s %9s\n" tracer ns/call "added ns" events/s "prog ns"
	base=$(median <"$tmp/none")
	row none "$base"
	dt=$(median <"$tmp/dtrace")
	dp=$(median <"$tmp/dprog")
	row dtrace "$dt" "$base" "$dp"
	[ "$dshort" = 0 ] || echo "  WARNING: dtrace's count missed calls in $dshort rounds"
	if [ -n "$BPFTRACE" ]; then
		bt=$(median <"$tmp/bpftrace")
		bp=$(median <"$tmp/bprog")
		row bpftrace "$bt" "$base" "$bp"
		[ "$bshort" = 0 ] || echo "  WARNING: bpftrace's count missed calls in $bshort rounds"
		echo "  dtrace/bpftrace: events/s $(calc "printf \"%.2f\", $bt / $dt")," \
		    "added ns $(calc "d = $dt - $base; b = $bt - $base; if (b <= 0) print \"inf\"; else printf \"%.2f\", d / b")," \
		    "prog ns $(calc "if ($bp <= 0) print \"inf\"; else printf \"%.2f\", $dp / $bp")"
	fi
}

tls_d='syscall::getppid:entry { self->ts = timestamp; }
    syscall::getppid:return /self->ts/ { @ = count(); self->ts = 0; }'
tls_b='tracepoint:syscalls:sys_enter_getppid { @ts[tid] = nsecs; }
    tracepoint:syscalls:sys_exit_getppid /@ts[tid]/ { @ = count(); delete(@ts[tid]); }'
bench 'thread-local store, read, delete' "$tls_d" "$tls_b"
bench 'thread-local, wide pool key' "BEGIN { names[\"padding\"] = 1; } $tls_d" \
    "BEGIN { @names[\"padding\"] = 1; } $tls_b"
bench 'assoc ++' 'syscall::getppid:entry { a[0]++; } END { printf("%d\n", a[0]); }' \
    'tracepoint:syscalls:sys_enter_getppid { @a[0]++; }'
exit 0
