#!/usr/sbin/dtrace -s
/*
 * flamegraph.d - CPU profile as folded stacks, the input of flame graph
 * tools (flamegraph.pl, speedscope, inferno).
 *
 * Usage:   flamegraph.d > out.folded          (as root; Ctrl-C ends it)
 * Example: flamegraph.d -c 'gzip -9 -c /usr/bin/dtrace' -o out.folded
 *          flamegraph.pl out.folded > cpu.svg
 *
 *   gzip;libc.so.6`__libc_start_call_main;gzip`main;gzip`deflate 87
 *
 * 99 Hz samples on every CPU of the process name, user stack and kernel
 * stack (oformat=folded: one line per stack, frames root first joined by
 * ";", then the count).  With -c or -p only that process is sampled.
 */
#pragma D option quiet
#pragma D option oformat=folded

profile-99
/$target == 0 || pid == $target/
{
	@[execname, ustack(), stack()] = count();
}
