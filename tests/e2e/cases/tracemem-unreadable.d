#pragma D option quiet

/* tracemem() of memory that cannot be read shows zeros and raises no
   fault (DTrace's dt_cg_act_tracemem does not check the read) */
BEGIN
{
	tracemem(8, 4);
	tracemem((char *)0, 6, 3);
	printf("\ndone\n");
	exit(0);
}
