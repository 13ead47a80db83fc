/* ERROR fires when the fault happens, before the next clause of the probe
   (test/unittest/error/tst.clause_scope-begin.d); with exit() in BEGIN its
   output is consumed after all of BEGIN's (DTrace's dt_consume_begin). */
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
