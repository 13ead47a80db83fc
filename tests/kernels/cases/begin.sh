# The smallest program: BEGIN, printf, exit.
$DTRACE -qn 'BEGIN { printf("hello %d\n", 1 + 1); exit(0); }'
