#pragma D option quiet

/* link_ntop() of a type it does not know faults (illegal operation) with
   the type as the fault's value, ERROR's arg5 (dt_cg_subr_link_ntop) */
BEGIN
{
	this->c = (uint8_t *)alloca(20);
	t = 7;
	printf("%s\n", link_ntop(t, this->c));
}

ERROR
{
	printf("fault %d value %d\n", arg4, arg5);
	exit(0);
}
