# shellcheck shell=bash
# toolkit syslatency.d: nanosleep(2) of 20 ms, three times, by a program
# with a name of its own (napper, a copy of sleep): its histogram has the 3
# calls in the 16-33 ms bucket, and its average is at least 20 ms.
cp /bin/sleep "$E2E_TMP/napper"
printf '#!/bin/sh\n%s 0.02; %s 0.02; %s 0.02\n' "$E2E_TMP/napper" "$E2E_TMP/napper" "$E2E_TMP/napper" >"$E2E_TMP/w.sh"
chmod +x "$E2E_TMP/w.sh"
"$DTRACE" -c "$E2E_TMP/w.sh" -s ../../../share/toolkit/syslatency.d >"$E2E_TMP/out"
head -1 "$E2E_TMP/out"
awk '/^  napper +clock_nanosleep/ { h = 1; next } h && /^$/ { h = 0 } h && /\|/ && $NF > 0 { print "bucket", $1, $NF }' "$E2E_TMP/out"
awk 'NF == 4 && $1 == "napper" && $2 == "clock_nanosleep" { print ($3 >= 20000000 ? "avg >= 20 ms" : "avg " $3) }' "$E2E_TMP/out"
