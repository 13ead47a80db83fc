/*
 * cleanpath() by its rules (src/codegen/strfn.c, as Oracle's DTrace for
 * Linux has them): repeated "/" and "." go, ".." takes the component
 * before it, goes at the root and stays at a relative path's start, no
 * trailing "/" stays, nothing left is "." (or "/"); "" and one byte are
 * themselves.  The expected output is written from the rules.
 */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s] [%s]\n", cleanpath("/a/b/../c"), cleanpath("a//b"), cleanpath("/../x"), cleanpath("/./"));
	printf("[%s] [%s] [%s] [%s]\n", cleanpath(".."), cleanpath("/a/b/.."), cleanpath("a/b/.."), cleanpath("/.."));
	printf("[%s] [%s] [%s] [%s]\n", cleanpath("/"), cleanpath(""), cleanpath("."), cleanpath("a"));
	printf("[%s] [%s] [%s] [%s]\n", cleanpath("a/.."), cleanpath("./"), cleanpath("../../a"), cleanpath("a/../../b"));
	printf("[%s] [%s] [%s] [%s]\n", cleanpath("/a/b/"), cleanpath("/a/./b/."), cleanpath("//"), cleanpath("a/"));
	printf("[%s] [%s] [%s]\n", cleanpath("..."), cleanpath("/.../..a/.b/a."), cleanpath("//a//..//b//"));
	printf("[%s] [%s] [%s]\n", cleanpath("a/./../../.."), cleanpath("../a/.."), cleanpath("/usr/./lib/../bin//ls"));
	/* a variable, a result of another subroutine, two in one expression */
	p = "/var//log/../tmp/./x/";
	printf("[%s] [%s] [%s]\n", cleanpath(p), cleanpath(strjoin("/a/", "../b")),
	    strjoin(cleanpath("a/.."), cleanpath("/x/")));
	/* a result as a key and compared */
	@[cleanpath("/a/../b")] = count();
	@[cleanpath("/b/")] = count();
	printf("%d %d\n", cleanpath("a/b/../c") == "a/c", cleanpath("/a") == "/a/");
	exit(0);
}

END
{
	printa("%s %@d\n", @);
}
