#!/usr/sbin/dtrace -s
/*
 * offcpu.d - time threads spend off CPU (blocked or waiting), with the
 * kernel and user stacks where they left it.
 *
 * Usage:   offcpu.d                  (as root; Ctrl-C prints the report)
 * Example: offcpu.d -c 'sleep 1'
 *
 *   sleep
 *       vmlinux`__schedule+0x...
 *       vmlinux`do_nanosleep+0x...
 *       ...
 *       libc.so.6`clock_nanosleep+0x...
 *     1000123456
 *
 * sched:::off-cpu to the thread's next sched:::on-cpu: the total time in
 * nanoseconds per process, kernel stack and user stack, printed at the
 * end largest last.
 * With -c or -p only that process is traced.
 */
#pragma D option quiet

sched:::off-cpu
/$target == 0 || pid == $target/
{
	self->off = timestamp;
}

sched:::on-cpu
/self->off/
{
	@ns[execname, stack(), ustack()] = sum(timestamp - self->off);
	self->off = 0;
}

