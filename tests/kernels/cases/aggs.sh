# Aggregating functions and printa.
$DTRACE -qn 'BEGIN { @c["a"] = count(); @s["a"] = sum(5); @s["a"] = sum(7);
	@mn = min(3); @mn = min(-2); @mx = max(9); @av = avg(4); @av = avg(6);
	@sd = stddev(2); @sd = stddev(4); @q = quantize(8); @l = lquantize(3, 0, 10, 2);
	exit(0); }
	END { printa("%s %@d\n", @c); printa("%s %@d\n", @s); printa("%@d %@d %@d %@d\n", @mn, @mx, @av, @sd); printa(@q); printa(@l); }'
