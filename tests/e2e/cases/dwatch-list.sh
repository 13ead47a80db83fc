# shellcheck shell=bash
# -Q lists the profiles (in columns; -1 one a line; -q without the
# heading; -r a regular expression); -l the probes a name means, -l -P
# the providers, each once.
. ../lib/dwatch.sh
"$DWATCH" -Q
"$DWATCH" -Q -1 -r '^(tcp|io)'
"$DWATCH" -Q -q -r '^proc-exec'
"$DWATCH" -l execve
"$DWATCH" -l -q -n exec-success
"$DWATCH" -l -P -r '^(proc|syscall|tcp)$'
echo "status $?"
