#!/usr/bin/env bash
# bench/io.sh - the io provider against bpftrace, in the same run, as ratios
# (not part of make check; run as root):
#   per-event cost of  io:::start { @[args[1]->dev_statname] = count(); }
#   against bpftrace's  tracepoint:block:block_rq_issue { @[args->dev] =
#   count(); }  while dd does 4 KiB direct reads of a file in a scratch
#   directory (default: under /var/tmp, on the root file system's disk):
#   1. the programs' own run time per event, from the kernel's BPF
#      statistics (kernel.bpf_stats_enabled; run_time_ns / run_cnt in the
#      tracer's program fdinfo): exact, unaffected by the machine's load,
#      but blind to what the kernel does outside the program (bpftrace's
#      trace event fills a perf record first; a raw tracepoint does not)
#   2. the added CPU time (system + user) of dd per I/O, median of 5 runs:
#      the program and the tracepoint's own cost, in dd's context; coarse
#      (CPU time is counted in ticks) and noisy where other work shares
#      the CPUs
# Usage: bench/io.sh [DTRACE]   (default build/dtrace; N=I/Os per dd run,
#        DIR=scratch directory on the disk to measure)
#
# Measured here (2 vCPU VM, kernel 6.18, virtio disk, bpftrace 0.17): see
# the io provider's note in docs/PROVIDERS.md.
set -u
here=$(cd "$(dirname "$0")" && pwd)
DTRACE=$(realpath "${1:-$here/../build/dtrace}")
BPFTRACE=$(command -v bpftrace || true)
N=${N:-20000}
tmp=$(mktemp -d "${DIR:-/var/tmp}/io-bench.XXXXXX")
old_stats=$(sysctl -n kernel.bpf_stats_enabled)
trap 'sysctl -qw kernel.bpf_stats_enabled="$old_stats"; rm -rf "$tmp"' EXIT
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "inf"; else printf "%.3g", a / b }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

dd if=/dev/urandom of="$tmp/data" bs=4k count="$N" status=none && sync "$tmp/data"
# CPU ns (system + user) per I/O of one dd run of N direct 4 KiB reads
one() { local t; t=$( { TIMEFORMAT='%3S %3U'; time dd if="$tmp/data" of=/dev/null bs=4k count="$N" iflag=direct status=none; } 2>&1 )
	awk -v t="$t" -v n="$N" 'BEGIN { split(t, a, " "); printf "%d\n", (a[1] + a[2]) * 1e9 / n }'; }
loop() { for i in 1 2 3 4 5; do one; done | median; }

# the tracing programs' run time and runs, summed over pid's BPF program
# fds of the given program type (fdinfo: prog_type, run_time_ns, run_cnt)
progstats() {
	local pid=$1 f
	for f in /proc/"$pid"/fdinfo/*; do
		awk '/^prog_type:/ { t = $2 } /^run_time_ns:/ { ns = $2 } /^run_cnt:/ { n = $2 }
		     END { if (t != "" && n > 0) print ns, n }' "$f" 2>/dev/null
	done | awk '{ ns += $1; n += $2 } END { printf "%d %d\n", ns, n }'
}

# under READY_PATTERN CMD...: "cpu-ns-per-io prog-ns-per-event events"
under() {
	local pat=$1; shift
	"$@" >"$tmp/tracer.out" 2>&1 &
	local pid=$! i wall st
	for i in $(seq 200); do grep -q "$pat" "$tmp/tracer.out" 2>/dev/null && break; sleep 0.1; done
	sleep 0.5
	wall=$(loop)
	st=$(progstats "$pid")
	kill -INT $pid 2>/dev/null; wait $pid 2>/dev/null
	echo "$wall $(awk -v s="$st" 'BEGIN { split(s, a, " "); if (a[2] > 0) printf "%.1f %d", a[1] / a[2], a[2]; else print "0 0" }')"
}

sysctl -qw kernel.bpf_stats_enabled=1
echo "== dd's CPU ns per 4 KiB direct read (median of 5 x $N reads on $(df --output=source "$tmp" | tail -1))"
base=$(loop)
echo "no tracing:  $base"
read -r dw dp dn < <(under READY "$DTRACE" -q -n 'BEGIN { printf("READY\n"); } io:::start { @[args[1]->dev_statname] = count(); }')
echo "dtrace:      $dw (+$((dw - base))); program $dp ns/event over $dn events"
if [ -n "$BPFTRACE" ]; then
	read -r bw bp bn < <(under Attaching "$BPFTRACE" -e 'tracepoint:block:block_rq_issue { @[args->dev] = count(); }')
	echo "bpftrace:    $bw (+$((bw - base))); program $bp ns/event over $bn events"
	echo "program cost dtrace/bpftrace: $(ratio "$dp" "$bp") (target <= 0.7)"
	echo "added CPU time dtrace/bpftrace: $(ratio "$((dw - base))" "$((bw - base))") (coarse)"
fi
