/*
 * A string constant longer than strsize is its first strsize bytes for
 * every string function, not only when printed (DTrace's dt_index,
 * dt_strstr ... read at most strsize bytes; illumos's dtrace_strncmp compares
 * at most strsize bytes, so the last two are equal).
 */
#pragma D option quiet
#pragma D option strsize=10

BEGIN
{
	printf("%d %d\n", index("abcdefghijklmnop", "klm"), index("abcdefghijklmnop", "hij"));
	printf("[%s]\n", strstr("abcdefghijklmnop", "ij"));
	printf("%d %d\n", strlen("abcdefghijklmnop"), rindex("abcdefghijklmnop", "k"));
	printf("%d\n", "abcdefghijklmnop" == "abcdefghijXYZ");
	exit(0);
}
