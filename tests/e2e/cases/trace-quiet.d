#pragma D option quiet

BEGIN
{
	trace(1);
	trace(-42);
	trace("abc");
	trace((char)-1);
	trace((short)300);
	trace(1234567890123LL);
	trace("\n");
	exit(0);
}
