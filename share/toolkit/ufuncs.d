#!/usr/sbin/dtrace -s
/*
 * ufuncs.d - calls of each function of a program (not its libraries).
 *
 * Usage:   ufuncs.d -c 'command'  or  ufuncs.d -p PID   (Ctrl-C prints)
 * Example: ufuncs.d -c 'gzip -c /etc/services'
 *
 *   FUNCTION                                  CALLS
 *   gzip`updcrc                                  10
 *   gzip`fill_window                             21
 *
 * Every function entry in the executable (pid$target:a.out::entry),
 * counted, fewest first.  Libraries: edit the module (libc.so.6...).
 */
#pragma D option quiet

pid$target:a.out::entry
{
	@calls[probemod, probefunc] = count();
}

END
{
	printf("%-40s %8s\n", "FUNCTION", "CALLS");
	printa("%s`%-32s %@8d\n", @calls);
}
