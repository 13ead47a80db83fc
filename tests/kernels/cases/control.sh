# Control flow: if/else, the ternary operator, predicates (unconditional
# jumps in the BPF).
$DTRACE -qn 'BEGIN { x = 3; if (x > 2) { printf("big\n"); } else { printf("small\n"); }
	printf("%s\n", x == 3 ? "three" : "other"); exit(0); }'
