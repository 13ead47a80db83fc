/*
 * With -x faultsrc, a run-time fault names the D statement after DTrace's
 * message (which names the fault by its BPF pc only): its line and text,
 * for a statement, a predicate and an if's condition, each on its own
 * line whatever the clause's other statements, and a divide-by-zero in a
 * syscall probe's clause (another program than BEGIN's).
 */
BEGIN
{
	x = 1;
	p = (int *)0;
	trace(x);
	trace(*p + 1);
}

BEGIN
/ *(int *)8 == 0 /
{
	trace(2);
}

BEGIN
{
	if (*p == 1) {
		trace(1);
	}
	n = 0;
}

syscall::getpid:entry
/pid == $target/
{
	trace(10 /
	    n);
}

syscall::getpid:return
/pid == $target/
{
	exit(0);
}
