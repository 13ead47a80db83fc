# shellcheck shell=bash
# -Z: descriptions that match nothing are not an error, even when nothing
# at all matched: dtrace traces nothing until its -c command ends (DTrace's
# main refuses "no probes matched" only without -Z).
"$DTRACE" -Z -n 'nosuch:::entry { trace(1); }' -c true 2>&1
echo "status $?"
"$DTRACE" -n 'nosuch:::entry { trace(1); }' -c true 2>&1
echo "status $?"
