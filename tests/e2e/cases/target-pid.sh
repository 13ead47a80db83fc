# shellcheck shell=bash
# -c CMD: $target is the pid of CMD, which reports its own pid with $$.  (A
# -c command is split at white space and run without a shell, as DTrace does.)
out=$("$DTRACE" -q -n 'BEGIN { printf("target %d\n", $target); }' -c "sh target-pid.child")
rc=$?
echo "dtrace exit status $rc"
target=$(printf '%s\n' "$out" | sed -n 's/^target //p')
child=$(printf '%s\n' "$out" | sed -n 's/^child //p')
if [[ -n $target && $target == "$child" ]]; then
	echo "\$target is the child's pid"
else
	echo "\$target ($target) is not the child's pid ($child)"
fi
