/* The final newline is printed in quiet mode too, even after a newline
   (cmd/dtrace.c prints it unconditionally once tracing has stopped). */
#pragma D option quiet

BEGIN
{
	printf("hello\n");
	exit(0);
}
