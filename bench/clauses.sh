#!/usr/bin/env bash
# bench/clauses.sh - compile-and-load time of generated scripts of 10, 100
# and 1,000 clauses, dtrace against bpftrace in the same run, reported as
# ratios (not part of make check; run as root).
#
#   dtrace:   BEGIN { exit(0); }  and N clauses
#             syscall::NAME:entry { @c[I % 7] = count(); }
#   bpftrace: BEGIN { exit(); }   and N probes
#             tracepoint:syscalls:sys_enter_NAME { @c[I % 7] = count(); }
#
# Clause I takes the I-th (modulo their number) of the system calls both
# know (the kernel's sys_enter_* tracepoints that dtrace lists): a
# tracepoint takes at most 64 BPF programs, so bpftrace cannot put more
# than 64 probes on one (dtrace can: tests/e2e/cases/clauses-1000.sh).
# bpftrace runs with BPFTRACE_MAX_PROBES raised to the size.
#
# Each run is the wall time of the tracer from its start to its exit: read
# and compile the script, create its maps, load its programs (the verifier
# included), attach them, run BEGIN, exit, detach.  That is the cost of
# starting a script of that size; no probe fires meanwhile but by chance.
# dtrace makes one program for all clauses of one probe kind (each guarded
# by a bit of the probe's clause mask); bpftrace one program per probe.
# Figures are medians of RUNS runs.  Reported per size: ms for each tracer,
# the ratio dtrace/bpftrace (below 1: dtrace starts faster), and each
# tracer's ms per clause, which stays flat where the time grows linearly.
#
# Usage: bench/clauses.sh [DTRACE]   (default build/dtrace)
#   RUNS=runs per size (default 3), SIZES= (default "10 100 1000"),
#   NO_BPFTRACE=1 skips bpftrace.
#
# Measured here (2 vCPU VM, kernel 6.18, bpftrace 0.17) while other builds
# and tests were running: 10 / 100 / 1000 clauses, dtrace 9 / 22 / 775 ms,
# bpftrace 988 / 7355 / 51805 ms, ratios 0.01 / 0.00 / 0.01.  dtrace's time
# is not linear yet: the verifier processes insns linearly (7463 / 72877 /
# 145527 for 100 / 1000 / 2000 clauses) but its time per insn grows with
# the program (12 / 731 / 2880 ms); see bench/README.md.
set -u
here=$(cd "$(dirname "$0")" && pwd)
DTRACE=$(realpath "${1:-$here/../build/dtrace}")
BPFTRACE=$(command -v bpftrace || true)
[ -n "${NO_BPFTRACE:-}" ] && BPFTRACE=
RUNS=${RUNS:-3}
SIZES=${SIZES:-10 100 1000}
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

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# ms CMD...: the wall time of CMD in ms; its output must show it ran
ms() {
	local a b
	a=$(date +%s%N)
	"$@" >"$tmp/out" 2>&1 || { echo "$0: failed: $*" >&2; cat "$tmp/out" >&2; exit 1; }
	b=$(date +%s%N)
	echo $(((b - a) / 1000000))
}

ev=/sys/kernel/tracing/events/syscalls
[ -d $ev ] || ev=/sys/kernel/debug/tracing/events/syscalls
"$DTRACE" -l -P syscall | awk '$5 == "entry" { print $4 }' | sort >"$tmp/d.names"
find "$ev" -maxdepth 1 -name 'sys_enter_*' -printf '%f\n' | sed 's/^sys_enter_//' | sort >"$tmp/b.names"
mapfile -t names < <(comm -12 "$tmp/d.names" "$tmp/b.names")
if [ ${#names[@]} -eq 0 ]; then
	echo "$0: no system call that both tracers know" >&2
	exit 1
fi

printf '%8s %12s %12s %10s %14s %14s\n' clauses "dtrace ms" "bpftrace ms" ratio "dtrace ms/cl" "bpftrace ms/cl"
for n in $SIZES; do
	{
		echo 'BEGIN { exit(0); }'
		for ((i = 0; i < n; i++)); do
			echo "syscall::${names[i % ${#names[@]}]}:entry { @c[$((i % 7))] = count(); }"
		done
	} >"$tmp/d.d"
	{
		echo 'BEGIN { exit(); }'
		for ((i = 0; i < n; i++)); do
			echo "tracepoint:syscalls:sys_enter_${names[i % ${#names[@]}]} { @c[$((i % 7))] = count(); }"
		done
	} >"$tmp/b.bt"
	d=$(for _ in $(seq "$RUNS"); do ms "$DTRACE" -q -s "$tmp/d.d"; done | median)
	b=-
	if [ -n "$BPFTRACE" ]; then
		b=$(for _ in $(seq "$RUNS"); do BPFTRACE_MAX_PROBES=$((n + 10)) ms "$BPFTRACE" "$tmp/b.bt"; done | median)
	fi
	awk -v n="$n" -v d="$d" -v b="$b" 'BEGIN {
		r = b == "-" ? "-" : sprintf("%.2f", d / b)
		bp = b == "-" ? "-" : sprintf("%.2f", b / n)
		printf "%8d %12d %12s %10s %14.2f %14s\n", n, d, b, r, d / n, bp
	}'
done
