# shellcheck shell=bash
# The sched probes this kernel (6.16 or later, without kprobes) offers, in
# name order, their function empty, as DTrace lists them.  enqueue, dequeue
# and tick need kprobes: they are absent, and a script naming one matches
# nothing.
"$DTRACE" -l -P sched | sed -E 's/^ *[0-9]+ /ID /'
"$DTRACE" -n 'sched:::tick { exit(0); }'
echo "dtrace exit status $?"
