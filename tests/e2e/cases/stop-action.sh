# shellcheck shell=bash
# stop() (destructive, -w) stops the process that fired the probe: a copy
# of sleep(1) named stopme, started once dtrace has said it is tracing, is
# stopped in its nanosleep and its state becomes T.  Without -w DTrace
# refuses to enable the program (the action compiles).
cp /bin/sleep "$E2E_TMP/stopme"
mkfifo "$E2E_TMP/fifo"
"$DTRACE" -w -q -n 'BEGIN { printf("ready\n"); }
    syscall::clock_nanosleep:entry, syscall::nanosleep:entry
    /execname == "stopme"/ { stop(); exit(0); }' >"$E2E_TMP/fifo" &
dt=$!
exec 3<"$E2E_TMP/fifo"
read -r -u 3 line
echo "$line"
"$E2E_TMP/stopme" 30 &
pid=$!
disown "$pid"
wait "$dt"
echo "dtrace exit $?"
st=
for _ in $(seq 50); do
	st=$(ps -o stat= -p "$pid" | cut -c1)
	[[ $st == T ]] && break
	sleep 0.1
done
echo "stopme state $st"
kill -KILL "$pid"
exec 3<&-
"$DTRACE" -q -n 'BEGIN { stop(); }'
echo "exit $?"
