/*
 * Thread-locals and associative arrays share one pool, sized as DTrace
 * sizes it: dynvarsize / (largest key tuple + largest variable), here
 * 100 / ((4 + 4 + 8) + 4) = 5 entries (x[int]'s tuple as DTrace counts
 * it: a 4-byte word, the int key, 8 bytes for the thread; an int's size is
 * 4; self->a has no tuple).  Three thread-locals and two elements fill it:
 * the next two stores are dynamic variable drops, and read as 0.  Storing
 * 0 deletes, which makes room for one more.
 */
#pragma D option quiet
#pragma D option dynvarsize=100

BEGIN
{
	self->a = 1;
	self->b = 2;
	self->c = 3;
	x[1] = 10;
	x[2] = 20;
	x[3] = 30;
	x[4] = 40;
	printf("%d %d %d %d %d %d %d\n", self->a, self->b, self->c, x[1], x[2], x[3], x[4]);
	self->a = 0;
	x[5] = 50;
	printf("%d %d\n", self->a, x[5]);
	exit(0);
}
