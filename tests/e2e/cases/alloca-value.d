/*
 * A pointer alloca() gave out is, as a value, its offset in the clause's
 * scratch space, which starts at 8 (0 is NULL), as DTrace records it; and
 * strtok()'s state carries over from one clause to the next, as DTrace's
 * per-CPU state does.
 */
#pragma D option quiet

BEGIN
{
	x = (char *)alloca(5);
	y = (char *)alloca(8);
	x[0] = 'a'; x[1] = '/'; x[2] = 'b'; x[3] = '/'; x[4] = 0;
	trace(x);
	trace(" ");
	trace(y);
	printf(" %s\n", strtok(x, "/"));
}

BEGIN
{
	z = (char *)alloca(1);
	trace(z);
	printf(" %s", strtok(NULL, "/"));
	printf(" %s\n", strtok(NULL, "/") == NULL ? "end" : "more");
	exit(0);
}
