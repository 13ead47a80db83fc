# shellcheck shell=bash
# toolkit opensnoop.d: cat opens a file that exists and one that does not:
# fd 3 with errno 0, then -1 with ENOENT (2).
echo hi >"$E2E_TMP/there"
"$DTRACE" -c "cat $E2E_TMP/there $E2E_TMP/missing" -s ../../../share/toolkit/opensnoop.d 2>/dev/null |
	grep -E '^ +PID|/(there|missing)$' | sed -E -e 's/^ +[0-9]+ /    PID /' -e "s|$E2E_TMP|TMP|"
