# shellcheck shell=bash
# dtrace -e compiles and exits before enabling anything: a -c command is
# not run (it is created stopped at its exec, then killed), and no
# "matched N probes" notice is printed (nothing was enabled), as in DTrace.
"$DTRACE" -e -n 'BEGIN { exit(0); }' -c "touch $E2E_TMP/ran"
echo "dtrace exit status $?"
if [[ -e $E2E_TMP/ran ]]; then echo "the command ran"; else echo "the command did not run"; fi
"$DTRACE" -e -n 'BEGIN { nosuchfunc(); }' -c "touch $E2E_TMP/ran"
echo "dtrace exit status $?"
if [[ -e $E2E_TMP/ran ]]; then echo "the command ran"; else echo "the command did not run"; fi
