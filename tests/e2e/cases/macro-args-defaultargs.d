/*
 * #pragma D option defaultargs: an argument not given is 0 as $N and ""
 * as $$N; #pragma D option argref: the last argument need not be used.
 */
#pragma D option defaultargs
#pragma D option argref

BEGIN
{
	printf("%d [%s] %d\n", $1 + 1, $$2, $3);
	exit(0);
}
