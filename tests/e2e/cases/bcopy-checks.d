/*
 * bcopy()'s checks, by DTrace's rules (dt_cg_subr_bcopy_impl): arguments
 * evaluated in order; a size below 0 or beyond scratchsize - 8 is an
 * "invalid size"; an alloca() source or destination must hold the size;
 * a destination outside alloca() space is an "invalid address"; copyin()
 * and alloca() have the same scratch space.
 */
#pragma D option quiet
#pragma D option scratchsize=16

BEGIN
{
	src = (char *)alloca(8);
	dst = (char *)alloca(8);
	src[0] = 'a'; src[1] = 'b'; src[2] = 'c'; src[3] = 'd';
	src[4] = 'e'; src[5] = 'f'; src[6] = 'g'; src[7] = 'h';
	dst[0] = dst[1] = dst[2] = dst[3] = dst[4] = dst[5] = dst[6] = dst[7] = '.';
	n = 2;
	bcopy((void *)(src + (n++)), (void *)(dst + (n++)), (n++));
	printf("%c%c%c%c%c%c%c%c\n", dst[0], dst[1], dst[2], dst[3],
	    dst[4], dst[5], dst[6], dst[7]);
}

BEGIN { bcopy("bad news", alloca(1), -1); }
BEGIN { bcopy("seventeen bytes!!", alloca(16), 17); }
BEGIN { d = alloca(8); v = alloca(1); bcopy(v, d, 9); }
BEGIN { copyin(0, -1); }
BEGIN { copyin(0, 9); }
BEGIN { s = (char *)alloca(16); bcopy("01", &s[15], 2); }
BEGIN { s = (char *)alloca(4); bcopy("01", s + 8, 1); }
BEGIN { bcopy((void *)0, alloca(4), 1); }
BEGIN { s = (char *)alloca(4); bcopy("abc", s, 4); printf("%s\n", stringof(s)); }

BEGIN
{
	exit(0);
}
