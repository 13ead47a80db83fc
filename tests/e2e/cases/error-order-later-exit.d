/*
 * With exit() after BEGIN, BEGIN's records and its ERROR clause's are
 * consumed in the order they came (DTrace's dt_consume_begin applies only
 * when probing has ended before the first consumption).
 */
#pragma D option quiet

BEGIN { printf("before\n"); }
BEGIN { printf("a %d\n", *(int *)8); }
BEGIN { printf("c\n"); }
ERROR { printf("ERROR: %d %d %x\n", arg1, arg4, arg5); }
tick-1s { printf("tick\n"); exit(0); }
END { printf("end\n"); }
