# shellcheck shell=bash
# plockstat -H: how long locks were held, per lock and caller.  Two
# threads take a mutex 20 times each (Mutex hold: 40); a reader and a
# writer take an rwlock 10 times each (R/W reader hold, R/W writer hold:
# 10 each); main waits on a condition variable, which releases its mutex
# at pthread_cond_wait's call and takes it back at its return, so that
# mutex has three holds: main's up to the wait, the signalling thread's,
# main's from the wait to the unlock.  The counts are exact; times and code
# offsets are blanked; ld.so's own locks are left out.  The tables come in
# illumos's order.
PLOCKSTAT=$(dirname "$DTRACE")/plockstat
cat >"$E2E_TMP/prog.c" <<'C'
#include <pthread.h>
#include <unistd.h>
pthread_mutex_t biglock = PTHREAD_MUTEX_INITIALIZER;
pthread_rwlock_t tablelock = PTHREAD_RWLOCK_INITIALIZER;
pthread_mutex_t cvlock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int ready;
void work(void)
{
	for (int i = 0; i < 20; i++) {
		pthread_mutex_lock(&biglock);
		usleep(500);
		pthread_mutex_unlock(&biglock);
	}
}
void reader(void)
{
	for (int i = 0; i < 10; i++) {
		pthread_rwlock_rdlock(&tablelock);
		usleep(500);
		pthread_rwlock_unlock(&tablelock);
	}
}
void writer(void)
{
	for (int i = 0; i < 10; i++) {
		pthread_rwlock_wrlock(&tablelock);
		usleep(500);
		pthread_rwlock_unlock(&tablelock);
	}
}
void signaller(void)
{
	/* main holds cvlock until its wait releases it */
	pthread_mutex_lock(&cvlock);
	ready = 1;
	pthread_cond_signal(&cv);
	pthread_mutex_unlock(&cvlock);
}
static void *w(void *a) { (void)a; work(); return NULL; }
static void *r(void *a) { (void)a; reader(); return NULL; }
static void *wr(void *a) { (void)a; writer(); return NULL; }
static void *s(void *a) { (void)a; signaller(); return NULL; }
int main(void)
{
	pthread_t t[5];
	pthread_mutex_lock(&cvlock);
	pthread_create(&t[0], NULL, w, NULL);
	pthread_create(&t[1], NULL, w, NULL);
	pthread_create(&t[2], NULL, r, NULL);
	pthread_create(&t[3], NULL, wr, NULL);
	pthread_create(&t[4], NULL, s, NULL);
	while (!ready)
		pthread_cond_wait(&cv, &cvlock);
	pthread_mutex_unlock(&cvlock);
	for (int i = 0; i < 5; i++)
		pthread_join(t[i], NULL);
	return 0;
}
C
cc -O0 -fno-omit-frame-pointer -pthread -o "$E2E_TMP/prog" "$E2E_TMP/prog.c" || exit 1
"$PLOCKSTAT" -H "$E2E_TMP/prog" >"$E2E_TMP/out" 2>"$E2E_TMP/err"
echo "plockstat exit status $?"
sed -E 's/pid [0-9]+/pid PID/' "$E2E_TMP/err"
echo "tables: $(grep -E '^[A-Z]' "$E2E_TMP/out" | grep -v '^Count ' | paste -sd, -)"
echo "legends: $(grep -c '^Count     nsec Lock                         Caller$' "$E2E_TMP/out")"
echo "bars: $(grep -c '^-\{79\}$' "$E2E_TMP/out")"
awk '/^$/ { next }
     /^[A-Z]/ && !/^Count / { t = $0; next }
     /prog`/ { print t ":", $1, $3, $4 }' "$E2E_TMP/out" | sed -E 's/\+0x[0-9a-f]+/+0x.../g' | LC_ALL=C sort
