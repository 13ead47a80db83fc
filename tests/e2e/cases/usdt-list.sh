# shellcheck shell=bash
# Listing USDT probes: `-l -n 'myapp$target:::' -c CMD` and `-l -p PID` show
# that process's probes and nothing else (provider = the note's provider
# and the pid, module = the object, function = the one containing the
# site, name = the note's name with "__" as "-"); -l -v gives args[] the
# types of the program's .note.dtrace note (step) or of each argument's
# size and sign (neg: -4@%eax -8@$-1000000000000).
cc -O2 -o "$E2E_TMP/prog" usdt-prog.c || exit 1
echo "== -l -n -c"
"$DTRACE" -l -n 'myapp$target:::' -c "$E2E_TMP/prog"
echo "dtrace exit status $?"
echo "== -l -n with a glob for the name (the IDs depend on the kernel's probes)"
"$DTRACE" -l -n 'myapp$target:::g*' -c "$E2E_TMP/prog" | awk '{ print $2, $3, $4, $5 }'
echo "== -l -p"
"$E2E_TMP/prog" wait &
child=$!
# wait until the child runs the program (no timing: its exe says so)
for _ in $(seq 1000); do
	[[ $(readlink "/proc/$child/exe") == "$E2E_TMP/prog" ]] && break
	sleep 0.01
done
"$DTRACE" -l -p "$child"
echo "dtrace exit status $?"
kill "$child"
wait "$child" 2>/dev/null
echo "== -l -v"
"$DTRACE" -l -v -n 'myapp$target:::step' -n 'myapp$target:::neg' -c "$E2E_TMP/prog" | grep -E '^ +[0-9]|args'
