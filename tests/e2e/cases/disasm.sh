# shellcheck shell=bash
# -S prints the BPF a clause compiles to (on stderr, as DTrace prints its DIF)
# and still runs the program.
"$DTRACE" -q -S -n 'BEGIN { printf("ran\n"); exit(0); }' >"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "dtrace exit status $?"
if grep -Eq '(^|[[:space:]])exit$' "$E2E_TMP/err"; then
	echo "stderr has an exit instruction"
else
	echo "no exit instruction on stderr:"
	cat "$E2E_TMP/err"
fi
cat "$E2E_TMP/out"
