#pragma D option quiet

/* epid is the probe id in the high 32 bits and the statement (clause)
   id, from 0 in compile order, in the low ones (Oracle DTrace's
   get_bvar.c); BEGIN is probe 1 */
BEGIN
{
	printf("%x %d\n", epid, id);
}

BEGIN
{
	printf("%x %d\n", epid, epid >> 32 == id);
	exit(0);
}
