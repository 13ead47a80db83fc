#pragma D option quiet

BEGIN
{
	printf("%%d %d %d %d\n", 42, -42, 0);
	printf("%%u %u\n", 42);
	printf("%%x %x %x\n", 255, 0xdeadbeef);
	printf("%%X %X\n", 255);
	printf("%%o %o\n", 8);
	printf("%%c %c%c\n", 'h', 105);
	printf("%%s %s\n", "string");
	printf("%%5d |%5d|\n", 42);
	printf("%%-5d |%-5d|\n", 42);
	printf("%%05d |%05d|\n", 42);
	printf("%%-5s |%-5s|\n", "ab");
	printf("%%5s |%5s|\n", "ab");
	printf("%%.2s |%.2s|\n", "abcdef");
	printf("%%*d |%*d|\n", 6, 42);
	printf("%%p %p\n", (void *)0x1234);
	printf("%%#x %#x %%#o %#o\n", 255, 8);
	printf("%%+d %+d\n", 5);
	printf("no conversions\n");
	exit(0);
}
