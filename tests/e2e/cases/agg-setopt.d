/*
 * The sorting options changed while the program runs, with setopt(): each
 * printa() sorts by the options in force when the consumer processes it.
 */
#pragma D option quiet

BEGIN
{
	@a["b", -1] = sum(10);
	@a["a", 2] = sum(10);
	@a["c", 0] = sum(-5);
	@a["a", 0x7fffffff] = sum(0x7fffffffffffffff);
	@a["b", (int)0x80000000] = sum((long long)0x8000000000000000);
	@a["d", 1] = sum(0);
	@a["a", -1] = sum(0);

	printf("by value:\n");
	printa("%-2s %11d %@20d\n", @a);

	setopt("aggsortrev");
	printf("by value, reversed:\n");
	printa("%-2s %11d %@20d\n", @a);

	setopt("aggsortrev", "false");
	setopt("aggsortkey");
	printf("by key:\n");
	printa("%-2s %11d %@20d\n", @a);

	setopt("aggsortkeypos", "1");
	printf("by key, position 1:\n");
	printa("%-2s %11d %@20d\n", @a);

	setopt("aggsortkey", "false");
	setopt("aggsortkeypos", "0");
	printf("by value again:\n");
	printa("%-2s %11d %@20d\n", @a);
	exit(0);
}
