/* Output that does not end in a newline gets one at the end (as in
   test/unittest/printf/tst.hello.r). */
#pragma D option quiet

BEGIN
{
	printf("hello");
	exit(0);
}
