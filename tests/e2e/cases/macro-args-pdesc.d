/*
 * Macro arguments used only in probe descriptions are referenced ($ and $$
 * are the same there); the text of the argument replaces the macro in its
 * field (a field is split off before, so an argument's colons split nothing).
 */
dtrace:::$1
{
	printf("%s\n", probename);
	exit(0);
}

dtrace:::$$2
{
	printf("%s\n", probename);
}
