/*
 * usdt-prog.c - the program the usdt-* cases trace (tests/kernels' usdt
 * case too): sys/sdt.h probes whose arguments gcc puts in registers of
 * every width (-O2) or in stack memory (-O0), a constant, a global read
 * %rip-relative, a probe guarded by its semaphore (is-enabled), and the
 * .note.dtrace note a `dtrace -h` header adds, giving the step probe's
 * arguments their D types.
 *
 *   usdt-prog [N]   N steps (3), then how often the guarded probe's
 *                   semaphore was found raised
 *   usdt-prog wait  sleep until killed (for dtrace -l -p)
 */
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SEMAPHORE(name) unsigned short myapp_##name##_semaphore __attribute__((section(".probes")))
SEMAPHORE(step);
SEMAPHORE(neg);
SEMAPHORE(glob);
SEMAPHORE(guarded);

/* provider myapp { probe step(int, char *, short, unsigned char, long); }:
 * the note `dtrace -h` writes (owner "dtrace", type 1: provider, probe,
 * then each argument's type) */
__asm__(".pushsection .note.dtrace,\"\",@note\n"
	".balign 4\n"
	".4byte 7, 2f - 1f, 1\n"
	".asciz \"dtrace\"\n"
	".balign 4\n"
	"1: .asciz \"myapp\"\n"
	".asciz \"step\"\n"
	".asciz \"int\"\n"
	".asciz \"char *\"\n"
	".asciz \"short\"\n"
	".asciz \"unsigned char\"\n"
	".asciz \"long\"\n"
	"2: .balign 4\n"
	".popsection\n");

long counter = 42;
static int guarded_runs;

static __attribute__((noinline)) void work(int i, const char *s, short sh, unsigned char uc, long *p)
{
	DTRACE_PROBE5(myapp, step, i, s, sh, uc, *p);
	DTRACE_PROBE2(myapp, neg, -i, (long)-1000000000000LL);
	DTRACE_PROBE1(myapp, glob, counter);
	if (myapp_guarded_semaphore) {	/* MYAPP_GUARDED_ENABLED() */
		guarded_runs++;
		DTRACE_PROBE1(myapp, guarded, i * 10);
	}
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3;
	/* a string on the stack: one in .rodata that the program never
	 * reads may not be paged in when the probe copies it */
	char name[16];
	long v = 7;

	if (argc > 1 && strcmp(argv[1], "wait") == 0) {
		pause();
		return 0;
	}
	snprintf(name, sizeof(name), "item%d", n);
	for (int i = 0; i < n; i++) {
		work(i, name, (short)(-5 - i), (unsigned char)(200 + i), &v);
		v++;
		counter++;
	}
	printf("guarded ran %d times\n", guarded_runs);
	return 0;
}
