# shellcheck shell=bash
# Profiles: -X open shows the path a process opens (read at the call's
# return), -r keeps the lines of the file this case opens; -X errno the
# call that failed with its errno's name; -X proc-exec-success a program's
# start with its command line (a copy of cat named dwcat).
. ../lib/dwatch.sh
cp /bin/cat "$E2E_TMP/dwcat"
echo hello >"$E2E_TMP/dwatch-open-file"
show() { sed -E -e "$DW_DATE_SED" -e 's/\[[0-9]+\]/[PID]/' -e "s|$E2E_TMP|TMP|g" "$E2E_TMP/dw.out"; }

dw_start -q -N 1 -X open -r 'dwatch-open-file$'
dw_until never "$E2E_TMP/dwcat" "$E2E_TMP/dwatch-open-file" >/dev/null
dw_stop
show

dw_start -q -N 1 -X errno -k dwcat -t 'errno == ENOENT && probefunc == "openat"'
dw_until never "$E2E_TMP/dwcat" "$E2E_TMP/no-such-file" 2>/dev/null
dw_stop
show

# (run from its directory: a command line is cut at 79 characters)
dw_start -q -N 1 -X proc-exec-success -k dwcat
dw_until never eval '(cd "$E2E_TMP" && ./dwcat dwatch-open-file >/dev/null)'
dw_stop
show
