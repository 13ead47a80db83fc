#!/usr/sbin/dtrace -s
/*
 * runqlat.d - run queue latency: how long woken threads wait for a CPU.
 *
 * Usage:   runqlat.d                 (as root; Ctrl-C prints the histogram)
 * Example: runqlat.d -c 'sleep 5'    (five seconds, the whole system)
 *
 *            value  ------------- Distribution ------------- count
 *                4 |@@@@@@@@@@@@                             1234
 *
 * From sched:::wakeup of a thread to its sched:::on-cpu, in microseconds,
 * for every thread; then the same per process name.  Threads preempted
 * while runnable are not counted (the sched provider has no enqueue).
 */
#pragma D option quiet

sched:::wakeup
{
	woken[args[0]->pr_lwpid] = timestamp;
}

sched:::on-cpu
/woken[tid]/
{
	this->us = (timestamp - woken[tid]) / 1000;
	@all = quantize(this->us);
	@byproc[execname] = avg(this->us);
	woken[tid] = 0;
}

END
{
	printf("Run queue latency (us), all threads:\n");
	printa(@all);
	printf("\n%-16s %10s\n", "PROCESS", "AVG(us)");
	printa("%-16s %@10d\n", @byproc);
}
