/*
 * test_x86_insn.c - owns the unit tests for src/common/x86_insn.c: lengths
 * of hand-written tricky encodings (prefixes, REX, immediates, moffs,
 * ModRM/SIB, VEX, EVEX, opcodes that do not exist in 64-bit mode),
 * truncation, reads that must stop at the end of the bytes given, the
 * boundaries and ret queries, and a comparison with objdump's instruction
 * starts over every function in .text of real binaries (libc, bash, this
 * test itself, libmvec, build/dtrace) and of an object assembled from a
 * list of rare encodings: any disagreement fails.
 *
 *   gcc -std=c11 -Wall -Wextra -O2 -Isrc src/common/x86_insn.c \
 *       tests/unit/test_x86_insn.c -o /tmp/test_x86_insn && /tmp/test_x86_insn
 */
#define _DEFAULT_SOURCE	/* MAP_ANONYMOUS */
#define _POSIX_C_SOURCE 200809L

#include "common/x86_insn.h"

#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "unit.h"

struct tally {
	int passed, failed;
};

static void ok(struct tally *t, int cond, int line, const char *what)
{
	if (cond) {
		t->passed++;
	} else {
		t->failed++;
		fprintf(stderr, "FAIL line %d: %s\n", line, what);
	}
}

/* "48 89 e5" to bytes; returns the count. */
static size_t parse_hex(const char *hex, uint8_t *out, size_t max)
{
	size_t n = 0;
	char *end;

	while (*hex && n < max) {
		unsigned long v = strtoul(hex, &end, 16);

		if (end == hex)
			break;
		out[n++] = (uint8_t)v;
		hex = end;
	}
	return n;
}

/* One instruction and its length (-1: not an instruction). */
struct len_case {
	const char *hex;
	int want;
	const char *what;
};

static const struct len_case len_cases[] = {
	/* one-byte map, no operands or plain ModRM */
	{ "90", 1, "nop" },
	{ "c3", 1, "ret" },
	{ "55", 1, "push %rbp" },
	{ "41 57", 2, "push %r15 (REX.B)" },
	{ "48 89 e5", 3, "mov %rsp,%rbp" },
	{ "cc", 1, "int3" },
	{ "cd 80", 2, "int $0x80" },
	{ "f4", 1, "hlt" },
	{ "d9 ee", 2, "fldz" },
	{ "dd 1c 24", 3, "fstpl (%rsp)" },
	{ "63 c7", 2, "movslq %edi,%eax" },

	/* ModRM, SIB, displacement */
	{ "8b 04 24", 3, "mov (%rsp),%eax: SIB" },
	{ "8b 44 24 08", 4, "mov 8(%rsp),%eax: SIB, disp8" },
	{ "8b 84 24 00 01 00 00", 7, "mov 0x100(%rsp),%eax: SIB, disp32" },
	{ "8b 45 00", 3, "mov 0(%rbp),%eax: rbp needs a disp8" },
	{ "8b 05 10 20 30 40", 6, "mov rip-relative: disp32" },
	{ "8b 04 25 10 20 30 40", 7, "mov absolute: SIB without base, disp32" },
	{ "42 8b 04 2d 10 20 30 40", 8, "SIB base 5 with REX.B and mod 0: still disp32" },
	{ "8b 44 25 08", 4, "SIB base 5 with mod 1: disp8 only" },
	{ "8b 84 25 10 20 30 40", 7, "SIB base 5 with mod 2: disp32 only" },
	{ "67 8b 04 24", 4, "67: 32-bit addressing is encoded as 64-bit" },
	{ "8b c0", 2, "mov %eax,%eax: mod 3" },

	/* immediates and operand size */
	{ "48 83 ec 10", 4, "sub $0x10,%rsp: imm8" },
	{ "48 81 ec 00 01 00 00", 7, "sub $0x100,%rsp: imm32" },
	{ "66 81 ec 00 01", 5, "sub $0x100,%sp: 66 makes imm16" },
	{ "66 48 81 ec 00 01 00 00", 8, "REX.W wins over 66: imm32" },
	{ "05 01 00 00 00", 5, "add $1,%eax" },
	{ "66 05 01 00", 4, "add $1,%ax" },
	{ "68 00 10 00 00", 5, "push imm32" },
	{ "66 68 00 10", 4, "pushw imm16" },
	{ "6a 01", 2, "push imm8" },
	{ "69 c0 10 00 00 00", 6, "imul imm32" },
	{ "6b c0 10", 3, "imul imm8" },
	{ "b8 01 00 00 00", 5, "mov $1,%eax" },
	{ "66 b8 01 00", 4, "mov $1,%ax" },
	{ "48 b8 01 02 03 04 05 06 07 08", 10, "movabs imm64" },
	{ "49 bf 01 02 03 04 05 06 07 08", 10, "movabs imm64 to %r15" },
	{ "66 48 b8 01 02 03 04 05 06 07 08", 11, "66 REX.W mov: imm64" },
	{ "48 66 b8 01 00", 5, "REX before 66 is ignored: imm16" },
	{ "41 b0 01", 3, "mov $1,%r8b" },
	{ "c7 05 10 20 30 40 01 00 00 00", 10, "movl $1, rip-relative" },
	{ "66 c7 05 10 20 30 40 01 00", 9, "movw $1, rip-relative" },
	{ "48 c7 44 24 08 01 00 00 00", 9, "movq $1,8(%rsp)" },
	{ "c6 05 10 20 30 40 01", 7, "movb $1, rip-relative" },
	{ "c0 e0 04", 3, "shl $4,%al" },
	{ "c1 e0 04", 3, "shl $4,%eax" },
	{ "d1 e0", 2, "shl %eax" },
	{ "a8 01", 2, "test $1,%al" },
	{ "a9 01 00 00 00", 5, "test $1,%eax" },
	{ "e4 60", 2, "in $0x60,%al" },

	/* moffs */
	{ "a0 01 02 03 04 05 06 07 08", 9, "movabs moffs64,%al" },
	{ "48 a3 01 02 03 04 05 06 07 08", 10, "movabs %rax,moffs64" },
	{ "67 a0 01 02 03 04", 6, "67: moffs32" },
	{ "66 a1 01 02 03 04 05 06 07 08", 10, "66 does not change moffs" },

	/* ENTER, RET imm16, group 3 */
	{ "c8 10 00 01", 4, "enter $0x10,$1" },
	{ "c2 08 00", 3, "ret $8" },
	{ "ca 08 00", 3, "lret $8" },
	{ "f6 c0 01", 3, "test $1,%al: F6 /0 has imm8" },
	{ "f6 48 10 01", 4, "F6 /1 (TEST alias) has imm8" },
	{ "f6 d0", 2, "not %al: F6 /2 has none" },
	{ "f6 70 08", 3, "div 8(%rax): F6 /6" },
	{ "f7 c0 01 00 00 00", 6, "test $1,%eax" },
	{ "66 f7 c0 01 00", 5, "test $1,%ax" },
	{ "48 f7 c0 01 00 00 00", 7, "test $1,%rax" },
	{ "f7 d8", 2, "neg %eax" },
	{ "48 f7 f1", 3, "div %rcx" },

	/* branches */
	{ "eb 00", 2, "jmp rel8" },
	{ "74 00", 2, "je rel8" },
	{ "e3 00", 2, "jrcxz" },
	{ "e8 00 00 00 00", 5, "call rel32" },
	{ "e9 00 00 00 00", 5, "jmp rel32" },
	{ "0f 84 00 00 00 00", 6, "je rel32" },
	{ "2e 74 00", 3, "je with a branch hint" },
	{ "f2 e9 00 00 00 00", 6, "bnd jmp" },
	{ "66 e8 00 00 00 00", -1, "66 call: Intel and AMD disagree" },
	{ "66 e9 00 00 00 00", -1, "66 jmp rel: Intel and AMD disagree" },
	{ "66 0f 84 00 00 00 00", -1, "66 jcc rel: Intel and AMD disagree" },
	{ "66 eb 00", 3, "66 jmp rel8: one length either way" },
	{ "ff d0", 2, "call *%rax" },
	{ "41 ff e3", 3, "jmp *%r11" },
	{ "ff 25 10 20 30 40", 6, "jmp *rip-relative" },
	{ "ff 18", 2, "lcall *(%rax)" },
	{ "c7 f8 00 00 00 00", 6, "xbegin rel32" },
	{ "c6 f8 01", 3, "xabort $1" },

	/* prefixes */
	{ "f3 c3", 2, "repz ret" },
	{ "f0 48 0f b1 0a", 5, "lock cmpxchg %rcx,(%rdx)" },
	{ "f0 ff 00", 3, "lock incl (%rax)" },
	{ "64 48 8b 04 25 28 00 00 00", 9, "mov %fs:0x28,%rax" },
	{ "f3 48 ab", 3, "rep stos %rax" },
	{ "66 66 2e 0f 1f 84 00 00 00 00 00", 11, "data16 cs nopw" },
	{ "26 26 26 26 26 26 66 0f 1f 84 00 00 00 00 00", 15, "15 bytes: the limit" },
	{ "26 26 26 26 26 26 26 66 0f 1f 84 00 00 00 00 00", -1, "16 bytes: too long" },
	{ "66 66 66 66 66 66 66 66 66 66 66 66 66 66 90", 15, "15 prefixed nop" },
	{ "66 66 66 66 66 66 66 66 66 66 66 66 66 66 66 90", -1, "16 prefixed nop" },

	/* 0F map */
	{ "f3 0f 1e fa", 4, "endbr64" },
	{ "f3 0f 1e fb", 4, "endbr32" },
	{ "0f 05", 2, "syscall" },
	{ "0f 0b", 2, "ud2" },
	{ "0f a2", 2, "cpuid" },
	{ "0f 31", 2, "rdtsc" },
	{ "0f 1f 00", 3, "nopl (%rax)" },
	{ "0f 1f 44 00 00", 5, "nopl 0(%rax,%rax)" },
	{ "66 0f 1f 84 00 00 00 00 00", 9, "nopw 0(%rax,%rax)" },
	{ "0f 18 08", 3, "prefetcht0" },
	{ "0f 0d 08", 3, "prefetchw" },
	{ "0f 20 c0", 3, "mov %cr0,%rax" },
	{ "0f 22 d8", 3, "mov %rax,%cr3" },
	{ "0f 20 04", 3, "mov %cr0: mod ignored, no SIB" },
	{ "0f 23 85", 3, "mov to %dr: mod ignored, no disp32" },
	{ "0f 01 d0", 3, "xgetbv" },
	{ "0f 01 f9", 3, "rdtscp" },
	{ "0f 01 ca", 3, "clac" },
	{ "0f 00 d0", 3, "lldt %ax" },
	{ "0f ae f0", 3, "mfence" },
	{ "0f ae 38", 3, "clflush (%rax)" },
	{ "0f c7 f0", 3, "rdrand %eax" },
	{ "48 0f c7 0e", 4, "cmpxchg16b (%rsi)" },
	{ "0f ba e0 05", 4, "bt $5,%eax" },
	{ "0f a4 c2 04", 4, "shld $4" },
	{ "0f ac c2 04", 4, "shrd $4" },
	{ "0f a5 c2", 3, "shld %cl" },
	{ "0f b6 c0", 3, "movzbl %al,%eax" },
	{ "0f 44 c1", 3, "cmove" },
	{ "0f 94 c0", 3, "sete %al" },
	{ "0f c8", 2, "bswap %eax" },
	{ "f3 48 0f b8 c1", 5, "popcnt" },
	{ "f3 0f bc c1", 4, "tzcnt" },
	{ "0f ff 00", 3, "ud0 with ModRM" },
	{ "0f b9 00", 3, "ud1" },
	{ "66 0f 70 c1 1b", 5, "pshufd imm8" },
	{ "66 0f 73 d8 08", 5, "psrldq imm8" },
	{ "66 0f 71 d0 04", 5, "psrlw imm8" },
	{ "0f c2 c1 00", 4, "cmpps imm8" },
	{ "0f c6 c1 1b", 4, "shufps imm8" },
	{ "66 0f c4 c0 01", 5, "pinsrw imm8" },
	{ "66 0f c5 c0 01", 5, "pextrw imm8" },
	{ "66 0f 6f 06", 4, "movdqa (%rsi)" },
	{ "f3 0f 6f 46 10", 5, "movdqu 0x10(%rsi)" },
	{ "0f 28 05 10 20 30 40", 7, "movaps rip-relative" },
	{ "66 0f 78 c0 08 10", 6, "extrq ib, ib (SSE4a)" },
	{ "f2 0f 78 c1 08 10", 6, "insertq ib, ib (SSE4a)" },
	{ "0f 78 c0", 3, "vmread: no immediate" },
	{ "0f 77", 2, "emms" },

	/* 0F38, 0F3A */
	{ "66 0f 38 00 c1", 5, "pshufb" },
	{ "0f 38 f0 06", 4, "movbe (%rsi),%eax" },
	{ "f2 0f 38 f1 c1", 5, "crc32" },
	{ "66 0f 38 17 44 24 08", 7, "ptest 8(%rsp)" },
	{ "66 0f 3a 0f c1 08", 6, "palignr $8" },
	{ "66 0f 3a 16 c0 01", 6, "pextrd $1" },
	{ "66 48 0f 3a 16 c0 01", 7, "pextrq $1" },
	{ "66 0f 3a 63 0e 1a", 6, "pcmpistri" },
	{ "66 0f 3a 44 05 10 20 30 40 00", 10, "pclmulqdq rip-relative, imm8" },

	/* VEX */
	{ "c5 f8 77", 3, "vzeroupper: VEX 0F 77 has no ModRM" },
	{ "c4 e1 7c 77", 4, "vzeroall, 3-byte VEX" },
	{ "c5 fd 6f 06", 4, "vmovdqa (%rsi),%ymm0" },
	{ "c5 fd 6f 46 20", 5, "vmovdqa 0x20(%rsi),%ymm0" },
	{ "c5 fe 7f 84 24 00 01 00 00", 9, "vmovdqu %ymm0,0x100(%rsp)" },
	{ "c5 fd 70 c1 1b", 5, "vpshufd imm8" },
	{ "c5 fd 73 d8 08", 5, "vpsrldq imm8" },
	{ "c5 f4 c2 c1 00", 5, "vcmpps imm8" },
	{ "c5 f9 d7 c0", 4, "vpmovmskb" },
	{ "c4 e2 7d 00 c1", 5, "vpshufb: VEX 0F38" },
	{ "c4 e2 7d 18 05 10 20 30 40", 9, "vbroadcastss rip-relative" },
	{ "c4 e3 7d 0f c1 08", 6, "vpalignr: VEX 0F3A imm8" },
	{ "c4 e3 fd 00 c1 1b", 6, "vpermq imm8" },
	{ "c4 e2 f9 f7 c1", 5, "shlx (BMI2, VEX 0F38)" },
	{ "c4 e3 7b f0 c1 05", 6, "rorx imm8" },
	{ "c4 e2 78 49 c0", 5, "tilerelease (AMX)" },
	{ "2e c5 f8 77", 4, "a segment prefix may precede VEX" },
	{ "c4 e4 7d 00 c1", -1, "VEX map 4 does not exist" },
	{ "c4 e0 7d 00 c1", -1, "VEX map 0 does not exist" },
	{ "66 c5 f8 77", -1, "66 before VEX" },
	{ "f3 c5 f8 77", -1, "F3 before VEX" },
	{ "f0 c5 f8 77", -1, "F0 before VEX" },
	{ "48 c5 f8 77", -1, "REX before VEX" },

	/* EVEX */
	{ "62 f1 7c 48 10 06", 6, "vmovups (%rsi),%zmm0" },
	{ "62 f1 7c 48 10 46 01", 7, "vmovups 0x40(%rsi),%zmm0: disp8*N is one byte" },
	{ "62 f1 7c 48 10 86 00 01 00 00", 10, "vmovups 0x100(%rsi),%zmm0" },
	{ "62 e1 fe 28 6f 0c 24", 7, "vmovdqu64 (%rsp),%ymm17" },
	{ "62 b1 7d 48 72 e0 05", 7, "vpsrad imm8: EVEX 0F" },
	{ "62 f3 7d 48 3f c1 00", 7, "vpcmpb: EVEX 0F3A imm8" },
	{ "62 f2 7d 48 64 c1", 6, "vpblendmd: EVEX 0F38" },
	{ "62 f2 7d 28 7a c6", 6, "vpbroadcastb %esi,%ymm0" },
	{ "62 f1 7c 48 c6 c1 1b", 7, "vshufps imm8" },
	{ "62 f5 7c 48 58 c1", 6, "vaddph: EVEX map 5" },
	{ "62 f6 7d 48 2c c1", 6, "vscalefph: EVEX map 6" },
	{ "62 f4 7c 48 58 c1", -1, "EVEX map 4 (APX)" },
	{ "62 f7 7c 48 58 c1", -1, "EVEX map 7" },
	{ "62 f9 7c 48 10 06", -1, "EVEX P0 bit 3 set" },
	{ "62 f1 78 48 10 06", -1, "EVEX P1 bit 2 clear" },
	{ "66 62 f1 7c 48 10 06", -1, "66 before EVEX" },

	/* not in 64-bit mode */
	{ "06", -1, "push %es" },
	{ "07", -1, "pop %es" },
	{ "0e", -1, "push %cs" },
	{ "16", -1, "push %ss" },
	{ "17", -1, "pop %ss" },
	{ "1e", -1, "push %ds" },
	{ "1f", -1, "pop %ds" },
	{ "27", -1, "daa" },
	{ "2f", -1, "das" },
	{ "37", -1, "aaa" },
	{ "3f", -1, "aas" },
	{ "60", -1, "pusha" },
	{ "61", -1, "popa" },
	{ "82 c0 01", -1, "82 alias of 80" },
	{ "9a 00 00 00 00 00 00", -1, "far call ptr16:32" },
	{ "ce", -1, "into" },
	{ "d4 0a", -1, "aam" },
	{ "d5 0a", -1, "aad" },
	{ "d6", -1, "salc" },
	{ "ea 00 00 00 00 00 00", -1, "far jmp ptr16:32" },
	{ "0f 0f c1 b4", -1, "3DNow!" },
	{ "0f 04", -1, "0F 04" },
	{ "0f 24 c0", -1, "0F 24" },
	{ "0f a6", -1, "0F A6" },

	/* group holes */
	{ "8f c0", 2, "pop %rax through 8F /0" },
	{ "8f 44 24 08", 4, "pop 8(%rsp)" },
	{ "8f c8 78 c2 c1 00", -1, "8F /1: XOP, not decoded" },
	{ "c6 c8 00", -1, "C6 /1" },
	{ "c7 c8 00 00 00 00", -1, "C7 /1" },
	{ "fe 10", -1, "FE /2" },
	{ "fe c0", 2, "inc %al" },
	{ "ff 38", -1, "FF /7" },
	{ "ff d8", -1, "lcall through a register" },
	{ "ff e8", -1, "ljmp through a register" },

	/* truncated */
	{ "", -1, "nothing" },
	{ "66", -1, "a prefix alone" },
	{ "48", -1, "REX alone" },
	{ "0f", -1, "escape alone" },
	{ "0f 38", -1, "three-byte escape alone" },
	{ "c4 e2", -1, "VEX cut short" },
	{ "62 f1 7c", -1, "EVEX cut short" },
	{ "8b 04", -1, "SIB missing" },
};

/* Each case as given; with more bytes after it (which must not count); and
 * with its last byte cut off (which must be -1). */
static void test_lengths(struct tally *t)
{
	char msg[200];
	int i;

	for (i = 0; i < N(len_cases); i++) {
		const struct len_case *lc = &len_cases[i];
		uint8_t buf[32];
		size_t n = parse_hex(lc->hex, buf, sizeof(buf));
		int got = x86_insn_len(buf, n);

		snprintf(msg, sizeof(msg), "%s [%s]: got %d, want %d", lc->what, lc->hex,
			 got, lc->want);
		ok(t, got == lc->want, __LINE__, msg);

		memset(buf + n, 0x90, sizeof(buf) - n);
		got = x86_insn_len(buf, sizeof(buf));
		if (lc->want > 0 || n == 0 || n >= X86_INSN_MAX_LEN) {
			snprintf(msg, sizeof(msg), "%s [%s] + nops: got %d, want %d",
				 lc->what, lc->hex, got, lc->want);
			ok(t, got == (n == 0 ? 1 : lc->want), __LINE__, msg);
		}
		if (lc->want > 0) {
			got = x86_insn_len(buf, n - 1);
			snprintf(msg, sizeof(msg), "%s [%s] cut to %zu bytes: got %d",
				 lc->what, lc->hex, n - 1, got);
			ok(t, got == -1, __LINE__, msg);
		}
	}
}

static void test_boundaries(struct tally *t)
{
	static const uint8_t fn[] = {
		0xf3, 0x0f, 0x1e, 0xfa,		/* endbr64 */
		0x55,				/* push %rbp */
		0x48, 0x89, 0xe5,		/* mov %rsp,%rbp */
		0x48, 0xb8, 1, 2, 3, 4, 5, 6, 7, 8, /* movabs */
		0x5d,				/* pop %rbp */
		0xc3,				/* ret */
	};
	static const uint32_t want[] = { 0, 4, 5, 8, 18, 19 };
	static const uint8_t bad_middle[] = { 0x55, 0x90, 0x06, 0xc3 };
	static const uint8_t cut_end[] = { 0x55, 0xe8, 0x00, 0x00 };
	uint32_t offs[16];
	int n, i;

	memset(offs, 0xff, sizeof(offs));
	n = x86_insn_boundaries(fn, sizeof(fn), offs, N(offs));
	ok(t, n == N(want), __LINE__, "boundaries: count");
	for (i = 0; i < N(want) && i < n; i++)
		ok(t, offs[i] == want[i], __LINE__, "boundaries: offset");

	memset(offs, 0xff, sizeof(offs));
	n = x86_insn_boundaries(fn, sizeof(fn), offs, 3);
	ok(t, n == 3 && offs[2] == 5 && offs[3] == UINT32_MAX, __LINE__,
	   "boundaries: max stops the walk and is not exceeded");

	memset(offs, 0xff, sizeof(offs));
	n = x86_insn_boundaries(bad_middle, sizeof(bad_middle), offs, N(offs));
	ok(t, n == -1 && offs[0] == 0 && offs[1] == 1 && offs[2] == UINT32_MAX,
	   __LINE__, "boundaries: -1 at an invalid byte, the ones before kept");

	n = x86_insn_boundaries(cut_end, sizeof(cut_end), offs, N(offs));
	ok(t, n == -1 && offs[0] == 0, __LINE__,
	   "boundaries: -1 when the last instruction runs past the end");

	n = x86_insn_boundaries(fn, 0, offs, N(offs));
	ok(t, n == 0, __LINE__, "boundaries: no code, no instructions");
}

static void test_is_ret(struct tally *t)
{
	static const struct {
		const char *hex;
		int want;
	} cases[] = {
		{ "c3", 1 }, { "c2 08 00", 1 }, { "f3 c3", 1 }, { "f2 c3", 1 },
		{ "48 c3", 1 }, { "c2 08", 0 }, { "cb", 0 }, { "ca 08 00", 0 },
		{ "90", 0 }, { "0f c3 06", 0 }, { "e8 00 00 00 00", 0 },
		{ "c5 f8 77", 0 }, { "cf", 0 }, { "", 0 },
	};
	char msg[100];
	int i;

	for (i = 0; i < N(cases); i++) {
		uint8_t buf[16];
		size_t n = parse_hex(cases[i].hex, buf, sizeof(buf));

		snprintf(msg, sizeof(msg), "is_ret [%s]", cases[i].hex);
		ok(t, x86_insn_is_ret(buf, n) == cases[i].want, __LINE__, msg);
	}
}

/* The instructions the kernel's uprobes refuse (x86_insn_uprobe_ok). */
static void test_uprobe_ok(struct tally *t)
{
	static const struct {
		const char *hex;
		int want;
	} cases[] = {
		{ "55", 1 },				/* push %rbp */
		{ "f3 0f 1e fa", 1 },			/* endbr64 */
		{ "48 89 e5", 1 }, { "c3", 1 }, { "f3 c3", 1 }, { "90", 1 },
		{ "e8 00 00 00 00", 1 }, { "0f 1f 44 00 00", 1 },
		{ "64 48 8b 04 25 28 00 00 00", 1 },	/* mov %fs:0x28,%rax */
		{ "ff 25 00 00 00 00", 1 },		/* jmp *(%rip) */
		{ "0f 84 00 00 00 00", 1 },
		{ "f0 ff 0f", 0 },			/* lock decl (%rdi) */
		{ "f0 48 0f b1 0a", 0 },		/* lock cmpxchg */
		{ "3e ff e0", 0 },			/* notrack jmp *%rax */
		{ "2e 0f 1f 84 00 00 00 00 00", 0 },	/* cs nopw */
		{ "0f 0b", 0 }, { "0f 05", 0 }, { "0f ae f0", 0 },	/* ud2, syscall, mfence */
		{ "cc", 0 }, { "cd 80", 0 }, { "f4", 0 }, { "ec", 0 },
		{ "8e d0", 0 },				/* mov %eax,%ss */
		{ "c5 fe 6f 06", 0 },			/* vmovdqu: not on every kernel */
		{ "66 0f 38 00 c1", 0 },		/* pshufb */
		{ "", 0 },
	};
	char msg[100];

	for (int i = 0; i < N(cases); i++) {
		uint8_t buf[16];
		size_t n = parse_hex(cases[i].hex, buf, sizeof(buf));

		snprintf(msg, sizeof(msg), "uprobe_ok [%s]", cases[i].hex);
		ok(t, x86_insn_uprobe_ok(buf, n) == cases[i].want, __LINE__, msg);
	}
}

/*
 * Random bytes that end exactly at a page the process may not read: the
 * decoder must return without touching it, whatever the bytes say.  A
 * read past avail is a crash here, not a failed case.
 */
static void test_reads_stay_in_bounds(struct tally *t)
{
	long page = sysconf(_SC_PAGESIZE);
	uint8_t *map = mmap(NULL, (size_t)page * 2, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint32_t seed = 12345, offs[16];
	int round, decoded = 0;

	if (map == MAP_FAILED) {
		ok(t, 0, __LINE__, "mmap");
		return;
	}
	mprotect(map + page, (size_t)page, PROT_NONE);
	for (round = 0; round < 200000; round++) {
		size_t avail = round % 16, i;
		uint8_t *p = map + page - avail;

		for (i = 0; i < avail; i++) {
			seed = seed * 1103515245 + 12345;
			p[i] = (uint8_t)(seed >> 16);
		}
		if (x86_insn_len(p, avail) > 0)
			decoded++;
		x86_insn_boundaries(p, avail, offs, N(offs));
	}
	munmap(map, (size_t)page * 2);
	ok(t, decoded > 0, __LINE__, "random bytes: some decode");
}

/* The file-offset view of one ELF file's .text. */
struct text_section {
	uint8_t *file;		/* the whole file */
	const uint8_t *bytes;	/* .text's bytes, inside file */
	uint64_t addr, size;
};

static int load_text(const char *path, struct text_section *text)
{
	FILE *f = fopen(path, "rb");
	const Elf64_Ehdr *eh;
	const Elf64_Shdr *sh;
	const char *names;
	long size;
	int i;

	memset(text, 0, sizeof(*text));
	if (!f)
		return -1;
	if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < (long)sizeof(*eh) ||
	    fseek(f, 0, SEEK_SET) != 0) {
		fclose(f);
		return -1;
	}
	text->file = malloc((size_t)size);
	if (!text->file || fread(text->file, 1, (size_t)size, f) != (size_t)size) {
		fclose(f);
		return -1;
	}
	fclose(f);
	eh = (const Elf64_Ehdr *)text->file;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_machine != EM_X86_64 ||
	    eh->e_shoff + (uint64_t)eh->e_shnum * sizeof(*sh) > (uint64_t)size ||
	    eh->e_shstrndx >= eh->e_shnum)
		return -1;
	sh = (const Elf64_Shdr *)(text->file + eh->e_shoff);
	names = (const char *)text->file + sh[eh->e_shstrndx].sh_offset;
	for (i = 0; i < eh->e_shnum; i++) {
		if (strcmp(names + sh[i].sh_name, ".text") != 0)
			continue;
		if (sh[i].sh_offset + sh[i].sh_size > (uint64_t)size)
			return -1;
		text->bytes = text->file + sh[i].sh_offset;
		text->addr = sh[i].sh_addr;
		text->size = sh[i].sh_size;
		return 0;
	}
	return -1;
}

/* One line of objdump's listing: an instruction's address, and whether
 * objdump could not decode it. */
struct listed_insn {
	uint64_t addr;
	int bad;
};

/* objdump's instructions of one file's .text, in order, with the start of
 * each symbol's run ("function") marked. */
struct listing {
	struct listed_insn *insns;
	int n, cap;
	uint64_t *func_starts;
	int nfuncs, funcs_cap;
};

static void *grow(void *p, int *cap, size_t elem)
{
	*cap = *cap ? *cap * 2 : 4096;
	p = realloc(p, (size_t)*cap * elem);
	if (!p) {
		perror("realloc");
		exit(2);
	}
	return p;
}

static int run_objdump(const char *path, struct listing *l)
{
	char cmd[600], line[1024];
	FILE *out;

	memset(l, 0, sizeof(*l));
	/* -z: blocks of zeroes are listed too, not folded into "..." */
	snprintf(cmd, sizeof(cmd),
		 "objdump -d -z --no-show-raw-insn -j .text '%s' 2>/dev/null", path);
	out = popen(cmd, "r");
	if (!out)
		return -1;
	while (fgets(line, sizeof(line), out)) {
		char *end, *colon;
		uint64_t addr;

		if (line[0] == ' ') {		/* "  4004d0:\tpush   %rbp" */
			addr = strtoull(line, &end, 16);
			if (end == line || *end != ':')
				continue;
			if (l->n == l->cap)
				l->insns = grow(l->insns, &l->cap, sizeof(*l->insns));
			l->insns[l->n].addr = addr;
			l->insns[l->n].bad = strstr(end, "(bad)") != NULL;
			l->n++;
		} else if ((colon = strstr(line, ">:")) && colon[2] == '\n') {
			/* "00000000004004d0 <main>:" */
			addr = strtoull(line, &end, 16);
			if (end == line || *end != ' ')
				continue;
			if (l->nfuncs == l->funcs_cap)
				l->func_starts = grow(l->func_starts, &l->funcs_cap,
						      sizeof(*l->func_starts));
			l->func_starts[l->nfuncs++] = addr;
		}
	}
	return pclose(out) == 0 && l->n > 0 ? 0 : -1;
}

struct compare_counts {
	int functions, functions_skipped, function_mismatches;
	long insns, bad_skipped, mismatches;
};

static void show_mismatch(const struct text_section *text, uint64_t addr, int got,
			  long want)
{
	const uint8_t *p = text->bytes + (addr - text->addr);
	uint64_t left = text->size - (addr - text->addr);
	uint64_t i;

	fprintf(stderr, "  %" PRIx64 ": got %d, objdump %ld:", addr, got, want);
	for (i = 0; i < 16 && i < left; i++)
		fprintf(stderr, " %02x", p[i]);
	fputc('\n', stderr);
}

/*
 * Compare objdump's listing of .text with the decoder, two ways: every
 * instruction's length against the distance to objdump's next instruction
 * (objdump resynchronizes after a disagreement, so one wrong length costs
 * one mismatch), and each function's x86_insn_boundaries() against
 * objdump's starts.  A function holding a "(bad)" is data or an encoding
 * objdump does not know: it is counted as skipped.
 */
static void compare(const struct text_section *text, const struct listing *l,
		    struct compare_counts *cc)
{
	uint64_t text_end = text->addr + text->size;
	uint32_t *offs = NULL;
	int offs_cap = 0, f, i = 0, shown = 0;

	memset(cc, 0, sizeof(*cc));
	for (i = 0; i < l->n; i++) {
		const struct listed_insn *li = &l->insns[i];
		uint64_t next = i + 1 < l->n ? l->insns[i + 1].addr : text_end;
		int got;

		if (li->bad) {
			cc->bad_skipped++;
			continue;
		}
		if (li->addr < text->addr || next > text_end || next <= li->addr) {
			cc->mismatches++;	/* a listing that makes no sense */
			continue;
		}
		cc->insns++;
		got = x86_insn_len(text->bytes + (li->addr - text->addr), text_end - li->addr);
		if ((uint64_t)got != next - li->addr || got < 0) {
			cc->mismatches++;
			if (shown++ < 20)
				show_mismatch(text, li->addr, got, (long)(next - li->addr));
		}
	}

	/* functions: from one symbol to the next (or the end of .text) */
	i = 0;
	for (f = 0; f < l->nfuncs; f++) {
		uint64_t start = l->func_starts[f];
		uint64_t end = f + 1 < l->nfuncs ? l->func_starts[f + 1] : text_end;
		int first, count = 0, bad = 0, n, k, same;

		if (end <= start || start < text->addr || end > text_end)
			continue;
		while (i < l->n && l->insns[i].addr < start)
			i++;
		first = i;
		while (i < l->n && l->insns[i].addr < end) {
			bad |= l->insns[i].bad;
			count++;
			i++;
		}
		if (count == 0)
			continue;
		if (bad) {
			cc->functions_skipped++;
			continue;
		}
		cc->functions++;
		while (offs_cap < count + 1)
			offs = grow(offs, &offs_cap, sizeof(*offs));
		n = x86_insn_boundaries(text->bytes + (start - text->addr), end - start,
					offs, offs_cap);
		same = n == count;
		for (k = 0; same && k < n; k++)
			same = offs[k] == l->insns[first + k].addr - start;
		if (!same) {
			cc->function_mismatches++;
			if (shown++ < 20)
				fprintf(stderr, "  function at %" PRIx64 ": %d boundaries, objdump %d\n",
					start, n, count);
		}
	}
	free(offs);
}

/* Compare one binary; a file that is not there is skipped unless required. */
static void test_against_objdump(struct tally *t, const char *path, int required)
{
	struct text_section text;
	struct listing l;
	struct compare_counts cc;
	char msg[300];

	if (access(path, R_OK) != 0) {
		if (required)
			ok(t, 0, __LINE__, path);
		else
			printf("objdump comparison: %s: not there, skipped\n", path);
		return;
	}
	if (load_text(path, &text) != 0 || run_objdump(path, &l) != 0) {
		snprintf(msg, sizeof(msg), "%s: no .text, or objdump failed (is binutils installed?)",
			 path);
		ok(t, 0, __LINE__, msg);
		free(text.file);
		return;
	}
	compare(&text, &l, &cc);
	printf("objdump comparison: %s: %ld instructions (%ld mismatches, %ld (bad) skipped), "
	       "%d functions (%d mismatches, %d with (bad) skipped)\n",
	       path, cc.insns, cc.mismatches, cc.bad_skipped, cc.functions,
	       cc.function_mismatches, cc.functions_skipped);
	snprintf(msg, sizeof(msg), "%s: %ld instruction and %d function mismatches with objdump",
		 path, cc.mismatches, cc.function_mismatches);
	ok(t, cc.mismatches == 0 && cc.function_mismatches == 0 && cc.insns > 0, __LINE__, msg);
	free(l.insns);
	free(l.func_starts);
	free(text.file);
}

/*
 * Encodings compilers rarely emit but kernel and library code has: system
 * and virtualization instructions, CET, TSX, SSE4a, x87, BMI, SHA, AES,
 * AVX2, AVX-512 (masks, broadcast, rounding, FP16 maps 5 and 6), AMX, every
 * immediate and displacement form.  Assembled with cc at test time and
 * compared with objdump like the binaries.
 */
static const char assembled_source[] =
	"\t.text\n"
	"\t.globl sysinsns\n"
	"sysinsns:\n"
	"\twrmsr; rdmsr; rdpmc; rdtsc; rdtscp; cpuid; wbinvd; invd; clts\n"
	"\thlt\n"
	"\tswapgs; sysretq; sysretl; iretq; iretl; sysenter; sysexitq\n"
	"\tsyscall; getsec\n"
	"\tstac; clac; vmcall; vmlaunch; vmresume; vmxoff; vmfunc; xgetbv\n"
	"\txsetbv; encls; enclu\n"
	"\tmonitor; mwait; serialize; rdpid %rax; rdpkru; wrpkru\n"
	"\tlgdt (%rax); sgdt 8(%rsp); lidt 0x12345678(%rip); ltr %ax\n"
	"\tlldt %ax; str %eax; smsw %eax\n"
	"\tinvlpg (%rax); invpcid (%rax), %rcx; invept (%rax), %rcx\n"
	"\tinvvpid (%rax), %rcx\n"
	"\tvmread %rax, %rbx; vmwrite %rax, %rbx; vmptrld (%rax)\n"
	"\tvmclear (%rax); vmxon (%rax)\n"
	"\tmov %cr4, %rax; mov %rax, %cr3; mov %dr7, %rax; mov %rax, %dr0\n"
	"\tmov %cr8, %rax\n"
	"\trdfsbase %rax; wrgsbase %rbx; rdgsbase %ecx\n"
	"\txsave (%rax); xsaves (%rax); xrstors64 (%rbx)\n"
	"\txsaveopt64 (%rcx); xsavec (%rdx); fxsave64 (%rsp)\n"
	"\tfxrstor (%rsp)\n"
	"\tclflush (%rax); clflushopt (%rax); clwb (%rax); sfence; lfence\n"
	"\tmfence; pause\n"
	"\tprefetcht0 (%rax); prefetchnta 64(%rax); prefetchw (%rax)\n"
	"\trdrand %rax; rdseed %ecx; cmpxchg16b (%rsi)\n"
	"\tlock cmpxchg8b (%rdi)\n"
	"\tmovdiri %rax, (%rdx); movdir64b (%rsi), %rdi\n"
	"\tenqcmd (%rsi), %rdi; enqcmds (%rsi), %rdi\n"
	"\tendbr64; endbr32; incsspq %rax; rdsspq %rax; saveprevssp\n"
	"\tsetssbsy; wrssq %rax, (%rbx); clrssbsy (%rax)\n"
	"\txbegin 1f; 1: xend; xabort $3; xtest\n"
	"\tud2; ud1 (%rax), %eax; ud0 (%rax), %eax; int3; int $3; int1\n"
	"\tlock incl (%rax); lock xaddq %rax, 8(%rbx); xchg %rax, (%rbx)\n"
	"\tlock btsq $5, (%rax)\n"
	"\trep movsb; rep stosq; repne scasb; movsq; cmpsb; lodsw\n"
	"\tenter $16, $0; leave; ret $8; lretq; lretq $4; iretq\n"
	"\tmovabs 0x1122334455667788, %al\n"
	"\tmovabs %rax, 0x1122334455667788; addr32 mov 0x11223344, %eax\n"
	"\tmovabs $0x1122334455667788, %r11; movw $0x1234, %ax\n"
	"\tmovw $1, (%rax); pushw $0x1234; pushq $0x12345678\n"
	"\tin $0x60, %al; out %al, $0x80; in (%dx), %eax; outsb; insl\n"
	"\tcrc32q %rax, %rbx; crc32b %al, %ebx; movbe (%rax), %ecx\n"
	"\tpopcnt %rax, %rbx; lzcnt %eax, %ebx; tzcnt %ax, %bx\n"
	"\tandn %rax, %rbx, %rcx; bextr %rax, %rbx, %rcx; blsi %rax, %rbx\n"
	"\tbzhi %rax, %rbx, %rcx; pdep %rax, %rbx, %rcx\n"
	"\tpext %rax, %rbx, %rcx\n"
	"\trorx $5, %rax, %rbx; sarx %rax, %rbx, %rcx\n"
	"\tmulx %rax, %rbx, %rcx; adcx %rax, %rbx; adox %rax, %rbx\n"
	"\taesenc %xmm1, %xmm2; aesenclast (%rax), %xmm2\n"
	"\taeskeygenassist $1, %xmm1, %xmm2\n"
	"\tpclmulqdq $0x11, %xmm1, %xmm2\n"
	"\tsha1rnds4 $3, %xmm1, %xmm2; sha256rnds2 %xmm1, %xmm2\n"
	"\tsha1msg1 %xmm1, %xmm2; gf2p8affineqb $1, %xmm1, %xmm2\n"
	"\textrq $4, $8, %xmm1; insertq $4, $8, %xmm1, %xmm2\n"
	"\textrq %xmm1, %xmm2; insertq %xmm1, %xmm2\n"
	"\tpshufd $0x1b, %xmm1, %xmm2; psrldq $8, %xmm1; psllw $3, %mm1\n"
	"\tpinsrw $1, %eax, %xmm1; pextrw $1, %xmm1, %eax\n"
	"\tshufpd $1, %xmm1, %xmm2\n"
	"\troundsd $4, %xmm1, %xmm2; dpps $0xff, %xmm1, %xmm2\n"
	"\tpcmpestri $0x0c, (%rax), %xmm1; pextrq $1, %xmm1, %rax\n"
	"\tpinsrq $1, %rax, %xmm1; extractps $1, %xmm1, %eax\n"
	"\tcvtsi2sdq %rax, %xmm0; cvttsd2si %xmm0, %rax; movq %rax, %xmm0\n"
	"\tmovd %xmm0, %eax; maskmovq %mm1, %mm2; emms; femms\n"
	"\tfldz; fld1; fstpt (%rax); fildll 8(%rsp); fnstcw (%rsp)\n"
	"\tfxch %st(2); faddp; fucomip %st(1), %st; fnstsw %ax; fwait\n"
	"\tvzeroupper; vzeroall; vmovdqu (%rsi), %ymm0\n"
	"\tvpcmpeqb %ymm1, %ymm2, %ymm3; vpmovmskb %ymm0, %eax\n"
	"\tvpbroadcastb %xmm0, %ymm1\n"
	"\tvpermq $0x1b, %ymm1, %ymm2\n"
	"\tvperm2i128 $0x20, %ymm1, %ymm2, %ymm3\n"
	"\tvinserti128 $1, %xmm1, %ymm2, %ymm3\n"
	"\tvextracti128 $1, %ymm1, %xmm2\n"
	"\tvpshufd $0x1b, %ymm1, %ymm2; vpsrldq $8, %ymm1, %ymm2\n"
	"\tvpslld $3, %ymm1, %ymm2; vcmpps $1, %ymm1, %ymm2, %ymm3\n"
	"\tvshufps $1, %ymm1, %ymm2, %ymm3\n"
	"\tvpgatherdd %ymm1, (%rax,%ymm2,4), %ymm3\n"
	"\tvfmadd231pd %ymm1, %ymm2, %ymm3; vcvtph2ps %xmm1, %ymm2\n"
	"\tvcvtps2ph $0, %ymm1, %xmm2\n"
	"\tvmovdqu64 (%rsi), %zmm16; vmovdqu8 %zmm1, 0x40(%rdi){%k1}\n"
	"\tvpcmpub $4, %zmm1, %zmm2, %k3\n"
	"\tvpternlogd $0x96, %zmm1, %zmm2, %zmm3\n"
	"\tvpsrad $5, %zmm1, %zmm2; vpshufd $0x1b, %zmm1, %zmm2{%k1}{z}\n"
	"\tvcmppd $1, %zmm1, %zmm2, %k1\n"
	"\tvshufi64x2 $0x44, %zmm1, %zmm2, %zmm3\n"
	"\tvpbroadcastq %rax, %zmm1; vaddps (%rax){1to16}, %zmm1, %zmm2\n"
	"\tvaddpd {rn-sae}, %zmm1, %zmm2, %zmm3\n"
	"\tvgatherdps 8(%rax,%zmm1,4), %zmm2{%k1}\n"
	"\tkmovq %k1, %rax; kmovw %eax, %k2; kortestq %k1, %k2\n"
	"\tkshiftlq $3, %k1, %k2; kandw %k1, %k2, %k3\n"
	"\tvpcompressb %zmm1, (%rax){%k1}; vpdpbusd %zmm1, %zmm2, %zmm3\n"
	"\tvgf2p8affineqb $1, %zmm1, %zmm2, %zmm3\n"
	"\tvaesenc %zmm1, %zmm2, %zmm3\n"
	"\tvaddph %zmm1, %zmm2, %zmm3; vfmadd132ph %zmm1, %zmm2, %zmm3\n"
	"\tvcmpph $1, %zmm1, %zmm2, %k1; vfpclassph $3, %zmm1, %k1\n"
	"\tvmovsh (%rax), %xmm1\n"
	"\tvcvtsi2shq %rax, %xmm1, %xmm2; vgetmantph $2, %zmm1, %zmm2\n"
	"\tvrndscaleph $1, %zmm1, %zmm2\n"
	"\tldtilecfg (%rax); tilerelease; tileloadd (%rax,%rcx,1), %tmm1\n"
	"\ttdpbssd %tmm1, %tmm2, %tmm3; tilezero %tmm0\n"
	"\tvpdpbusd %ymm1, %ymm2, %ymm3; vpmadd52luq %ymm1, %ymm2, %ymm3\n"
	"\tcs call *%rax; notrack jmp *%rax; bnd ret; rep ret; data16 ret\n"
	"\tcs nopw 0(%rax,%rax,1); nopw %cs:0x100(%rax,%rax,1)\n"
	"\tds jne 2f; 2: jrcxz 2b; loop 2b; jmp 4f; .skip 200, 0x90; 4:\n"
	"\tleaq 0x12345678(,%r13,8), %rax; movl (%r12), %eax\n"
	"\tmovl (%r13), %eax; movl 4(%rsp,%rbp,2), %eax; lea (%rip), %rax\n"
	"\ttestb $1, (%rax); testw $1, 2(%rax)\n"
	"\ttestq $0x1000, 0x100(%rsp); notb (%rax); negq 8(%rax)\n"
	"\tidivq 0x1000(%rax)\n"
	"\txchg %ax, %ax; xchg %r8, %rax; pushf; popfq; cwtl; cqto; cbw\n"
	"\tsahf; lahf; cmc; stc; std; cld; cli; sti\n"
	"\tshldq $4, %rax, (%rbx); shrd %cl, %eax, %ebx; btl $3, (%rax)\n"
	"\tbsr %eax, %ebx; bswap %r12; cmovneq (%rax), %rbx\n"
	"\tsetne 8(%rsp)\n"
	"\tmovsxd (%rax), %rax; movzwl 2(%rax), %eax; movsbq %al, %r15\n"
	"\timul $1000, %rax, %rbx; imul $10, (%rax), %ebx\n"
	"\trclb $3, (%rax); rorl %cl, (%rax); sarq (%rax); xlat; ret\n";

/* Assemble assembled_source into a temporary object and compare its .text. */
static void test_assembled_against_objdump(struct tally *t)
{
	char src[] = "/tmp/test_x86_insn_XXXXXX", obj[] = "/tmp/test_x86_insn_o_XXXXXX";
	char cmd[200];
	int src_fd = mkstemp(src), obj_fd = mkstemp(obj);
	FILE *f = src_fd >= 0 ? fdopen(src_fd, "w") : NULL;
	int written;

	if (!f || obj_fd < 0) {
		ok(t, 0, __LINE__, "temporary files for the assembler");
		return;
	}
	close(obj_fd);
	written = fputs(assembled_source, f) >= 0;
	written &= fclose(f) == 0;
	snprintf(cmd, sizeof(cmd), "cc -c -x assembler %s -o %s", src, obj);
	if (written && system(cmd) == 0)
		test_against_objdump(t, obj, 1);
	else
		ok(t, 0, __LINE__, "cc assembles the instruction list");
	unlink(src);
	unlink(obj);
}

int main(int argc, char **argv)
{
	struct tally t = { 0, 0 };
	char self[4096];
	ssize_t self_len;
	int i;

	test_lengths(&t);
	test_boundaries(&t);
	test_is_ret(&t);
	test_uprobe_ok(&t);
	test_reads_stay_in_bounds(&t);

	if (argc > 1) {
		/* test_x86_insn FILE...: compare those files only */
		for (i = 1; i < argc; i++)
			test_against_objdump(&t, argv[i], 1);
	} else {
		test_assembled_against_objdump(&t);
		/* this program, by its name: objdump's /proc/self is objdump */
		self_len = readlink("/proc/self/exe", self, sizeof(self) - 1);
		if (self_len > 0) {
			self[self_len] = '\0';
			test_against_objdump(&t, self, 1);
		}
		test_against_objdump(&t, "/usr/lib/x86_64-linux-gnu/libc.so.6", 1);
		test_against_objdump(&t, "/bin/bash", 1);
		test_against_objdump(&t, "/usr/lib/x86_64-linux-gnu/libmvec.so.1", 0);
		test_against_objdump(&t, "build/dtrace", 0);
	}

	printf("%d passed, %d failed\n", t.passed, t.failed);
	return t.failed ? 1 : 0;
}
