/*
 * test_stapsdt.c - owns the unit tests for src/common/stapsdt.c: argument
 * specs as GNU as writes them into sys/sdt.h notes (registers of every
 * width, %ah, constants, memory with base, index and scale, symbols,
 * operands it must refuse), and the notes of an object compiled here with
 * <sys/sdt.h> (sites, file offsets, semaphores, the function containing a
 * site, a symbol argument resolved against %rip) and with a hand-written
 * .note.dtrace note.  Skips the object part when there is no cc or no
 * <sys/sdt.h>.
 */
#define _GNU_SOURCE

#include "common/stapsdt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bpf/pt_regs.h"
#include "unit.h"

static int failed, passed;

#define CHECK(c)                                                              \
	do {                                                                  \
		if (c) {                                                      \
			passed++;                                             \
		} else {                                                      \
			failed++;                                             \
			fprintf(stderr, "FAIL line %d: %s\n", __LINE__, #c);  \
		}                                                             \
	} while (0)

static void test_specs(void)
{
	struct stapsdt_arg a[STAPSDT_MAXARGS];
	int n;

	n = stapsdt_parse_args("-4@%edi 8@%rax -2@%si 1@%dl -8@(%rcx)", a, STAPSDT_MAXARGS);
	CHECK(n == 5);
	CHECK(a[0].kind == STAPSDT_ARG_REG && a[0].reg == PT_REGS_DI && a[0].size == 4 && a[0].is_signed);
	CHECK(a[1].kind == STAPSDT_ARG_REG && a[1].reg == PT_REGS_AX && a[1].size == 8 && !a[1].is_signed);
	CHECK(a[2].kind == STAPSDT_ARG_REG && a[2].reg == PT_REGS_SI && a[2].size == 2 && a[2].is_signed);
	CHECK(a[3].kind == STAPSDT_ARG_REG && a[3].reg == PT_REGS_DX && a[3].size == 1 && !a[3].is_signed);
	CHECK(a[4].kind == STAPSDT_ARG_MEM && a[4].reg == PT_REGS_CX && a[4].val == 0 &&
	      a[4].index == STAPSDT_NOREG && a[4].size == 8);

	n = stapsdt_parse_args("-4@-4(%rbp) 8@-16(%rbp) 4@$5 -8@$-1000000000000 8@$0x10", a, STAPSDT_MAXARGS);
	CHECK(n == 5);
	CHECK(a[0].kind == STAPSDT_ARG_MEM && a[0].reg == PT_REGS_BP && a[0].val == -4);
	CHECK(a[1].kind == STAPSDT_ARG_MEM && a[1].reg == PT_REGS_BP && a[1].val == -16);
	CHECK(a[2].kind == STAPSDT_ARG_CONST && a[2].val == 5);
	CHECK(a[3].kind == STAPSDT_ARG_CONST && a[3].val == -1000000000000LL && a[3].is_signed);
	CHECK(a[4].kind == STAPSDT_ARG_CONST && a[4].val == 16);

	/* every general-purpose register, by each of its names */
	n = stapsdt_parse_args("8@%r15 4@%r14d 2@%r13w 1@%r12b 1@%r11l 8@%rbx 4@%ebp 1@%spl 1@%sil 1@%dil 8@%r8 8@%rip",
			       a, STAPSDT_MAXARGS);
	CHECK(n == 12);
	CHECK(a[0].reg == PT_REGS_R15 && a[1].reg == PT_REGS_R14 && a[2].reg == PT_REGS_R13 &&
	      a[3].reg == PT_REGS_R12 && a[4].reg == PT_REGS_R11 && a[5].reg == PT_REGS_BX &&
	      a[6].reg == PT_REGS_BP && a[7].reg == PT_REGS_SP && a[8].reg == PT_REGS_SI &&
	      a[9].reg == PT_REGS_DI && a[10].reg == PT_REGS_R8 && a[11].reg == PT_REGS_IP);
	for (int i = 0; i < n; i++)
		CHECK(a[i].kind == STAPSDT_ARG_REG && a[i].reg_shift == 0);

	/* the high byte registers */
	n = stapsdt_parse_args("1@%ah -1@%bh 1@%ch 1@%dh", a, STAPSDT_MAXARGS);
	CHECK(n == 4);
	CHECK(a[0].reg == PT_REGS_AX && a[0].reg_shift == 8 && a[1].reg == PT_REGS_BX && a[1].is_signed &&
	      a[2].reg == PT_REGS_CX && a[3].reg == PT_REGS_DX && a[3].reg_shift == 8);

	/* base, index, scale; index without base; symbols */
	n = stapsdt_parse_args("4@8(%rax,%rbx,4) -4@(,%rdx,8) 8@counter(%rip) -4@table+12(%rip) 2@-0x10(%rsp,%r9)",
			       a, STAPSDT_MAXARGS);
	CHECK(n == 5);
	CHECK(a[0].kind == STAPSDT_ARG_MEM && a[0].reg == PT_REGS_AX && a[0].index == PT_REGS_BX &&
	      a[0].scale == 4 && a[0].val == 8);
	CHECK(a[1].kind == STAPSDT_ARG_MEM && a[1].reg == STAPSDT_NOREG && a[1].index == PT_REGS_DX &&
	      a[1].scale == 8);
	CHECK(a[2].kind == STAPSDT_ARG_MEM && a[2].reg == PT_REGS_IP && strcmp(a[2].sym, "counter") == 0 &&
	      a[2].val == 0);
	CHECK(a[3].kind == STAPSDT_ARG_MEM && strcmp(a[3].sym, "table") == 0 && a[3].val == 12 && a[3].is_signed);
	CHECK(a[4].kind == STAPSDT_ARG_MEM && a[4].reg == PT_REGS_SP && a[4].index == PT_REGS_R9 &&
	      a[4].scale == 1 && a[4].val == -16);

	/* what cannot be read keeps its place: the next argument is still arg2 */
	n = stapsdt_parse_args("8@%xmm0 4@%fs:8 -4@%eax 8@$sym 4@8(%rax,%rbx,3) 2@%ah", a, STAPSDT_MAXARGS);
	CHECK(n == 6);
	CHECK(a[0].kind == STAPSDT_ARG_NONE && a[1].kind == STAPSDT_ARG_NONE);
	CHECK(a[2].kind == STAPSDT_ARG_REG && a[2].reg == PT_REGS_AX);
	CHECK(a[3].kind == STAPSDT_ARG_NONE && a[4].kind == STAPSDT_ARG_NONE);
	CHECK(a[5].kind == STAPSDT_ARG_NONE);	/* %ah is one byte */

	/* no SIZE@ (old notes): a signed long; an empty spec; more than max */
	n = stapsdt_parse_args("%rdi", a, STAPSDT_MAXARGS);
	CHECK(n == 1 && a[0].kind == STAPSDT_ARG_REG && a[0].size == 8 && a[0].is_signed);
	CHECK(stapsdt_parse_args("", a, STAPSDT_MAXARGS) == 0);
	CHECK(stapsdt_parse_args("  ", a, STAPSDT_MAXARGS) == 0);
	CHECK(stapsdt_parse_args("8@%rax 8@%rbx 8@%rcx", a, 2) == 2);
}

static const char prog[] =
	"#define _SDT_HAS_SEMAPHORES 1\n"
	"#include <sys/sdt.h>\n"
	"unsigned short app_twice_semaphore __attribute__((section(\".probes\")));\n"
	"unsigned short app_glob_semaphore __attribute__((section(\".probes\")));\n"
	"long counter = 5;\n"
	"__attribute__((noinline)) int work(int a, long b)\n"
	"{\n"
	"\tDTRACE_PROBE2(app, twice, a, b);\n"
	"\tDTRACE_PROBE1(app, glob, counter);\n"
	"\tif (a > 3) DTRACE_PROBE2(app, twice, b, a);\n"
	"\treturn a;\n"
	"}\n"
	"__asm__(\".pushsection .note.dtrace,\\\"\\\",@note\\n.balign 4\\n"
	".4byte 7, 2f - 1f, 1\\n.asciz \\\"dtrace\\\"\\n.balign 4\\n"
	"1: .asciz \\\"app\\\"\\n.asciz \\\"twice\\\"\\n.asciz \\\"int\\\"\\n.asciz \\\"char *\\\"\\n"
	"2: .balign 4\\n.popsection\\n\");\n"
	"int main(int argc, char **argv) { (void)argv; return work(argc, 7); }\n";

static void test_object(void)
{
	char dir[] = "/tmp/test_stapsdt.XXXXXX", cmd[1024], src[300], bin[300];
	struct stapsdt_obj o;
	FILE *f;

	if (access("/usr/include/x86_64-linux-gnu/sys/sdt.h", R_OK) != 0 &&
	    access("/usr/include/sys/sdt.h", R_OK) != 0) {
		printf("skip: no <sys/sdt.h> (systemtap-sdt-dev)\n");
		return;
	}
	if (!mkdtemp(dir))
		return;
	snprintf(src, sizeof(src), "%s/t.c", dir);
	snprintf(bin, sizeof(bin), "%s/t", dir);
	f = fopen(src, "w");
	fputs(prog, f);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "cc -O2 -o %s %s", bin, src);
	if (system(cmd) != 0) {
		printf("skip: cc failed\n");
		return;
	}
	CHECK(stapsdt_read(bin, &o) == 0);
	CHECK(o.nsites == 3);
	for (int i = 0; i < o.nsites; i++) {
		const struct stapsdt_site *s = &o.sites[i];
		CHECK(strcmp(s->provider, "app") == 0);
		CHECK(strcmp(s->func, "work") == 0);
		CHECK(s->offset != 0 && s->sem != 0);
		/* the file offset of a code address: what `objdump -F` says
		 * lies in .text; here, that the bytes there are the nop the
		 * macro put at each site */
		unsigned char b = 0;
		FILE *bf = fopen(bin, "rb");
		fseek(bf, (long)s->offset, SEEK_SET);
		CHECK(fread(&b, 1, 1, bf) == 1 && b == 0x90);
		fclose(bf);
		if (strcmp(s->name, "glob") == 0) {
			/* counter(%rip): a displacement from the probed instruction */
			CHECK(s->nargs == 1 && s->args[0].kind == STAPSDT_ARG_MEM && s->args[0].reg == PT_REGS_IP &&
			      s->args[0].sym[0] == 0 && s->args[0].val != 0);
		} else {
			CHECK(strcmp(s->name, "twice") == 0 && s->nargs == 2);
		}
	}
	/* two sites of one probe share its semaphore */
	CHECK(o.sites[0].sem == o.sites[2].sem && o.sites[0].sem != o.sites[1].sem);
	const struct stapsdt_dtypes *t = stapsdt_dtypes_of(&o, "app", "twice");
	CHECK(t && t->ntypes == 2 && strcmp(t->types[0], "int") == 0 && strcmp(t->types[1], "char *") == 0);
	CHECK(stapsdt_dtypes_of(&o, "app", "glob") == NULL);
	stapsdt_free(&o);

	/* no notes, and no ELF at all */
	CHECK(stapsdt_read("/bin/sh", &o) == 0 || o.nsites == 0);
	stapsdt_free(&o);
	CHECK(stapsdt_read(src, &o) < 0);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
}

int main(void)
{
	test_specs();
	test_object();
	printf("stapsdt: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
