# shellcheck shell=bash
# END runs once, after a clause on a stable provider (whose condition the
# compiler makes before it matches the clauses, making sched's probes):
# BEGIN, END and ERROR keep their probe ids 1, 2 and 3.
"$DTRACE" -q -n '
sched:::off-cpu /pid == $target/ { n = 1; }
END { printf("END: the target went off CPU %d\n", n); }' -c 'sleep 0.1'
echo "dtrace exit status $?"
