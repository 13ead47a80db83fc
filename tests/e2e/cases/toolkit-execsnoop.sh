# shellcheck shell=bash
# toolkit execsnoop.d: a script the test runs execs ls and echo with
# arguments; their lines show the uid and the whole argument list.
printf '#!/bin/sh\nls -l / >/dev/null\n/bin/echo a b c >/dev/null\n' >"$E2E_TMP/w.sh"
chmod +x "$E2E_TMP/w.sh"
# (the whole system's execs are shown: only the script's are kept)
"$DTRACE" -c "$E2E_TMP/w.sh" -s ../../../share/toolkit/execsnoop.d | grep -E '^TIME|ls -l /$|echo a b c$' |
	sed -E 's/^[0-9]+ +0 +[0-9]+ +[0-9]+ /TIME 0 PID PPID /'
