# shellcheck shell=bash
# An aggregation keyed by ustack() of a process that dtrace neither started
# nor grabbed (the test starts it, dtrace is told its pid as $1), printed
# at END after the process has exited and been reaped: its frames keep
# their names, because its mappings were read when its first user stack
# was taken, while it lived.  The steps are ordered with fifos and dtrace's
# own output, not with delays: dtrace is tracing ("ready"), the process
# makes its system call, dtrace has consumed that firing ("seen": its
# symbols are read before that line is printed), the process exits, then
# dtrace is interrupted.
cat >"$E2E_TMP/t.c" <<'C'
#include <fcntl.h>
#include <unistd.h>
static void wait_for(const char *fifo)
{
	char c;
	int fd = open(fifo, O_RDONLY);
	if (fd < 0 || read(fd, &c, 1) < 0)
		_exit(2);
	close(fd);
}
__attribute__((noinline)) int leaf(int x) { return (int)write(1, "", 0) + x; }
__attribute__((noinline)) int mid(int x) { return leaf(x + 1) + 1; }
__attribute__((noinline)) int top(int x) { return mid(x) + 1; }
int main(int argc, char **argv)
{
	(void)argc;
	wait_for(argv[1]);
	top(1);
	wait_for(argv[2]);
	return 0;
}
C
cc -O0 -fno-omit-frame-pointer -o "$E2E_TMP/t" "$E2E_TMP/t.c" || exit 1
mkfifo "$E2E_TMP/go" "$E2E_TMP/done" || exit 1
"$E2E_TMP/t" "$E2E_TMP/go" "$E2E_TMP/done" >/dev/null &
child=$!
"$DTRACE" -q -n '
syscall::write:entry /pid == $1/ { @[ustack(5)] = count(); printf("seen\n"); }
tick-10ms /!ready/ { ready = 1; printf("ready\n"); }' $child >"$E2E_TMP/out" 2>"$E2E_TMP/err" &
dtrace=$!
until grep -q '^ready$' "$E2E_TMP/out"; do
	kill -0 $dtrace 2>/dev/null || break
	sleep 0.05
done
echo >"$E2E_TMP/go"
until grep -q '^seen$' "$E2E_TMP/out"; do
	kill -0 $dtrace 2>/dev/null || break
	sleep 0.05
done
echo >"$E2E_TMP/done"
wait $child
echo "process exit status $?"
kill -INT $dtrace
wait $dtrace
echo "dtrace exit status $?"
cat "$E2E_TMP/err" >&2
cat "$E2E_TMP/out"
