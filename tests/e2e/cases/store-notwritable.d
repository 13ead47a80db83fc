/*
 * Only a D variable, and memory reached from one (*v, *(v + i), v[i], v.m,
 * v->m), is writable (DTrace's DT_NF_WRITABLE, dt_cook_op1/dt_cook_op2):
 * storing through a cast or through a built-in's pointer is D_OP_WRITE.
 */
BEGIN
{
	curthread->pid = 1;
}
