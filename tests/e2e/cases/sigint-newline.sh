# shellcheck shell=bash
# On SIGINT dtrace prints a newline (after the ^C a terminal echoes), even in
# quiet mode, before END's output; then the final newline.
"$DTRACE" -q -n 'tick-1s {} END { printf("end\n"); }' >"$E2E_TMP/out" &
pid=$!
sleep 0.5
kill -INT $pid
wait $pid
echo "dtrace exit status $?"
cat "$E2E_TMP/out"
