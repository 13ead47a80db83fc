/* String subroutines built on the kernel's string kfuncs. */
#pragma D option quiet
BEGIN {
	x = "abcdefabc"; y = "bc";
	printf("%d %d %d %d %d %d\n", index(x, y), rindex(x, y), index(x, y, 2), rindex(x, y, 6), index(x, "zz"), rindex("", ""));
	printf("%s|%s|%s|%s\n", strstr(x, y), strchr(x, 'c'), strrchr(x, 'a'), strstr(x, "q") == NULL ? "null" : "?");
	printf("%s %s %s %s %s\n", lltostr(-42), lltostr(255, 16), lltostr(8, 8), lltostr(0), lltostr(0x8000000000000000));
	printf("%s %s\n", toupper("hello World"), tolower("HeLLo"));
	printf("%s %s %s %s %s\n", basename("/usr/lib/"), basename("/"), basename("abc"), basename(""), basename("/a//b//"));
	printf("%s %s %s %s %s\n", dirname("/usr/lib/"), dirname("/"), dirname("abc"), dirname("/usr"), dirname("a//b//"));
	printf("%s %s %s\n", strtok("a,b,,c", ","), strtok(NULL, ","), strtok(NULL, ","));
	printf("%s\n", strtok(NULL, ",") == NULL ? "end" : "more");
	printf("%d %x %x\n", progenyof(pid), getmajor(0xabcdef0123456789ll), getminor(0x1234567));
	exit(0);
}
