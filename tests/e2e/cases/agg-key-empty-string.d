/*
 * A string key that is not a string to dt_print_bytes (probefunc is ""
 * in BEGIN) prints as the rawbytes dump of its whole strsize + 1 byte
 * record, whatever width the compiler gave the key.
 */
#pragma D option quiet
#pragma D option strsize=40
BEGIN
{
	@[probefunc] = count();
	@[probename] = count();
	x = "";
	@[x] = count();
	exit(0);
}
