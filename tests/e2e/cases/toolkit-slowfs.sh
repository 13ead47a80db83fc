# shellcheck shell=bash
# toolkit slowfs.d 100: cat reading a pipe whose writer sleeps 0.3 s first:
# one read of 5 bytes ("slow\n") on fd 0 taking about 300 ms (200 or more:
# cat starts its read a little after the sleep starts, later on a busy machine).
printf '#!/bin/sh\n(sleep 0.3; echo slow) | cat >/dev/null\n' >"$E2E_TMP/w.sh"
chmod +x "$E2E_TMP/w.sh"
"$DTRACE" -c "$E2E_TMP/w.sh" -s ../../../share/toolkit/slowfs.d 100 |
	awk 'NR <= 2 || ($3 == "cat" && $4 == "read") { if (NR > 2) $0 = sprintf("cat read %s %s %s %s", $5, ($6 >= 200 ? ">=200" : $6), $7, $8); print }'
