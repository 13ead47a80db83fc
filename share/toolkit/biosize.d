#!/usr/sbin/dtrace -s
/*
 * biosize.d - block I/O sizes by device and process, as histograms.
 *
 * Usage:   biosize.d                 (as root; Ctrl-C prints the report)
 * Example: biosize.d -c 'dd if=/dev/zero of=/var/tmp/f bs=64k count=16 oflag=direct'
 *
 *   vda  dd  W
 *            value  ------------- Distribution ------------- count
 *            65536 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 16
 *
 * Each io:::start's size in bytes (b_bcount) per device, issuing process
 * (the one on CPU at the start: for writeback a kernel thread) and direction.
 */
#pragma D option quiet

io:::start
{
	@bytes[args[1]->dev_statname, execname, args[0]->b_flags & B_READ ? "R" : "W"] =
	    quantize(args[0]->b_bcount);
}

END
{
	printf("Block I/O size (bytes) by device, process and direction:\n");
	printa(@bytes);
}
