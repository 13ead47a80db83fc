# shellcheck shell=bash
# -T 2: dwatch stops by itself (status 0) after two seconds with nothing
# seen (-k names no program that runs); what it says it is doing, on
# stderr (without -q).  The case's own timeout (20 s) fails it if -T does
# not stop it.
. ../lib/dwatch.sh
"$DWATCH" -T 2 -k no-such-program execve
echo "status $?"
"$DWATCH" -q -T 1s -k no-such-program -X kill
echo "status $?"
