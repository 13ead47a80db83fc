#!/usr/sbin/dtrace -s
/*
 * biolatency.d - block I/O latency by device, as histograms.
 *
 * Usage:   biolatency.d              (as root; Ctrl-C prints the report)
 * Example: biolatency.d -c 'dd if=/dev/zero of=/var/tmp/f bs=1M count=8 oflag=direct'
 *
 *   vda  W
 *            value  ------------- Distribution ------------- count
 *            65536 |@@@@@@@@@@@@@@@@@@@@                     8
 *
 * The time from io:::start to io:::done of each request, in microseconds,
 * per device (dev_statname) and direction (R or W).
 */
#pragma D option quiet

io:::start
{
	start[arg0] = timestamp;
}

io:::done
/start[arg0]/
{
	@us[args[1]->dev_statname, args[0]->b_flags & B_READ ? "R" : "W"] =
	    quantize((timestamp - start[arg0]) / 1000);
	start[arg0] = 0;
}

END
{
	printf("Block I/O latency (us) by device and direction:\n");
	printa(@us);
}
