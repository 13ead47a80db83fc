# shellcheck shell=bash
# -l implies -Z, yet a provider name that cannot name a process is an
# error (DTrace's dt_setcontext asks the pid provider before it matches):
# pid0 and a process that does not exist; the error comes before the
# header, which is not printed.  A description matching nothing is only
# reported as unmatched.
for spec in "-P pid0" "-n pid2147483647:::entry" "-n nosuch1:::"; do
	# shellcheck disable=SC2086
	"$DTRACE" -xerrtags -l $spec 2>&1
	echo "status $?"
done
