/* copyin() gives scratch memory, which the clause may write through a
 * pointer, as DTrace allows.  The pointer must be a D variable's (or v + i
 * of one): a cast's result is not writable (DT_NF_WRITABLE). */
syscall::write:entry
/pid == $target/
{
	this->p = (char *)copyin(arg1, 4);
	*this->p = 'X';
	this->p[1] = 'Y';
	this->q = (uint16_t *)(this->p + 2);
	*this->q = 0x4241;
	printf("%c%c%c%c\n", this->p[0], this->p[1], this->p[2], this->p[3]);
	exit(0);
}
