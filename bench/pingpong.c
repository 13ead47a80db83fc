/* pingpong.c - context switches on demand: a parent and a child, pinned to
 * one CPU, hand a byte back and forth through two pipes N times; each
 * handoff blocks one and runs the other, a context switch.  Prints the CPU
 * time both spent per switch (two per round trip), in ns: the time of the
 * switches and of what runs in them (a tracer's program), without the
 * time of other threads that share the CPU (a wall clock counts them). */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 200000;
	int cpu = argc > 2 ? atoi(argv[2]) : 0;
	int ab[2], ba[2];
	char c = 0;
	cpu_set_t set;
	struct timespec a, b;
	double child_ns = 0;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) != 0 || pipe(ab) != 0 || pipe(ba) != 0) {
		perror("pingpong");
		return 1;
	}
	pid_t child = fork();
	if (child == 0) {
		close(ab[1]);
		close(ba[0]);
		struct timespec t0, t1;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
		while (read(ab[0], &c, 1) == 1 && write(ba[1], &c, 1) == 1)
			;
		/* at EOF: its CPU time for the loop, to the parent */
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
		double ns = (t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec);
		if (write(ba[1], &ns, sizeof(ns)) != sizeof(ns))
			_exit(1);
		_exit(0);
	}
	close(ab[0]);
	close(ba[1]);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
	for (long i = 0; i < n; i++)
		if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1)
			return 1;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
	close(ab[1]);
	if (read(ba[0], &child_ns, sizeof(child_ns)) != sizeof(child_ns))
		return 1;
	waitpid(child, NULL, 0);
	printf("%.1f\n", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec) + child_ns) / (2.0 * n));
	return 0;
}
