/*
 * Failed speculations counted while BEGIN ran are reported before the
 * fault BEGIN's records carry: DTrace's dtrace_work() reports the
 * kernel's drop counts (dtrace_status) before it consumes.
 */
#pragma D option quiet

BEGIN { s1 = speculation(); s2 = speculation(); s3 = speculation(); printf("%d %d %d\n", s1, s2, s3); }
BEGIN { speculate(s1); printf("speculated\n"); }
BEGIN { commit(s1); }
BEGIN { speculate(99); printf("never\n"); }
BEGIN { commit(99); }
BEGIN { exit(0); }
