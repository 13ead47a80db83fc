/*
 * substr()'s position and length are ints, as DTrace's dt_substr takes
 * them (the low 32 bits, sign-extended), whatever the width of the
 * expression: a position of 0xffffffff is -1, a length of 0x100000003 is 3.
 */
#pragma D option quiet

BEGIN
{
	s = "abcdefghij";
	this->i = 0xffffffff;
	this->l = 0x100000003;
	printf("[%s]\n", substr(s, 0xffffffff));
	printf("[%s]\n", substr(s, this->i));
	printf("[%s]\n", substr(s, 0xfffffffd, 2));
	printf("[%s]\n", substr(s, 0x100000001));
	printf("[%s]\n", substr(s, 2, this->l));
	printf("[%s]\n", substr(s, 1, 0xfffffffe));
	exit(0);
}
