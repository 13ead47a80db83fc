# shellcheck shell=bash
# plockstat -v -s 2 -e 1 -p PID on a running program whose two threads
# contend on a mutex forever: it grabs the process, stops after a second
# (leaving the process running), and under each "Mutex block" row prints
# illumos's time histogram beside the first two stack frames (the caller
# and its caller).  Bucket values and counts vary: each histogram line is
# checked for its shape, then reduced to its stack frame.  Only the Mutex
# block table is kept (a mutex found held and then taken without waiting
# would add a Mutex spin table).
PLOCKSTAT=$(dirname "$DTRACE")/plockstat
cat >"$E2E_TMP/prog.c" <<'C'
#include <pthread.h>
#include <unistd.h>
pthread_mutex_t biglock = PTHREAD_MUTEX_INITIALIZER;
void work(void)
{
	for (;;) {
		pthread_mutex_lock(&biglock);
		usleep(2000);
		pthread_mutex_unlock(&biglock);
		usleep(100);
	}
}
void *thr(void *a) { (void)a; work(); return NULL; }
int main(void)
{
	pthread_t t[2];
	for (int i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, thr, NULL);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	return 0;
}
C
cc -O0 -fno-omit-frame-pointer -pthread -o "$E2E_TMP/prog" "$E2E_TMP/prog.c" || exit 1
"$E2E_TMP/prog" &
pid=$!
"$PLOCKSTAT" -v -s 2 -e 1 -p "$pid" >"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "plockstat exit status $?"
if kill -0 "$pid" 2>/dev/null; then echo "process still running"; fi
kill "$pid"
wait "$pid" 2>/dev/null
cat "$E2E_TMP/err"
hist='^ *[0-9]+ \|@* *\| +[0-9]+ '
echo "histogram lines: $(grep -cE "$hist" "$E2E_TMP/out" | sed 's/^[1-9][0-9]*$/some/')"
awk '/^$/ { next }
     /^[A-Z]/ && !/^Count / && !/^plockstat/ { t = $0; if (t == "Mutex block") print; next }
     t == "Mutex block" || /^plockstat/' "$E2E_TMP/out" |
	sed -E -e "s/pid $pid\$/pid PID/" -e 's/^ *[1-9][0-9]* +[0-9]+ (prog`)/    N        N \1/' \
	    -e "s/$hist//" -e 's/^ {44}//' -e 's/\+0x[0-9a-f]+/+0x.../g' | grep -v '^$'
