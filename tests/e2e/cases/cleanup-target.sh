# shellcheck shell=bash
# dtrace -c CMD: when the command exits, or is killed, dtrace stops (END
# runs, status 0) and nothing of it is left in the kernel; when dtrace is
# killed, so is the command it started (it would otherwise run on,
# untraced and unwatched), and nothing is left either.
. ../lib/leftover.sh
cat >"$E2E_TMP/calls.c" <<'C'
#include <stdlib.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	for (int i = atoi(argv[1]); i > 0; i--)
		getppid();
	return 0;
}
C
cc -O2 -o "$E2E_TMP/calls" "$E2E_TMP/calls.c" || exit 1

# the command exits: its 1000 calls counted, END, status 0
recorded EXIT "$DTRACE" -q -n 'syscall::getppid:entry /pid == $target/ { n++; }
	END { printf("%d calls\n", n); }' -c "$E2E_TMP/calls 1000" | sed 's/^/EXIT: /'
echo "EXIT: dtrace exit status ${PIPESTATUS[0]}"
leftover EXIT

# the command is killed (SIGKILL)
recorded KILLED "$DTRACE" -q -n 'BEGIN { printf("ready\n"); }
	syscall::nanosleep:entry, syscall::clock_nanosleep:entry /pid == $target/ { n++; }
	END { printf("END ran\n"); }' -c "sleep 60" >"$E2E_TMP/KILLED.out" &
wait_for "$E2E_TMP/KILLED.out" ready
dt=$(pid_of KILLED)
child=$(cat /proc/"$dt"/task/*/children)
kill -KILL $child
wait $!
echo "KILLED: dtrace exit status $?"
sed -n 's/^END ran$/KILLED: END ran/p' "$E2E_TMP/KILLED.out"
leftover KILLED

# dtrace is killed (SIGKILL) while its command runs: the command dies too
recorded DTKILLED "$DTRACE" -q -n 'BEGIN { printf("ready\n"); }
	syscall::nanosleep:entry, syscall::clock_nanosleep:entry /pid == $target/ { n++; }' \
	-c "sleep 60" >"$E2E_TMP/DTKILLED.out" &
wait_for "$E2E_TMP/DTKILLED.out" ready
dt=$(pid_of DTKILLED)
child=$(cat /proc/"$dt"/task/*/children)
kill -KILL "$dt"
wait $!
echo "DTKILLED: dtrace exit status $?"
for _ in $(seq 100); do
	[[ -d /proc/$child ]] && [[ $(awk '{ print $3 }' /proc/"$child"/stat 2>/dev/null) != Z ]] || break
	sleep 0.1
done
if [[ -d /proc/$child ]] && [[ $(awk '{ print $3 }' /proc/"$child"/stat 2>/dev/null) != Z ]]; then
	echo "DTKILLED: the command still runs"
	kill -KILL "$child"
else
	echo "DTKILLED: the command is gone"
fi
leftover DTKILLED
