/* ERROR fires when the fault happens, before the next clause of the probe
   (as in test/unittest/error/tst.clause_scope-begin.r). */
#pragma D option quiet

ERROR
{
	printf("ERROR fired\n");
}

BEGIN
{
	x = 0;
	y = 1 % x;
}

BEGIN
{
	printf("next clause\n");
	exit(0);
}
