BEGIN
{
	s = "hello, world";
	printf("%d\n", strlen(s));
	printf("%s\n", strjoin(s, "!"));
	printf("%s\n", substr(s, 7));
	printf("%s\n", substr(s, 0, 5));
	printf("%s\n", strstr(s, "wor"));
	printf("%s\n", strchr(s, 'o'));
	printf("%s\n", strrchr(s, 'o'));
	printf("%d %d\n", index(s, "o"), rindex(s, "o"));
	printf("%s|%s\n", basename("/usr/lib/libc.so"), dirname("/usr/lib/libc.so"));
	printf("%s\n", strtok("a,b,c", ","));
	printf("%s\n", toupper(s));
	exit(0);
}
