/*
 * With exit() in BEGIN, BEGIN's records are consumed before everything
 * else: the ERROR clause's output for a fault in BEGIN comes after all of
 * BEGIN's (the fault's message, on stderr, in BEGIN's turn), then END's,
 * as DTrace's dt_consume_begin orders them.
 */
#pragma D option quiet

BEGIN { printf("before\n"); }
BEGIN { printf("a %d\n", *(int *)8); }
BEGIN { printf("c\n"); }
ERROR { printf("ERROR: %d %d %x\n", arg1, arg4, arg5); }
BEGIN { printf("d\n"); exit(0); }
END { printf("end\n"); }
