# shellcheck shell=bash
# -c CMD: dtrace runs until CMD exits, then runs END and exits 0.
start=$(date +%s%N)
"$DTRACE" -q -n 'tick-100ms { n++; } END { printf("END after %s\n", n >= 3 ? "the child" : "too short"); }' \
    -c "sleep 0.5" >"$E2E_TMP/out"
rc=$?
end=$(date +%s%N)
echo "dtrace exit status $rc"
ms=$(( (end - start) / 1000000 ))
if (( ms < 5000 )); then echo "dtrace exited when the child did"; else echo "dtrace took ${ms} ms"; fi
cat "$E2E_TMP/out"
