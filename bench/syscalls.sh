#!/usr/bin/env bash
# bench/syscalls.sh - dtrace against bpftrace, in the same run, as ratios
# (not part of make check; run as root):
#   1. enabling and disabling every syscall entry probe (dtrace -c /bin/true)
#   2. added ns per call of a tight getppid loop under
#      syscall::getppid:entry { @[execname] = count(); }, against bpftrace's
#      equivalent and against an almost empty BPF program on the raw
#      sys_enter tracepoint (the floor)
#   3. wall time and peak RSS of a BEGIN-only script
# Usage: bench/syscalls.sh [DTRACE]   (default build/dtrace; NO_BPFTRACE=1
#        skips bpftrace, N=calls per loop)
#
# Measured here (2 vCPU VM, kernel 6.18, bpftrace 0.17), one run:
#   1. dtrace 173 ms, bpftrace 27249 ms: 158x
#   2. base 118 ns/call; empty raw sys_enter program +39; dtrace +288;
#      bpftrace +215: dtrace/bpftrace 1.34 (target 0.7).  bpf_stats: the
#      dtrace program runs 41 ns with an empty clause, 223 ns with
#      @[execname] = count() (a strsize-wide string key is hashed per call)
#   3. dtrace 10 ms / 10.3 MB; bpftrace 276 ms / 88 MB
set -u
here=$(cd "$(dirname "$0")" && pwd)
DTRACE=$(realpath "${1:-$here/../build/dtrace}")
BPFTRACE=$(command -v bpftrace || true)
[ -n "${NO_BPFTRACE:-}" ] && BPFTRACE=
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/getppid" "$here/getppid.c" || exit 1
cc -O2 -o "$tmp/emptyprog" "$here/emptyprog.c" -lbpf || exit 1
N=${N:-2000000}
now() { date +%s%N; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "inf"; else printf "%.3g", a / b }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# Aggregations may not exist yet in dtrace: fall back to a global counter.
if "$DTRACE" -q -n 'BEGIN { @[execname] = count(); exit(0); }' >/dev/null 2>&1; then
	D_ALL='syscall:::entry { @[probefunc] = count(); }'
	D_PPID='syscall::getppid:entry { @[execname] = count(); }'
else
	echo "(dtrace has no aggregations yet: using n++ in place of count())"
	D_ALL='syscall:::entry { n++; }'
	D_PPID='syscall::getppid:entry { n++; }'
fi

echo "== 1. enable + disable all syscall entry probes (-c /bin/true)"
t0=$(now); "$DTRACE" -q -n "$D_ALL" -c /bin/true >/dev/null 2>&1; t1=$(now)
d_ms=$(( (t1 - t0) / 1000000 ))
echo "dtrace:   ${d_ms} ms"
if [ -n "$BPFTRACE" ]; then
	t0=$(now); "$BPFTRACE" -e 'tracepoint:syscalls:sys_enter_* { @[probe] = count(); }' -c /bin/true >/dev/null 2>&1; t1=$(now)
	b_ms=$(( (t1 - t0) / 1000000 ))
	echo "bpftrace: ${b_ms} ms"
	echo "ratio bpftrace/dtrace: $(ratio "$b_ms" "$(( d_ms > 0 ? d_ms : 1 ))")x faster (target >= 100)"
fi

# Start a tracer in the background, wait until it is attached, run the loop.
loop() { for i in 1 2 3 4 5; do "$tmp/getppid" "$N"; done | median; }
under() {	# under READY_PATTERN CMD...: ns per call while CMD traces
	local pat=$1; shift
	"$@" >"$tmp/tracer.out" 2>&1 &
	local pid=$! i
	for i in $(seq 100); do grep -q "$pat" "$tmp/tracer.out" 2>/dev/null && break; sleep 0.1; done
	sleep 0.5
	loop
	kill -TERM $pid 2>/dev/null; wait $pid 2>/dev/null
}
echo "== 2. ns per getppid call (median of 5 x $N calls)"
base=$(loop)
echo "no tracing:       $base"
floor=$(under attached "$tmp/emptyprog")
echo "empty raw sys_enter program: $floor (+$(awk -v a="$floor" -v b="$base" 'BEGIN{printf "%.1f", a-b}'))"
dt=$(under READY "$DTRACE" -q -n "BEGIN { printf(\"READY\\n\"); } $D_PPID")
d_add=$(awk -v a="$dt" -v b="$base" 'BEGIN{printf "%.1f", a-b}')
echo "dtrace:           $dt (+$d_add)"
if [ -n "$BPFTRACE" ]; then
	bt=$(under Attaching "$BPFTRACE" -e 'tracepoint:syscalls:sys_enter_getppid { @[comm] = count(); }')
	b_add=$(awk -v a="$bt" -v b="$base" 'BEGIN{printf "%.1f", a-b}')
	echo "bpftrace:         $bt (+$b_add)"
	echo "added cost dtrace/bpftrace: $(ratio "$d_add" "$b_add") (target <= 0.7)"
fi
echo "added cost dtrace/floor: $(ratio "$d_add" "$(awk -v a="$floor" -v b="$base" 'BEGIN{print a-b}')")"

echo "== 3. BEGIN-only script: wall time and peak RSS (median of 5)"
begin() {	# begin CMD...: "ms KB"
	for i in 1 2 3 4 5; do
		t0=$(now); /usr/bin/time -f %M -o "$tmp/rss" "$@" >/dev/null 2>&1; t1=$(now)
		echo "$(( (t1 - t0) / 1000 )) $(cat "$tmp/rss")"
	done | sort -n | awk '{ w[NR] = $1; r[NR] = $2 } END { m = int((NR + 1) / 2); printf "%.1f ms %.1f MB\n", w[m] / 1000, r[m] / 1024 }'
}
echo "dtrace:   $(begin "$DTRACE" -n 'BEGIN { exit(0); }')   (target < 50 ms, < 15 MB)"
[ -n "$BPFTRACE" ] && echo "bpftrace: $(begin "$BPFTRACE" -e 'BEGIN { exit(); }')"
exit 0
