/* A load from address 0 aborts the clause, is reported, and fires ERROR. */
BEGIN
{
	*(int *)0;
	printf("not reached\n");
}

ERROR
{
	exit(0);
}
