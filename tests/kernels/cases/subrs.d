#pragma D option quiet
struct pt { int x; char tag[4]; };
BEGIN
{
	this->a = (uint32_t *)alloca(16);
	this->a[0] = htonl(0x20010db8); this->a[1] = 0; this->a[2] = htonl(1); this->a[3] = htonl(1);
	printf("%s %s\n", inet_ntop(AF_INET6, this->a), inet_ntoa((ipaddr_t *)&this->a[3]));
	this->a[0] = 0; this->a[1] = 0; this->a[2] = htonl(0xffff); this->a[3] = htonl(0x7f000001);
	printf("%s %s\n", inet_ntop(AF_INET6, this->a), inet_ntoa6((struct in6_addr *)this->a));
	printf("%s\n", link_ntop(ARPHRD_ETHER, this->a + 2));
	printf("%d %d %s\n", strtoll(" -0x1f", 16), strtoll("777", 8), lltostr(255, 16));
	p = (struct pt *)alloca(sizeof (struct pt));
	p->x = 3; p->tag[0] = 'h'; p->tag[1] = 'i';
	print(p);
	exit(0);
}
