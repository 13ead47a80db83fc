# shellcheck shell=bash
# plockstat -C on a two-thread program contending on one global mutex:
# the "Mutex block" table (its title, legend and bar as illumos prints
# them) with a row for the mutex, named by its symbol (prog`biglock), a
# count above 0 and the program's function that called
# pthread_mutex_lock as the Caller.  Counts, times and code offsets vary
# from run to run: they are blanked; rows of other locks (ld.so's) and the
# other tables (a mutex found held and taken without waiting is a "Mutex
# spin") are left out.
PLOCKSTAT=$(dirname "$DTRACE")/plockstat
cat >"$E2E_TMP/prog.c" <<'C'
#include <pthread.h>
#include <unistd.h>
pthread_mutex_t biglock = PTHREAD_MUTEX_INITIALIZER;
void work(void)
{
	for (int i = 0; i < 20; i++) {
		pthread_mutex_lock(&biglock);
		usleep(2000);		/* held long enough for the other to wait */
		pthread_mutex_unlock(&biglock);
		usleep(100);
	}
}
static void *thr(void *a) { (void)a; work(); return NULL; }
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
"$PLOCKSTAT" -C "$E2E_TMP/prog" >"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "plockstat exit status $?"
sed -E 's/pid [0-9]+/pid PID/' "$E2E_TMP/err"
awk '/^$/ { next }
     /^[A-Z]/ && !/^Count / { t = $0; if (t == "Mutex block") print; next }
     t == "Mutex block" && (/^Count / || /^---/ || /prog`/)' "$E2E_TMP/out" |
	sed -E -e 's/^ *[1-9][0-9]* +[0-9]+ /    N        N /' -e 's/\+0x[0-9a-f]+/+0x.../g'
