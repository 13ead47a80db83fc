/* Macro arguments: $1 as an integer, $$1 and $$2 as strings, $0 the script. */
BEGIN
{
	printf("$1 + 1 = %d\n", $1 + 1);
	printf("$$1 = \"%s\", $$2 = \"%s\"\n", $$1, $$2);
	printf("$0 = %s\n", $0);
	exit(0);
}
