# shellcheck shell=bash
# -l lists the probes: the header, then the dtrace provider's BEGIN, END and
# ERROR with IDs 1, 2 and 3 (the other providers' probes follow).
"$DTRACE" -l >"$E2E_TMP/list"
echo "dtrace exit status $?"
head -n 4 "$E2E_TMP/list"
