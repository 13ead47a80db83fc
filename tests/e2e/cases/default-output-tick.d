/* The second firing of tick-50ms is traced (its probe ID is not fixed). */
tick-50ms
/n++ == 1/
{
	exit(0);
}
