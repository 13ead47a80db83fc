# shellcheck shell=bash
# Destructive actions need -w (or the destructive option): without it a
# program using one compiles, but dtrace refuses to enable it, before
# anything is loaded, with DTrace's message, and exits 1; nothing ran (no
# BEGIN output, system() did not run).  With -w, or
# "#pragma D option destructive", it runs.
for act in 'system("echo system ran")' 'raise(0)'; do
	"$DTRACE" -q -n "BEGIN { printf(\"BEGIN ran\n\"); $act; exit(0); }"
	echo "$act without -w: exit status $?"
done
"$DTRACE" -q -w -n 'BEGIN { system("echo system ran"); exit(0); }'
echo "with -w: exit status $?"
"$DTRACE" -q -n '#pragma D option destructive
BEGIN { system("echo system ran"); exit(0); }'
echo "with the pragma: exit status $?"
# not quiet, dtrace says it allows them (DTrace's notice(), on stderr)
"$DTRACE" -w -n 'BEGIN { exit(0); }' 2>&1 >/dev/null
"$DTRACE" -n '#pragma D option destructive
BEGIN { exit(0); }' 2>&1 >/dev/null
