# shellcheck shell=bash
# -N 2 with -k: dwatch exits by itself after two events of the program
# named (here a copy of true(1) named dwtrue, run until dwatch has exited),
# each line its command line; -k's glob forms (begins with, ends with,
# contains) each select it, beside a name that matches nothing.
. ../lib/dwatch.sh
cp /bin/true "$E2E_TMP/dwtrue"
for k in 'dwt*' '*wtrue' '*wtr*'; do
	dw_start -q -N 2 -k nomatch -k "$k" execve
	dw_until 'never' "$E2E_TMP/dwtrue" one two
	dw_stop
	sed -E -e "$DW_DATE_SED" -e 's/\[[0-9]+\]/[PID]/' -e "s|$E2E_TMP|TMP|" "$E2E_TMP/dw.out"
done
