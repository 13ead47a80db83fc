/* Strings as long as strsize, and matches at their ends (strings-nokfuncs.sh). */
BEGIN
{
	a = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
	b = strjoin(a, a); b = strjoin(b, b); b = strjoin(b, b); b = strjoin(b, b);
	b = strjoin(b, "XYZ");
	printf("%d %d %d %d %d\n", strlen(b), index(b, "XYZ"), rindex(b, "f0"), index(b, "fX"), index(b, "f0", 200));
	printf("%s|", strstr(b, "XY") == NULL ? "null" : strstr(b, "XY"));
	printf("%s|", strrchr(b, 'Z') == NULL ? "null" : strrchr(b, 'Z'));
	printf("%s\n", strchr(b, 'Y') == NULL ? "null" : strchr(b, 'Y'));
	printf("%d\n", strlen(strtok(b, "X")));
}
BEGIN { exit(0); }
