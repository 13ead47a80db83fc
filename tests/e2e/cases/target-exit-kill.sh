# shellcheck shell=bash
# A process dtrace created (-c) is killed when dtrace exits before it does
# (here the script calls exit()), as DTrace kills the processes it created;
# a process it grabbed (-p) is let go and runs on.
cat >"$E2E_TMP/child.sh" <<CHILD
#!/bin/sh
echo \$\$ >"$E2E_TMP/child.pid"
exec sleep 60
CHILD
chmod +x "$E2E_TMP/child.sh"
sleep 60 &
grabbed=$!
"$DTRACE" -q -n 'syscall::clock_nanosleep:entry,syscall::nanosleep:entry /pid == $target/ { printf("sleeping\n"); exit(0); }' \
    -c "$E2E_TMP/child.sh"
echo "dtrace exit status $?"
created=$(cat "$E2E_TMP/child.pid")
if kill -0 "$created" 2>/dev/null; then echo "-c process still running"; kill "$created"; else echo "-c process killed"; fi
"$DTRACE" -q -n 'tick-100ms { exit(0); }' -p "$grabbed"
echo "dtrace exit status $?"
if kill -0 "$grabbed" 2>/dev/null; then echo "-p process still running"; else echo "-p process gone"; fi
kill "$grabbed"
wait "$grabbed" 2>/dev/null
exit 0
