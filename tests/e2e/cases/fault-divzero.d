/* Division by zero: reported, the rest of the clause is skipped, ERROR
   fires with the fault in its arguments. */
#pragma D option quiet

BEGIN
{
	printf("begin\n");
}

BEGIN
{
	x = 0;
	y = 1 / x;
	printf("not reached\n");
}

ERROR
{
	printf("ERROR: probe %d, clause %d, divzero %d, addr %d\n", arg1, arg2,
	    arg4 == DTRACEFLT_DIVZERO, arg5);
	exit(0);
}
