# shellcheck shell=bash
# `dwatch execve` while `ls -la /` runs: one line for that ls, with the
# date, uid.gid 0.0 (root), the new program's name and pid and its whole
# command line.  The machine's other execs are left out by the ls's pid.
. ../lib/dwatch.sh
: >"$E2E_TMP/pids"
run_ls() {
	ls -la / >/dev/null &
	echo $! >>"$E2E_TMP/pids"
	wait $!
}
dw_start execve
dw_until ' ls\[[0-9]+\]: ls -la /$' run_ls || echo "no ls seen"
dw_stop
grep -F -f <(sed 's/.*/ls[&]: ls -la \//' "$E2E_TMP/pids") "$E2E_TMP/dw.out" | head -1 |
	sed -E -e "$DW_DATE_SED" -e 's/\[[0-9]+\]/[PID]/'
cat "$E2E_TMP/dw.err"
