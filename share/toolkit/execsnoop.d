#!/usr/sbin/dtrace -s
/*
 * execsnoop.d - new processes as they exec, with their arguments.
 *
 * Usage:   execsnoop.d               (as root; Ctrl-C ends it)
 * Example: execsnoop.d -c 'ls -l /'  (dtrace's options pass through)
 *
 *   TIME(us)          UID    PID   PPID ARGS
 *   1764201234567     0    4242   4200 ls -l /
 *
 * One line per successful exec (proc:::exec-success, in the new image):
 * the uid, pid, parent pid and the whole argument list (pr_psargs, cut
 * at 79 characters as DTrace's psinfo has it).  Failed execs are not
 * shown: proc:::exec-failure has them.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%-16s %5s %6s %6s %s\n", "TIME(us)", "UID", "PID", "PPID", "ARGS");
}

proc:::exec-success
{
	printf("%-16d %5d %6d %6d %s\n", walltimestamp / 1000, uid, pid, ppid, curpsinfo->pr_psargs);
}
