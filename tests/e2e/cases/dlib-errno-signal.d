/* The D library's signal and errno constants (lib/dtrace/signal.d,
 * errno.d): Linux's x86-64 values, aliases included. */
#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d %d\n", SIGHUP, SIGKILL, SIGTERM, SIGCHLD, SIGSYS);
	printf("%d %d %d %d %d\n", EPERM, ENOENT, EAGAIN, EWOULDBLOCK, ENOTSUP);
	trace(SIGKILL);
	trace(EPERM);
	printf("\n");
	exit(0);
}
