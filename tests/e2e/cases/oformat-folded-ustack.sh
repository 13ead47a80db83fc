# shellcheck shell=bash
# -x oformat=folded: user stacks of a -c command as folded stacks, the
# other keys of the tuple (execname) first: "true;frame;... count".
"$DTRACE" -x oformat=folded -n 'syscall:::entry /pid == $target/ { @[execname, ustack()] = count(); }' \
	-c /bin/true >"$E2E_TMP/out" 2>/dev/null
echo "dtrace exit status $?"
lines=$(grep -c . "$E2E_TMP/out")
bad=$(grep -cvE '^[^ ;]+(;[^ ;]+)* [0-9]+$' "$E2E_TMP/out")
if (( lines > 0 )); then echo "folded lines: some"; else echo "folded lines: none"; fi
echo "lines not folded: $bad"
grep -vE '^[^ ;]+(;[^ ;]+)* [0-9]+$' "$E2E_TMP/out" | head -5
echo "roots: $(cut -d';' -f1 "$E2E_TMP/out" | sort -u | tr '\n' ' ')"
