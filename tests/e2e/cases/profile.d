/* profile-97 fires (on some CPU) within a second. */
#pragma D option quiet

profile-97
{
	n++;
}

tick-1s
{
	printf("profile-97 %s\n", n > 0 ? "fired" : "did not fire");
	exit(0);
}
