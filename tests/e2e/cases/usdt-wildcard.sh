# shellcheck shell=bash
# A provider glob (python*) traces every process running an object whose
# notes have a matching provider, including processes that start after
# dtrace: the uprobes are on the file (python3.11), with no process filter.
# The probes are named by the note's provider alone.  dtrace says it is
# ready (BEGIN), then python starts; dtrace ends at the script's last call.
# (Other python processes on the machine fire too: the predicates keep to
# this script.)
[[ -x /usr/bin/python3 ]] || { echo "no /usr/bin/python3"; exit 1; }
cat >"$E2E_TMP/later.py" <<'PY'
import os, sys
open(sys.argv[1], "w").write("%d\n" % os.getpid())

def square(x):
    return x * x

def last():
    pass

sum(map(square, range(5)))
last()
PY
"$DTRACE" -q -o "$E2E_TMP/out" -n '
BEGIN { printf("ready\n"); }
python*:::line {}
python*:::function-entry /copyinstr(arg0) == $$1/ {
	printf("%s:%s::%s %s %d\n", probeprov, probemod, probename, copyinstr(arg1), pid);
}
python*:::function-entry /copyinstr(arg0) == $$1 && copyinstr(arg1) == "last"/ { exit(0); }' \
	"$E2E_TMP/later.py" &
dtrace=$!
# no timing: wait for dtrace to say it is tracing (the test's timeout ends
# a dtrace that never does)
until grep -q ready "$E2E_TMP/out" 2>/dev/null; do
	kill -0 $dtrace 2>/dev/null || break
	sleep 0.05
done
/usr/bin/python3 "$E2E_TMP/later.py" "$E2E_TMP/pid"
wait $dtrace
echo "dtrace exit status $?"
# the pid python wrote is the pid that fired
sed "s/ $(cat "$E2E_TMP/pid")\$/ PYTHONPID/" "$E2E_TMP/out"
