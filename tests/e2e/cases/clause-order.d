/* Clauses for the same probe run in program order; END runs after exit(). */
#pragma D option quiet

BEGIN
{
	printf("begin 1\n");
}

END
{
	printf("end 1\n");
}

BEGIN
{
	printf("begin 2\n");
}

BEGIN
{
	printf("begin 3\n");
	exit(0);
}

END
{
	printf("end 2\n");
}
