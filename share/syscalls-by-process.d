/*
 * syscalls-by-process.d - which processes make system calls, and how many:
 * counts every system call entry by process name for five seconds, then
 * prints one line per process and the total.
 *
 * Usage: dtrace -s syscalls-by-process.d   (as root; `make run` runs it)
 */
#pragma D option quiet
BEGIN { printf("Counting system calls by process for 5 seconds...\n"); }
syscall:::entry { @calls[execname] = count(); @total = count(); }
tick-5s { exit(0); }
END {
	printf("%-24s %12s\n", "PROCESS", "SYSCALLS");
	printa("%-24s %@12d\n", @calls);
	printa("(all)                    %@12d\n", @total);
}
