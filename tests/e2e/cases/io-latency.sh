# shellcheck shell=bash
# io:::start -> io:::done latency, as DTrace scripts write it: the start
# time kept by the request's device and block (args[0]->b_edev,
# args[0]->b_blkno), quantized at done.  Every request dd's direct reads
# start is done once with the same key (done's bufinfo_t describes the
# request start saw), so the quantize holds one value per started request
# and no start is left behind; done's b_flags has B_DONE, start's has not;
# both have B_PHYS (not a bio of mapped user pages: DTrace's translator).
# No timing is asserted: the values are the machine's.
f=$E2E_TMP/io-lat.data
dd if=/dev/zero of="$f" bs=64k count=32 status=none && sync "$f"
cat > "$E2E_TMP/lat.d" <<'D'
#pragma D option quiet
io:::start /pid == $target/
{
	ts[args[0]->b_edev, args[0]->b_blkno] = timestamp;
	@started = count();
	@flags["start", args[0]->b_flags & B_DONE ? "B_DONE" : "-", args[0]->b_flags & B_READ ? "B_READ" : "-",
	    args[0]->b_flags & B_PHYS ? "B_PHYS" : "-"] = count();
}
io:::done /ts[args[0]->b_edev, args[0]->b_blkno]/
{
	@lat = quantize(timestamp - ts[args[0]->b_edev, args[0]->b_blkno]);
	@doneflags["done", args[0]->b_flags & B_DONE ? "B_DONE" : "-", args[0]->b_flags & B_READ ? "B_READ" : "-",
	    args[0]->b_flags & B_PHYS ? "B_PHYS" : "-"] = count();
	@finished = count();
	ts[args[0]->b_edev, args[0]->b_blkno] = 0;
}
END
{
	printa("started %@d\n", @started);
	printa("finished %@d\n", @finished);
	printa("%s %s %s %s\n", @flags);
	printa("%s %s %s %s\n", @doneflags);
	printa(@lat);
}
D
# dd exits once its last read is done: that request's done has fired
"$DTRACE" -s "$E2E_TMP/lat.d" -c "dd if=$f iflag=direct of=/dev/null bs=64k count=32 status=none" > "$E2E_TMP/out" 2>&1
echo "dtrace exit status $?"
awk '
	/^started / { s = $2 } /^finished / { d = $2 }
	/^(start|done) / { print $1, $2, $3, $4 }
	/value .* Distribution .* count/ { hist = 1; next }
	hist && /\|/ { n += $NF }
	END {
		print (s >= 32 ? "at least 32 requests started" : "started: " s)
		print (d == s ? "each finished once" : "finished " d " of " s)
		print (n == s ? "the quantize counts every request" : "quantize counts " n " of " s)
	}' "$E2E_TMP/out"
