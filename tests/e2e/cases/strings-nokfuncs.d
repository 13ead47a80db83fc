/* The string subroutines at their edges (empty strings, no match, the
 * terminating NUL, a match at the end); run by strings-nokfuncs.sh with and
 * without the kernel's string kfuncs, which must give the same output. */
BEGIN
{
	e = "";
	s = "abcabc/x//";
	printf("[%d][%d][%d]\n", strlen(e), strlen(s), strlen("a"));
	printf("[%s][%s][%s]\n", strchr(s, 'c'), strrchr(s, 'c'), strchr(s, 'z') == NULL ? "null" : "?");
	printf("[%s][%s]\n", strchr(e, 'a') == NULL ? "null" : "?", strrchr(s, '/'));
	printf("[%s][%s][%s]\n", strstr(s, "ca"), strstr(s, ""), strstr(s, "abcabc/x//") );
	printf("[%s][%s]\n", strstr(s, "abd") == NULL ? "null" : "?", strstr(e, "a") == NULL ? "null" : "?");
	printf("[%d][%d][%d][%d][%d]\n", index(s, "b"), index(s, "b", 2), index(s, "zz"), index(e, ""), index(s, "", 3));
	printf("[%d][%d][%d][%d][%d]\n", rindex(s, "b"), rindex(s, "b", 3), rindex(s, "zz"), rindex(e, ""), rindex(s, "abc"));
	printf("[%d][%d][%d]\n", index(s, "abcabc/x//"), rindex(s, "abcabc/x//"), index(s, "abcabc/x///"));
	printf("[%s][%s][%s][%s]\n", basename(s), dirname(s), basename("/"), dirname("usr"));
	printf("[%s][%s]\n", basename("a/b/c"), dirname("/a/b/c///"));
	printf("[%s]", strtok("  a b,,c ", " ,"));
	printf("[%s]", strtok(NULL, " ,"));
	printf("[%s]", strtok(NULL, " ,"));
	printf("[%s]\n", strtok(NULL, " ,") == NULL ? "null" : "?");
	printf("[%s][%s]\n", strtok(",,,", ",") == NULL ? "null" : "?", strtok("abc", "") );
	printf("[%s][%s][%s]\n", substr(s, 3), substr(s, -3), substr(s, 2, 3));
	exit(0);
}
