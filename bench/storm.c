/* storm.c - getppid system calls as fast as one thread makes them, for
 * SECONDS seconds; prints how many it made (the events a tracer must
 * account for). */
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 60;
	struct timespec a, b;
	long n = 0;

	clock_gettime(CLOCK_MONOTONIC, &a);
	do {
		for (int i = 0; i < 1000; i++)
			syscall(SYS_getppid);
		n += 1000;
		clock_gettime(CLOCK_MONOTONIC, &b);
	} while ((b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9 < secs);
	fprintf(stderr, "%ld\n", n);
	return 0;
}
