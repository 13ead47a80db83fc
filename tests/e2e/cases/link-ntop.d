#pragma D option quiet

/* link_ntop() of Ethernet and InfiniBand addresses in D memory, with the
   type in a variable; then a type it does not know faults */
uint8_t ib[20];

BEGIN
{
	this->e = (uint64_t *)alloca(8);
	*this->e = htonll(0x000102030405 << 16);
	printf("%s\n", link_ntop(ARPHRD_ETHER, this->e));
	*this->e = htonll(0xfedcba987654 << 16);
	t = ARPHRD_ETHER;
	printf("%s\n", link_ntop(t, this->e));
	ib[0] = 0x80; ib[7] = 0x7a; ib[13] = 0x02; ib[19] = 0xcd;
	t = ARPHRD_INFINIBAND;
	printf("%s\n", link_ntop(t, ib));
}

BEGIN
{
	printf("%s\n", link_ntop(t + 1, ib));
	printf("not reached\n");
}

BEGIN
{
	printf("%s\n", link_ntop(ARPHRD_ETHER, (void *)0));
}

BEGIN
{
	printf("%s\n", inet_ntoa((ipaddr_t *)8));
}

BEGIN
{
	exit(0);
}
