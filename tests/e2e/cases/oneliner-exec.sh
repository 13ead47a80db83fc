# shellcheck shell=bash
# The classic one-liners of the proc provider, as DTrace's documentation
# writes them, output as DTrace prints it (default trace() lines), limited
# to the -c command's children:
#   dtrace -n 'proc:::exec-success { trace(curpsinfo->pr_psargs); }'
#   dtrace -n 'proc:::exec { trace(stringof(args[0])); }'
s=$E2E_TMP/run.sh
printf '#!/bin/sh\n/bin/ls -l / >/dev/null\n' >"$s"
chmod +x "$s"
"$DTRACE" -n 'proc:::exec-success /progenyof($target)/ { trace(curpsinfo->pr_psargs); }' -c "$s" 2>&1
"$DTRACE" -n 'proc:::exec /progenyof($target)/ { trace(stringof(args[0])); }' -c "$s" 2>&1
