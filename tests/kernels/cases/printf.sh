# printf of many types and widths.
$DTRACE -qn 'BEGIN { printf("%d %i %u %x %X %o %c %s %5d|%-5d|%05d %lld %llx %p\n",
	-5, 7, 42, 255, 255, 8, 65, "str", 3, 3, 3, 1234567890123LL, 0xabcdef012LL, (void *)0);
	trace(1); trace("t"); printf("\n%s\n", lltostr(-1234)); exit(0); }'
