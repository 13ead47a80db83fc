# shellcheck shell=bash
# toolkit signals.d: a script kills its background sleep (after it has
# exec'd sleep: the receiver's name) with SIGTERM (15).  The columns'
# padding depends on the pids' widths: it is cut to one space after them.
printf '#!/bin/sh\nsleep 5 &\nsleep 0.3\nkill -TERM $!\n' >"$E2E_TMP/killer.sh"
chmod +x "$E2E_TMP/killer.sh"
"$DTRACE" -c "$E2E_TMP/killer.sh" -s ../../../share/toolkit/signals.d | grep -E '^FROM|^$|^killer\.sh\([0-9]+\) +sleep\([0-9]+\) +15( |$)' |
	sed -E 's/\([0-9]+\) +/(PID) /g'
