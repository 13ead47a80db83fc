/*
 * Under -x rawbytes trace() dumps every record as bytes, a number's too
 * (dt_print_trace): as many bytes as its type has.
 */
#pragma D option quiet
#pragma D option rawbytes

BEGIN
{
	trace(1);
	trace((char)2);
	trace(-3LL);
	trace((short)0x102);
	exit(0);
}
