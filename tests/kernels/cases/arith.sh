# Integer arithmetic at run time (variables, not constants): signed and
# unsigned division and remainder, shifts, casts to narrower types.
$DTRACE -qn 'BEGIN { a = -7; b = 2; c = 7; d = -2; u = (unsigned)7; v = 2;
	printf("%d %d %d %d %d %d\n", a / b, a % b, c / d, c % d, a / d, u / v);
	printf("%d %d %d\n", a >> 1, (char)300, (unsigned char)(a * 100)); exit(0); }'
