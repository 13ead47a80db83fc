#pragma D option quiet

/* String subroutines on memory that cannot be read (not NULL): strlen()
 * counts 0 characters there, as Oracle's dt_strlen does, so substr(),
 * basename() and dirname() give "", "." and "."; a copy of such a string
 * faults with its address, not 0; index() and rindex() find nothing
 * there (dt_index, dt_rindex) */
BEGIN
{
	n = (char *)8;
	printf("[%d][%s][%s][%s][%d][%d]\n", strlen(n), substr(n, 1), basename(n), dirname(n),
	    index(n, "a"), index("a", n));
	printf("[%d][%d][%d]\n", rindex(n, "a"), rindex("a", n), rindex(n, ""));
}

BEGIN
{
	printf("%s\n", strjoin(n, "a"));
}

BEGIN
{
	printf("%s\n", strjoin("a", n));
}

BEGIN
{
	printf("%s\n", toupper(n));
}

BEGIN
{
	printf("%s\n", strjoin("a", (char *)0));
}

BEGIN
{
	exit(0);
}
