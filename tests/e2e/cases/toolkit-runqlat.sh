# shellcheck shell=bash
# toolkit runqlat.d: a program (rqprog) of 4 threads on one CPU (taskset),
# each 100 times sleeping 1 ms then spinning 2 ms: 8 ms of work every 3 ms
# for one CPU, so a thread woken from its sleep waits for the others.  The
# histogram counts at least rqprog's 400 wakeups (it counts the whole
# system's), and rqprog's average wait is at least 100 us (it is a few ms:
# without the queueing it would be a few us).
cat >"$E2E_TMP/r.c" <<'C'
#include <pthread.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static void *work(void *a) { (void)a; struct timespec ts = {0, 1000000}; for (int i = 0; i < 100; i++) { nanosleep(&ts, 0); double end = now() + 0.002; while (now() < end) ; } return 0; }
int main(void) { pthread_t t[4]; for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, work, 0); for (int i = 0; i < 4; i++) pthread_join(t[i], 0); return 0; }
C
cc -O0 -pthread -o "$E2E_TMP/rqprog" "$E2E_TMP/r.c" || exit 1
"$DTRACE" -c "taskset -c 0 $E2E_TMP/rqprog" -s ../../../share/toolkit/runqlat.d >"$E2E_TMP/out"
echo "dtrace exit status $?"
awk '
	NR == 1 { print; next }
	/\|/ { n += $NF; next }
	/value/ { sub(/ +$/, ""); print; next }
	/^PROCESS/ { print (n >= 400 ? "400 wakeups or more" : n " wakeups"); print; next }
	$1 == "rqprog" && NF == 2 { print "rqprog", ($2 >= 100 ? "100 us or more" : $2 " us") }' "$E2E_TMP/out"
