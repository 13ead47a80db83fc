/*
 * A fault in an ERROR clause fires no ERROR and prints no error message:
 * it is counted, and reported as a drop, "N errors in ERROR probe
 * enabling" (DTRACEDROP_DBLERROR).  The faulting ERROR clause's records
 * are lost; the next ERROR clause still runs.
 */
#pragma D option quiet

ERROR { printf("first ERROR clause\n"); this->z = 0; printf("%d\n", 1 / this->z); }
ERROR { printf("second ERROR clause %d\n", arg4); }
BEGIN { trace(*(int *)16); }
BEGIN { printf("next\n"); exit(0); }
