# shellcheck shell=bash
# NUL bytes in a script file (dtrace reads all of it, as DTrace does): in a
# comment they are comment; in a clause, DTrace's lexer takes them for the
# end of input ("syntax error near end-of-input"); at the outer level its
# message stops at the NUL it prints.  In a string literal, the string ends
# there when printed.
cd "$E2E_TMP" || exit 1
printf 'BEGIN { x = 1;\0 y = 2; }\n' >clause.d
printf 'BEGIN { exit(0); }\n\0garbage\n' >outer.d
printf '/* a \0 comment */ BEGIN { trace("ok"); exit(0); }\n' >comment.d
printf 'BEGIN { trace("a\0b"); exit(0); }\n' >string.d
for f in clause outer comment string; do
	"$DTRACE" -q -s $f.d
	echo " $f: exit status $?"
done
