/* -C runs cpp: #define, #if and macros given with -D. */
#pragma D option quiet

#define GREETING	"hello from cpp"
#define TWICE(x)	((x) * 2)

BEGIN
{
	printf("%s\n", GREETING);
	printf("VAL = %d, TWICE(FOO) = %d\n", VAL, TWICE(FOO));
#if VAL > 5
	printf("VAL > 5\n");
#else
	printf("VAL <= 5: wrong\n");
#endif
#ifdef UNDEFINED
	printf("UNDEFINED is defined: wrong\n");
#endif
	exit(0);
}
