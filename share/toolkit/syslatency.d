#!/usr/sbin/dtrace -s
/*
 * syslatency.d - system call latency by process and call.
 *
 * Usage:   syslatency.d              (as root; Ctrl-C prints the report)
 * Example: syslatency.d -c 'dd if=/dev/zero of=/dev/null count=1000'
 *
 *   dd  read
 *            value  ------------- Distribution ------------- count
 *              256 |@@@@@@@@@@@@@@@@@@@@                     500
 *
 * The time from each system call's entry to its return, in nanoseconds:
 * a power-of-two histogram per process and call, then each pair's
 * average and total.
 */
#pragma D option quiet

syscall:::entry
{
	self->ts = timestamp;
}

syscall:::return
/self->ts/
{
	this->ns = timestamp - self->ts;
	@lat[execname, probefunc] = quantize(this->ns);
	@avg[execname, probefunc] = avg(this->ns);
	@sum[execname, probefunc] = sum(this->ns);
	self->ts = 0;
}

END
{
	printf("Latency (ns) by process and system call:\n");
	printa(@lat);
	printf("%-16s %-20s %12s %14s\n", "PROCESS", "SYSCALL", "AVG(ns)", "TOTAL(ns)");
	printa("%-16s %-20s %@12d %@14d\n", @avg, @sum);
}
