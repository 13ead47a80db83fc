# Integer arithmetic, signed division included (BPF's own signed division
# exists only since 6.6), and a long clause (far jumps).
$DTRACE -qn 'BEGIN { a = -19; b = 5; c = -9223372036854775807 - 1;
	printf("%d %d %d %d %d\n", a / b, 19 / -5, a % b, c / -1, (a * b) >> 2);
	exit(0); }'
