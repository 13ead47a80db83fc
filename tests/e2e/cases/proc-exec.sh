# shellcheck shell=bash
# proc:::exec-success sees the new image's full argument list in
# curpsinfo->pr_psargs ("ls -l /", not just "ls"); proc:::exec's args[0] is
# the path being exec'd; a failed exec fires exec-failure with the call's
# return value, as DTrace gives it (-2: -ENOENT).
# Only the -c command's descendants count (progenyof), whatever else runs.
s=$E2E_TMP/run.sh
printf '#!/bin/sh\n/nonexistent/cmd 2>/dev/null\n/bin/ls -l / >/dev/null\n' >"$s"
chmod +x "$s"
"$DTRACE" -qn '
proc:::exec /progenyof($target)/ { printf("exec %s\n", stringof(args[0])); }
proc:::exec-failure /progenyof($target)/ { printf("exec-failure %d\n", args[0]); }
proc:::exec-success /progenyof($target)/ { printf("exec-success %s [%s]\n", execname, curpsinfo->pr_psargs); }' -c "$s"
