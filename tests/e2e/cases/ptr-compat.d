/*
 * Pointer operands as DTrace takes them (dt_node_is_ptrcompat): pointers
 * to compatible types, either of them void, or the constant 0; the result
 * of ?: is the more specific type.
 */
#pragma D option quiet

BEGIN
{
	this->t = curthread;
	this->v = (void *)curthread;
	this->p = timestamp ? this->v : this->t;	/* struct task_struct * (1 ? would be folded to this->v) */
	printf("%d %d %d %d\n", this->p == this->t, this->t == this->v, curthread != NULL, curthread == 0);
	printf("%d\n", this->p->pid == pid);
	printf("%d\n", (int32_t *)8 - (int *)0);
	this->s = (char *)0;
	this->s = "abc";
	exit(0);
}
