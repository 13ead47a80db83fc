# shellcheck shell=bash
# No limit on concurrent consumers, and each is exact: six dtrace processes
# count the same system call at once, and each counts exactly the 100,000
# getppid() calls a workload makes (no event lost, none counted twice,
# none of another consumer's).  The workload waits until every dtrace is
# tracing, then calls; each dtrace is stopped (SIGINT) once it is done.
cat >"$E2E_TMP/calls.c" <<'C'
#include <stdlib.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	char go;
	if (read(0, &go, 1) != 1)	/* until every consumer is tracing */
		return 1;
	for (int i = atoi(argv[1]); i > 0; i--)
		getppid();
	return 0;
}
C
cc -O2 -o "$E2E_TMP/calls" "$E2E_TMP/calls.c" || exit 1
mkfifo "$E2E_TMP/go"
"$E2E_TMP/calls" 100000 <"$E2E_TMP/go" &
work=$!
exec 3>"$E2E_TMP/go"
pids=()
for i in 1 2 3 4 5 6; do
	"$DTRACE" -q -n 'BEGIN { printf("ready\n"); }
		syscall::getppid:entry /pid == $1/ { n++; }
		END { printf("%d\n", n); }' "$work" >"$E2E_TMP/c$i" 2>&1 &
	pids+=($!)
done
for i in 1 2 3 4 5 6; do
	for _ in $(seq 200); do grep -qx ready "$E2E_TMP/c$i" && break; sleep 0.1; done
done
echo go >&3
exec 3>&-
wait "$work"
echo "workload exit status $?"
kill -INT "${pids[@]}"
for i in 1 2 3 4 5 6; do
	wait "${pids[$((i - 1))]}"
	echo "consumer $i: exit status $?, counted $(sed '1d;/^$/d' "$E2E_TMP/c$i")"
done
