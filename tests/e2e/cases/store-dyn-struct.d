/*
 * Stores into a member of a struct held in an associative array or a
 * thread-local variable write the variable in place (making it when unset);
 * an unset one reads as zeros.
 */
struct ci {
	uint64_t ts;
	int n;
	int a[4];
};
struct ci i[int, string];
self struct ci s;

BEGIN
{
	printf("unset: %d %d\n", i[1, "a"].n, self->s.a[3]);
	i[1, "a"].ts = timestamp;
	i[1, "a"].n++;
	i[1, "a"].n += 4;
	i[1, "a"].a[2] = 9;
	self->s.a[3] = 3;
	self->s.a[3] *= 5;
	self->s.n = -7;
	printf("set: %d %d %d %d %d\n", i[1, "a"].ts > 0, i[1, "a"].n, i[1, "a"].a[2], self->s.a[3], self->s.n);
	printf("others: %d %d\n", i[2, "a"].n, i[1, "b"].a[2]);
	exit(0);
}
