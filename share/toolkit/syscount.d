#!/usr/sbin/dtrace -s
/*
 * syscount.d - system calls counted by process and by call.
 *
 * Usage:   syscount.d                (as root; Ctrl-C prints the counts)
 * Example: syscount.d -c 'ls /'      (only while ls runs)
 *
 *   PROCESS          SYSCALL                 COUNT
 *   ls               write                       2
 *   ls               openat                      9
 *
 * Every system call's entry, counted per process name and call, printed
 * fewest first; and the totals per process.
 */
#pragma D option quiet

syscall:::entry
{
	@calls[execname, probefunc] = count();
	@procs[execname] = count();
}

END
{
	printf("%-16s %-20s %8s\n", "PROCESS", "SYSCALL", "COUNT");
	printa("%-16s %-20s %@8d\n", @calls);
	printf("\n%-37s %8s\n", "PROCESS", "TOTAL");
	printa("%-37s %@8d\n", @procs);
}
