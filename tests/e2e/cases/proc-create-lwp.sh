# shellcheck shell=bash
# proc:::create and proc:::lwp-create, as in DTrace on Linux, both fire at
# every fork (sched_process_fork): a process's (create's child has a pid of
# its own) and a thread's (the child is the same process).
cat >"$E2E_TMP/t.c" <<'C'
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>
static void *run(void *a) { return a; }
int main(void)
{
	pthread_t t;
	pid_t p;
	pthread_create(&t, 0, run, 0);
	pthread_join(t, 0);
	if ((p = fork()) == 0)
		_exit(0);
	waitpid(p, 0, 0);
	return 0;
}
C
cc -pthread -o "$E2E_TMP/t" "$E2E_TMP/t.c" || exit 1
"$DTRACE" -qn '
proc:::create /pid == $target/ { printf("create: %s\n", args[0]->pr_pid == pid ? "a thread" : "a process"); }
proc:::lwp-create /pid == $target/ { printf("lwp-create: %s, lwp %s\n", args[1]->pr_pid == pid ? "a thread" : "a process",
    args[0]->pr_lwpid != tid ? "new" : "old"); }' -c "$E2E_TMP/t"
