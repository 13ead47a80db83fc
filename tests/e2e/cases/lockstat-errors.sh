# shellcheck shell=bash
# lockstat's errors: hold events need lockstat:::*-acquire, which the
# provider cannot offer on Linux, and -H says so (the library's reason)
# rather than print made-up holds; bad event lists, rates and depths; no
# command (the usage, exit 1); a command that cannot run.
LOCKSTAT=$(dirname "$DTRACE")/lockstat
run() {
	"$LOCKSTAT" "$@" >"$E2E_TMP/o" 2>&1
	echo "exit status $? and $(wc -l <"$E2E_TMP/o") lines:"
	# the first line (a usage follows some), without the D line number
	head -1 "$E2E_TMP/o" | sed -E 's/^(lockstat: hold events[^:]*): line [0-9]+: /\1: /'
}
run -H true
run -e 99 true
run -e 3 true
run -e x true
run -i 5000 -I true
run -s 51 true
run /nonexistent/command
"$LOCKSTAT" >/dev/null 2>"$E2E_TMP/usage"
echo "no command: exit status $?"
head -1 "$E2E_TMP/usage"
grep -E '^ +(0|1|2|4|6|8|9|32|35|56) = ' "$E2E_TMP/usage"
