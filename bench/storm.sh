#!/usr/bin/env bash
# bench/storm.sh - a storm of events for DURATION seconds (default 60): dtrace's
# memory stays flat and every event is accounted for (not part of make
# check; run as root).
#
# A workload (storm.c) makes getppid() calls as fast as it can; dtrace
# counts them in an aggregation, counts them in a global variable, and
# records a printf() for each (most of which the principal buffer cannot
# hold at that rate: they are dropped and reported).  dtrace's RSS is
# sampled every second.  At the end:
#   - the calls the workload made, the aggregation's count and the
#     variable's count must be equal;
#   - the lines printed plus the drops reported must equal the calls;
#   - RSS: first sample (after 2 s), last, largest, and the growth from
#     the first sample to the last.
# Usage: bench/storm.sh [DTRACE]   (DURATION=60 seconds by default, BUFSIZE=4m)
#
# Measured here (2 vCPU VM shared with other agents' work, kernel 6.18),
# one run of 60 s:
#   calls made by the workload: 52262000 (871033 per second)
#   counted: aggregation 52262000, variable 52262000
#   printf records: printed 51352736 + drops reported 909264 = 52262000
#   every event accounted for
#   RSS (KB): after 2 s 10852, last 10852, largest 10852, growth 0
set -u
here=$(cd "$(dirname "$0")" && pwd)
DTRACE=$(realpath "${1:-$here/../build/dtrace}")
DURATION=${DURATION:-60}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/storm" "$here/storm.c" || exit 1

"$DTRACE" -q -b "${BUFSIZE:-4m}" -n '
	syscall::getppid:entry /pid == $target/ { @calls = count(); n++; printf("%d\n", n); }
	END { printa("aggregation %@d\n", @calls); printf("variable %d\n", n); }' \
	-c "$tmp/storm $DURATION" >"$tmp/out" 2>"$tmp/err" &
dt=$!
: >"$tmp/rss"
while kill -0 "$dt" 2>/dev/null; do
	awk '/^VmRSS:/ { print $2 }' /proc/"$dt"/status >>"$tmp/rss" 2>/dev/null
	sleep 1
done
wait "$dt"
echo "dtrace exit status $?"
made=$(grep -E '^[0-9]+$' "$tmp/err" | tail -1)
agg=$(sed -n 's/^aggregation //p' "$tmp/out")
var=$(sed -n 's/^variable //p' "$tmp/out")
printed=$(grep -cE '^[0-9]+$' "$tmp/out")
dropped=$(sed -n 's/^dtrace: \([0-9]*\) drops\{0,1\} on CPU [0-9]*$/\1/p' "$tmp/err" | awk '{ s += $1 } END { print s + 0 }')
other=$(grep -vE '^[0-9]+$|^dtrace: [0-9]+ drops? on CPU [0-9]+$' "$tmp/err")
echo "calls made by the workload: $made ($((made / DURATION)) per second)"
echo "counted: aggregation $agg, variable $var"
echo "printf records: printed $printed + drops reported $dropped = $((printed + dropped))"
[[ -n $other ]] && echo "other messages: $other"
if [[ $agg == "$made" && $var == "$made" && $((printed + dropped)) == "$made" ]]; then
	echo "every event accounted for"
else
	echo "EVENTS UNACCOUNTED FOR"
fi
awk 'NR == 3 { first = $1 } { last = $1; if ($1 > max) max = $1 }
	END { printf "RSS (KB): after 2 s %d, last %d, largest %d, growth %d\n", first, last, max, last - first }' "$tmp/rss"
