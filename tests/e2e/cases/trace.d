/* trace() output: ints right-aligned after a space, strings left-aligned in 33 after two. */
BEGIN
{
	trace(1);
	trace(-42);
	trace("abc");
	trace((char)-1);
	trace((short)300);
	trace(1234567890123LL);
}

BEGIN
{
	trace("hello, world");
	exit(0);
}
