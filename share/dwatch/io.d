/*
 * io - block device I/O from the io provider: the request's start (->)
 * and completion (<-), its device, direction and size.  The io-slow
 * variant shows the completions that took DWATCH_IO_MS milliseconds or
 * more (default 100; 0 for every one), with that time.
 *
 *   2026 Nov 24 01:50:00 0.0 dd[4242]: -> vda write 4096 bytes
 *   2026 Nov 24 01:50:00 0.0 swapper/1[0]: vda write 4096 bytes 102.310 ms
 *
 * A completion is seen where the device finishes it (often an interrupt,
 * in whatever process was running then): the process is the one that ran
 * into it, not necessarily the one that asked.
 */

/*@ probe */
io:::start, io:::done

/*@ probe io-start */
io:::start

/*@ probe io-done */
io:::done

/*@ probe io-slow */
io:::done

/*@ clauses */
this string flow;
this string dir;

$PROBE
{
	this->flow = probename == "done" ? "<-" : "->";
	this->dir = args[0]->b_flags & B_READ ? "read" : "write";
}

/*@ clauses io-slow */
this string dir;
this uint64_t io_ns;
uint64_t dwatch_io_start[dev_t, uint64_t];

io:::start
{
	dwatch_io_start[args[0]->b_edev, args[0]->b_blkno] = timestamp;
}

io:::done
{
	this->dir = args[0]->b_flags & B_READ ? "read" : "write";
	this->io_ns = dwatch_io_start[args[0]->b_edev, args[0]->b_blkno] ?
	    timestamp - dwatch_io_start[args[0]->b_edev, args[0]->b_blkno] : 0;
	dwatch_io_start[args[0]->b_edev, args[0]->b_blkno] = 0;
}

/*@ test io-slow */
this->io_ns > 0 && this->io_ns >= (uint64_t)${DWATCH_IO_MS:-100} * 1000000

/*@ details */
printf("%s %s %s %d byte%s", this->flow, args[1]->dev_statname, this->dir,
    args[0]->b_bcount, args[0]->b_bcount == 1 ? "" : "s");

/*@ details io-slow */
printf("%s %s %d byte%s %d.%03d ms", args[1]->dev_statname, this->dir,
    args[0]->b_bcount, args[0]->b_bcount == 1 ? "" : "s",
    this->io_ns / 1000000, (this->io_ns % 1000000) / 1000);
