# shellcheck shell=bash
# signal.d and errno.d are loaded only for a program that names one of
# their constants: with -L, a directory whose errno.d and signal.d do not
# compile, a BEGIN-only script still runs (neither file is read), and a
# script naming EPERM reports the error of the errno.d it loaded, the
# file named in quotes as DTrace's dt_set_errmsg names a file tag.
mkdir -p "$E2E_TMP/lib"
printf 'inline int EPERM = 1 +;\n' >"$E2E_TMP/lib/errno.d"
printf 'inline int SIGKILL = 9 +;\n' >"$E2E_TMP/lib/signal.d"
"$DTRACE" -q -L "$E2E_TMP/lib" -n 'BEGIN { printf("begin only\n"); exit(0); }'
echo "status $?"
"$DTRACE" -q -L "$E2E_TMP/lib" -n 'BEGIN { trace(EPERM); exit(0); }' 2>&1 | sed "s|$E2E_TMP|TMP|g"
echo "status ${PIPESTATUS[0]}"
