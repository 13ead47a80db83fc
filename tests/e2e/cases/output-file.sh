# shellcheck shell=bash
# -o FILE: the traced data goes to FILE (appended to it), not to stdout.
f=$E2E_TMP/out.txt
echo "existing line" >"$f"
"$DTRACE" -q -o "$f" -n 'BEGIN { printf("to the file\n"); exit(0); }'
echo "dtrace exit status $?"
echo "-- $f:"
cat "$f"
