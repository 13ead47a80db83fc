#pragma D option quiet

BEGIN
{
	x = 3;
}

BEGIN
/x == 3/
{
	printf("x == 3\n");
}

BEGIN
/x != 3/
{
	printf("x != 3: wrong\n");
}

BEGIN
/0/
{
	printf("predicate 0: wrong\n");
}

BEGIN
/x > 1 && x < 5/
{
	printf("1 < x < 5\n");
}

BEGIN
/(x = 4) == 4/
{
	printf("assignment in predicate: x = %d\n", x);
}

BEGIN
{
	exit(0);
}
