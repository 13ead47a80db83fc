/*
 * test_disasm.c - owns the unit tests for src/bpf/disasm.c: the text of
 * single instructions of every class, ld_imm64 and map naming, branch
 * targets, bad encodings, buffer edge cases, helper names and the listing.
 *
 *   gcc -std=c11 -Wall -Wextra -Isrc src/bpf/disasm.c tests/unit/test_disasm.c -o /tmp/td && /tmp/td
 */
#define _POSIX_C_SOURCE 200809L

#include "bpf/disasm.h"
#include "bpf/insn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

static void ok(int cond, int line, const char *what)
{
	if (cond) {
		passed++;
	} else {
		failed++;
		fprintf(stderr, "FAIL line %d: %s\n", line, what);
	}
}

static const char *names(void *arg, int fd)
{
	(void)arg;
	switch (fd) {
	case 7:	 return "aggs";
	case 3:	 return "@counts";
	case 9:	 return "";		/* empty counts as no name */
	default: return NULL;
	}
}

/* insns[i] of a program of n slots must read `want` and use `slots`. */
static void check_at(int line, const struct bpf_insn *insns, int n, int i,
		     const char *want, int slots)
{
	char buf[256], msg[600];
	int used;

	memset(buf, 'X', sizeof(buf));
	used = bpf_disasm_insn(buf, sizeof(buf), insns, i, n, names, NULL);
	if (strcmp(buf, want) != 0 || used != slots) {
		snprintf(msg, sizeof(msg), "got \"%s\" (%d slots), want \"%s\" (%d)",
			 buf, used, want, slots);
		ok(0, line, msg);
	} else {
		ok(1, line, want);
	}
}

/* One instruction at index 0 of a 16-slot program of exits. */
static void check1(int line, struct bpf_insn in, const char *want)
{
	struct bpf_insn p[16];
	int k;

	for (k = 0; k < 16; k++)
		p[k] = BPF_EXIT_INSN();
	p[0] = in;
	check_at(line, p, 16, 0, want, 1);
}

#define T(insn, want) check1(__LINE__, insn, want)
#define TA(arr, i, want, slots) check_at(__LINE__, arr, N(arr), i, want, slots)

static void test_alu(void)
{
	T(BPF_MOV64_REG(1, 10), "r1 = r10");
	T(BPF_MOV64_IMM(0, 0), "r0 = 0");
	T(BPF_MOV64_IMM(3, -1), "r3 = -1");
	T(BPF_MOV32_REG(0, 1), "w0 = w1");
	T(BPF_ALU32_IMM(BPF_MOV, 2, 5), "w2 = 5");
	T(BPF_ALU64_IMM(BPF_ADD, 1, -8), "r1 += -8");
	T(BPF_ALU64_REG(BPF_SUB, 1, 2), "r1 -= r2");
	T(BPF_ALU64_IMM(BPF_MUL, 1, 3), "r1 *= 3");
	T(BPF_ALU64_REG(BPF_DIV, 1, 2), "r1 /= r2");
	T(BPF_ALU64_IMM(BPF_MOD, 1, 7), "r1 %= 7");
	T(BPF_ALU64_REG(BPF_OR, 1, 2), "r1 |= r2");
	T(BPF_ALU64_IMM(BPF_AND, 1, 255), "r1 &= 255");
	T(BPF_ALU64_IMM(BPF_LSH, 1, 3), "r1 <<= 3");
	T(BPF_ALU64_REG(BPF_RSH, 1, 2), "r1 >>= r2");
	T(BPF_ALU64_IMM(BPF_ARSH, 1, 63), "r1 s>>= 63");
	T(BPF_ALU64_REG(BPF_XOR, 1, 2), "r1 ^= r2");
	T(BPF_ALU32_REG(BPF_ADD, 4, 5), "w4 += w5");
	T(BPF_ALU32_IMM(BPF_RSH, 4, 16), "w4 >>= 16");
	T(BPF_ALU32_IMM(BPF_ARSH, 4, 1), "w4 s>>= 1");

	/* signed division / modulo */
	T(BPF_SDIV64_REG(1, 2), "r1 s/= r2");
	T(BPF_SMOD64_REG(1, 2), "r1 s%= r2");
	T(BPF_INSN(BPF_ALU64 | BPF_DIV | BPF_K, 1, 0, 1, 3), "r1 s/= 3");
	T(BPF_INSN(BPF_ALU | BPF_MOD | BPF_X, 1, 2, 1, 0), "w1 s%= w2");
	T(BPF_INSN(BPF_ALU64 | BPF_DIV | BPF_X, 1, 2, 2, 0), "(bad opcode 0x3f: off)");
	T(BPF_INSN(BPF_ALU64 | BPF_ADD | BPF_X, 1, 2, 1, 0), "(bad opcode 0x0f: off)");

	/* negation */
	T(BPF_NEG64(1), "r1 = -r1");
	T(BPF_INSN(BPF_ALU | BPF_NEG, 2, 0, 0, 0), "w2 = -w2");
	T(BPF_INSN(BPF_ALU64 | BPF_NEG | BPF_X, 1, 2, 0, 0), "(bad opcode 0x8f)");

	/* sign-extending moves */
	T(BPF_MOVSX64_REG(1, 2, 8), "r1 = (s8)r2");
	T(BPF_MOVSX64_REG(1, 2, 16), "r1 = (s16)r2");
	T(BPF_MOVSX64_REG(1, 2, 32), "r1 = (s32)r2");
	T(BPF_INSN(BPF_ALU | BPF_MOV | BPF_X, 1, 2, 8, 0), "w1 = (s8)w2");
	T(BPF_INSN(BPF_ALU | BPF_MOV | BPF_X, 1, 2, 16, 0), "w1 = (s16)w2");
	T(BPF_INSN(BPF_ALU | BPF_MOV | BPF_X, 1, 2, 32, 0), "(bad opcode 0xbc: off)");
	T(BPF_MOVSX64_REG(1, 2, 4), "(bad opcode 0xbf: off)");
	T(BPF_INSN(BPF_ALU64 | BPF_MOV | BPF_K, 1, 0, 8, 0), "(bad opcode 0xb7: off)");
	T(BPF_INSN(BPF_ALU64 | BPF_MOV | BPF_X, 1, 2, 1, 1), "r1 = addr_space_cast(r2, 0, 1)");
	T(BPF_INSN(BPF_ALU64 | BPF_MOV | BPF_X, 1, 2, 1, 0x10000), "r1 = addr_space_cast(r2, 1, 0)");

	/* endianness */
	T(BPF_INSN(BPF_ALU | BPF_END | BPF_TO_BE, 1, 0, 0, 16), "r1 = be16 r1");
	T(BPF_INSN(BPF_ALU | BPF_END | BPF_TO_BE, 1, 0, 0, 32), "r1 = be32 r1");
	T(BPF_INSN(BPF_ALU | BPF_END | BPF_TO_LE, 3, 0, 0, 64), "r3 = le64 r3");
	T(BPF_INSN(BPF_ALU64 | BPF_END | BPF_TO_LE, 2, 0, 0, 16), "r2 = bswap16 r2");
	T(BPF_INSN(BPF_ALU64 | BPF_END | BPF_TO_LE, 2, 0, 0, 64), "r2 = bswap64 r2");
	T(BPF_INSN(BPF_ALU | BPF_END | BPF_TO_BE, 1, 0, 0, 8), "(bad opcode 0xdc: width)");
	T(BPF_INSN(BPF_ALU64 | BPF_END | BPF_TO_BE, 1, 0, 0, 16), "(bad opcode 0xdf)");

	/* registers and unknown ops */
	T(BPF_MOV64_REG(11, 1), "(bad opcode 0xbf: dst_reg)");
	T(BPF_MOV64_REG(1, 12), "(bad opcode 0xbf: src_reg)");
	T(BPF_ALU64_REG(BPF_ADD, 1, 15), "(bad opcode 0x0f: src_reg)");
	T(BPF_INSN(0xe7, 1, 0, 0, 0), "(bad opcode 0xe7)");
	T(BPF_INSN(0xf4, 1, 0, 0, 0), "(bad opcode 0xf4)");
	T(BPF_INSN(0xff, 1, 2, 0, 0), "(bad opcode 0xff)");
}

static void test_mem(void)
{
	T(BPF_LDX_MEM(BPF_DW, 0, 10, -16), "r0 = *(u64 *)(r10 -16)");
	T(BPF_LDX_MEM(BPF_W, 2, 1, 4), "r2 = *(u32 *)(r1 +4)");
	T(BPF_LDX_MEM(BPF_H, 2, 1, 0), "r2 = *(u16 *)(r1 +0)");
	T(BPF_LDX_MEM(BPF_B, 2, 1, 255), "r2 = *(u8 *)(r1 +255)");
	T(BPF_LDX_MEMSX(BPF_W, 0, 1, 0), "r0 = *(s32 *)(r1 +0)");
	T(BPF_LDX_MEMSX(BPF_H, 0, 1, -2), "r0 = *(s16 *)(r1 -2)");
	T(BPF_LDX_MEMSX(BPF_B, 0, 1, 8), "r0 = *(s8 *)(r1 +8)");
	T(BPF_LDX_MEMSX(BPF_DW, 0, 1, 0), "(bad opcode 0x99)");
	T(BPF_INSN(BPF_LDX | BPF_DW | BPF_ABS, 0, 1, 0, 0), "(bad opcode 0x39)");
	T(BPF_LDX_MEM(BPF_DW, 0, 11, 0), "(bad opcode 0x79: src_reg)");

	T(BPF_STX_MEM(BPF_W, 1, 2, 0), "*(u32 *)(r1 +0) = r2");
	T(BPF_STX_MEM(BPF_DW, 10, 1, -8), "*(u64 *)(r10 -8) = r1");
	T(BPF_STX_MEM(BPF_B, 10, 1, -1), "*(u8 *)(r10 -1) = r1");
	T(BPF_STX_MEM(BPF_H, 10, 1, -32768), "*(u16 *)(r10 -32768) = r1");
	T(BPF_ST_MEM(BPF_DW, 10, -8, 0), "*(u64 *)(r10 -8) = 0");
	T(BPF_ST_MEM(BPF_W, 10, -4, -7), "*(u32 *)(r10 -4) = -7");
	T(BPF_ST_MEM(BPF_B, 1, 3, 65), "*(u8 *)(r1 +3) = 65");
	T(BPF_INSN(BPF_ST | BPF_DW | BPF_ATOMIC, 1, 2, 0, BPF_ADD), "(bad opcode 0xda)");
	T(BPF_INSN(BPF_STX | BPF_DW | 0x80, 1, 2, 0, 0), "(bad opcode 0x9b)");
}

static void test_atomic(void)
{
	T(BPF_ATOMIC_ADD64(1, 2, 0), "lock *(u64 *)(r1 +0) += r2");
	T(BPF_INSN(BPF_STX | BPF_W | BPF_ATOMIC, 1, 2, 8, BPF_OR),
	  "lock *(u32 *)(r1 +8) |= r2");
	T(BPF_INSN(BPF_STX | BPF_DW | BPF_ATOMIC, 1, 2, 0, BPF_AND),
	  "lock *(u64 *)(r1 +0) &= r2");
	T(BPF_INSN(BPF_STX | BPF_DW | BPF_ATOMIC, 1, 2, -8, BPF_XOR),
	  "lock *(u64 *)(r1 -8) ^= r2");
	T(BPF_INSN(BPF_STX | BPF_DW | BPF_ATOMIC, 1, 2, 0, BPF_ADD | BPF_FETCH),
	  "r2 = atomic64_fetch_add((u64 *)(r1 +0), r2)");
	T(BPF_INSN(BPF_STX | BPF_W | BPF_ATOMIC, 1, 3, 4, BPF_XOR | BPF_FETCH),
	  "r3 = atomic_fetch_xor((u32 *)(r1 +4), r3)");
	T(BPF_INSN(BPF_STX | BPF_DW | BPF_ATOMIC, 1, 2, 0, BPF_OR | BPF_FETCH),
	  "r2 = atomic64_fetch_or((u64 *)(r1 +0), r2)");
	T(BPF_INSN(BPF_STX | BPF_DW | BPF_ATOMIC, 1, 2, 0, BPF_AND | BPF_FETCH),
	  "r2 = atomic64_fetch_and((u64 *)(r1 +0), r2)");
	T(BPF_INSN(BPF_STX | BPF_DW | BPF_ATOMIC, 1, 2, 0, BPF_XCHG),
	  "r2 = atomic64_xchg((u64 *)(r1 +0), r2)");
	T(BPF_INSN(BPF_STX | BPF_W | BPF_ATOMIC, 1, 2, 0, BPF_CMPXCHG),
	  "r0 = atomic_cmpxchg((u32 *)(r1 +0), r0, r2)");
	T(BPF_INSN(BPF_STX | BPF_DW | BPF_ATOMIC, 6, 2, 16, BPF_CMPXCHG),
	  "r0 = atomic64_cmpxchg((u64 *)(r6 +16), r0, r2)");
	T(BPF_INSN(BPF_STX | BPF_DW | BPF_ATOMIC, 0, 1, 0, 0x100),
	  "r0 = load_acquire((u64 *)(r1 +0))");
	T(BPF_INSN(BPF_STX | BPF_B | BPF_ATOMIC, 0, 1, 2, 0x100),
	  "w0 = load_acquire((u8 *)(r1 +2))");
	T(BPF_INSN(BPF_STX | BPF_W | BPF_ATOMIC, 1, 2, 0, 0x110),
	  "store_release((u32 *)(r1 +0), w2)");
	T(BPF_INSN(BPF_STX | BPF_DW | BPF_ATOMIC, 1, 2, 0, BPF_SUB),
	  "(bad opcode 0xdb: atomic op)");
	T(BPF_INSN(BPF_STX | BPF_H | BPF_ATOMIC, 1, 2, 0, BPF_ADD),
	  "(bad opcode 0xcb: size)");
}

static void test_jmp(void)
{
	struct bpf_insn p[10];
	int k;

	for (k = 0; k < 10; k++)
		p[k] = BPF_EXIT_INSN();

	p[0] = BPF_JMP_IMM(BPF_JGT, 1, 3, 5);
	TA(p, 0, "if r1 > 0x3 goto pc+5 <L6>", 1);
	p[4] = BPF_JMP_A(-3);
	TA(p, 4, "goto pc-3 <L2>", 1);
	p[4] = BPF_JMP_A(0);
	TA(p, 4, "goto pc+0 <L5>", 1);
	p[4] = BPF_JMP_A(-5);
	TA(p, 4, "goto pc-5 <L0>", 1);
	p[4] = BPF_JMP_A(-6);
	TA(p, 4, "goto pc-6 <L-1: out of range>", 1);
	p[4] = BPF_JMP_A(5);
	TA(p, 4, "goto pc+5 <L10: out of range>", 1);
	p[4] = BPF_JMP_A(4);
	TA(p, 4, "goto pc+4 <L9>", 1);

	p[2] = BPF_JMP_REG(BPF_JEQ, 1, 2, 1);
	TA(p, 2, "if r1 == r2 goto pc+1 <L4>", 1);
	p[2] = BPF_JMP_IMM(BPF_JNE, 0, 0, 2);
	TA(p, 2, "if r0 != 0x0 goto pc+2 <L5>", 1);
	p[2] = BPF_JMP_IMM(BPF_JNE, 0, -1, 2);
	TA(p, 2, "if r0 != 0xffffffff goto pc+2 <L5>", 1);
	p[2] = BPF_JMP_IMM(BPF_JSET, 3, 0x80, 1);
	TA(p, 2, "if r3 & 0x80 goto pc+1 <L4>", 1);
	p[2] = BPF_JMP_REG(BPF_JGE, 3, 4, 1);
	TA(p, 2, "if r3 >= r4 goto pc+1 <L4>", 1);
	p[2] = BPF_JMP_REG(BPF_JLT, 3, 4, 1);
	TA(p, 2, "if r3 < r4 goto pc+1 <L4>", 1);
	p[2] = BPF_JMP_IMM(BPF_JLE, 3, 10, 1);
	TA(p, 2, "if r3 <= 0xa goto pc+1 <L4>", 1);
	p[2] = BPF_JMP_REG(BPF_JSGT, 3, 4, -1);
	TA(p, 2, "if r3 s> r4 goto pc-1 <L2>", 1);
	p[2] = BPF_JMP_REG(BPF_JSGE, 3, 4, 1);
	TA(p, 2, "if r3 s>= r4 goto pc+1 <L4>", 1);
	p[2] = BPF_JMP_IMM(BPF_JSLT, 3, 0, 1);
	TA(p, 2, "if r3 s< 0x0 goto pc+1 <L4>", 1);
	p[2] = BPF_JMP_REG(BPF_JSLE, 3, 4, 1);
	TA(p, 2, "if r3 s<= r4 goto pc+1 <L4>", 1);
	p[2] = BPF_JMP_REG(BPF_JEQ, 11, 4, 1);
	TA(p, 2, "(bad opcode 0x1d: dst_reg)", 1);

	/* 32-bit compares */
	p[2] = BPF_INSN(BPF_JMP32 | BPF_JSLT | BPF_X, 1, 2, 1, 0);
	TA(p, 2, "if w1 s< w2 goto pc+1 <L4>", 1);
	p[2] = BPF_INSN(BPF_JMP32 | BPF_JEQ | BPF_K, 0, 0, 3, 7);
	TA(p, 2, "if w0 == 0x7 goto pc+3 <L6>", 1);
	p[2] = BPF_INSN(BPF_JMP32 | BPF_JA, 0, 0, 0, 2);
	TA(p, 2, "gotol pc+2 <L5>", 1);
	p[2] = BPF_INSN(BPF_JMP32 | BPF_JA, 0, 0, 0, 70000);
	TA(p, 2, "gotol pc+70000 <L70003: out of range>", 1);
	p[2] = BPF_INSN(BPF_JMP32 | BPF_CALL, 0, 0, 0, 1);
	TA(p, 2, "(bad opcode 0x86)", 1);
	p[2] = BPF_INSN(BPF_JMP32 | BPF_EXIT, 0, 0, 0, 0);
	TA(p, 2, "(bad opcode 0x96)", 1);

	/* may_goto, unknown jumps */
	p[2] = BPF_INSN(BPF_JMP | 0xe0, 0, 0, 2, 0);
	TA(p, 2, "may_goto pc+2 <L5>", 1);
	p[2] = BPF_INSN(BPF_JMP | 0xf0, 0, 0, 2, 0);
	TA(p, 2, "(bad opcode 0xf5)", 1);
	p[2] = BPF_INSN(BPF_JMP | BPF_JA | BPF_X, 0, 0, 2, 0);
	TA(p, 2, "(bad opcode 0x0d)", 1);

	T(BPF_EXIT_INSN(), "exit");
}

static void test_call(void)
{
	struct bpf_insn p[6];
	int k;

	T(BPF_CALL_HELPER(BPF_FUNC_map_lookup_elem), "call bpf_map_lookup_elem#1");
	T(BPF_CALL_HELPER(1), "call bpf_map_lookup_elem#1");
	T(BPF_CALL_HELPER(2), "call bpf_map_update_elem#2");
	T(BPF_CALL_HELPER(14), "call bpf_get_current_pid_tgid#14");
	T(BPF_CALL_HELPER(113), "call bpf_probe_read_kernel#113");
	T(BPF_CALL_HELPER(130), "call bpf_ringbuf_output#130");
	T(BPF_CALL_HELPER(209), "call bpf_user_ringbuf_drain#209");
	T(BPF_CALL_HELPER(210), "call bpf_cgrp_storage_get#210");
	T(BPF_CALL_HELPER(211), "call bpf_cgrp_storage_delete#211");
	T(BPF_CALL_HELPER(0), "call unknown#0");
	T(BPF_CALL_HELPER(5000), "call unknown#5000");
	T(BPF_CALL_HELPER(-1), "call unknown#-1");
	T(BPF_INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_KFUNC_CALL, 0, 12345),
	  "call kfunc#12345");
	T(BPF_INSN(BPF_JMP | BPF_CALL, 0, 3, 0, 1), "(bad opcode 0x85: src_reg)");

	for (k = 0; k < 6; k++)
		p[k] = BPF_EXIT_INSN();
	p[1] = BPF_INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, 2);
	TA(p, 1, "call pc+2 <L4>", 1);
	p[1] = BPF_INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, -2);
	TA(p, 1, "call pc-2 <L0>", 1);
}

static void test_helper_names(void)
{
	int id, all = 1;
	const char *s;

	for (id = 1; id <= 211; id++) {
		s = bpf_helper_name(id);
		if (!s || strncmp(s, "bpf_", 4) != 0 || !s[4]) {
			fprintf(stderr, "helper %d: %s\n", id, s ? s : "(null)");
			all = 0;
		}
	}
	ok(all, __LINE__, "every helper 1..211 has a bpf_ name");
	ok(bpf_helper_name(0) == NULL, __LINE__, "unspec has no name");
	ok(bpf_helper_name(100000) == NULL, __LINE__, "huge id has no name");
	ok(bpf_helper_name(-5) == NULL, __LINE__, "negative id has no name");
#define NAMED(id, str) ok(bpf_helper_name(id) && !strcmp(bpf_helper_name(id), str), __LINE__, str)
	NAMED(BPF_FUNC_probe_read_kernel, "bpf_probe_read_kernel");
	NAMED(BPF_FUNC_probe_read_user_str, "bpf_probe_read_user_str");
	NAMED(BPF_FUNC_get_current_comm, "bpf_get_current_comm");
	NAMED(BPF_FUNC_ktime_get_ns, "bpf_ktime_get_ns");
	NAMED(BPF_FUNC_get_smp_processor_id, "bpf_get_smp_processor_id");
	NAMED(BPF_FUNC_perf_event_output, "bpf_perf_event_output");
	NAMED(BPF_FUNC_get_stack, "bpf_get_stack");
	NAMED(BPF_FUNC_ringbuf_reserve, "bpf_ringbuf_reserve");
	NAMED(BPF_FUNC_tail_call, "bpf_tail_call");
	NAMED(12, "bpf_tail_call");
	NAMED(208, "bpf_ktime_get_tai_ns");
#undef NAMED
}

static void test_ld(void)
{
	struct bpf_insn imm[] = {
		BPF_LD_IMM64_LO(1, 0, 0x123456789ULL),
		BPF_LD_IMM64_HI(0x123456789ULL),
		BPF_EXIT_INSN(),
	};
	struct bpf_insn neg[] = {
		BPF_LD_IMM64_LO(2, 0, -1LL),
		BPF_LD_IMM64_HI(-1LL),
	};
	struct bpf_insn zero[] = {
		BPF_LD_IMM64_LO(0, 0, 0),
		BPF_LD_IMM64_HI(0),
	};
	struct bpf_insn maps[] = {
		BPF_LD_IMM64_LO(1, BPF_PSEUDO_MAP_FD, 7),	/* 0 */
		BPF_LD_IMM64_HI(0),
		BPF_LD_IMM64_LO(1, BPF_PSEUDO_MAP_FD, 42),	/* 2 */
		BPF_LD_IMM64_HI(0),
		BPF_LD_IMM64_LO(2, BPF_PSEUDO_MAP_VALUE, 7),	/* 4 */
		BPF_INSN(0, 0, 0, 0, 16),
		BPF_LD_IMM64_LO(2, BPF_PSEUDO_MAP_VALUE, 42),	/* 6 */
		BPF_INSN(0, 0, 0, 0, 0),
		BPF_LD_IMM64_LO(3, BPF_PSEUDO_MAP_IDX, 3),	/* 8 */
		BPF_LD_IMM64_HI(0),
		BPF_LD_IMM64_LO(3, BPF_PSEUDO_MAP_IDX, 1),	/* 10 */
		BPF_LD_IMM64_HI(0),
		BPF_LD_IMM64_LO(4, BPF_PSEUDO_MAP_IDX_VALUE, 1),	/* 12 */
		BPF_INSN(0, 0, 0, 0, 8),
		BPF_LD_IMM64_LO(4, BPF_PSEUDO_MAP_FD, 9),	/* 14 */
		BPF_LD_IMM64_HI(0),
		BPF_LD_IMM64_LO(5, BPF_PSEUDO_BTF_ID, 1234),	/* 16 */
		BPF_LD_IMM64_HI(0),
		BPF_LD_IMM64_LO(6, BPF_PSEUDO_FUNC, 3),		/* 18 */
		BPF_LD_IMM64_HI(0),
		BPF_LD_IMM64_LO(6, 7, 3),			/* 20 */
		BPF_LD_IMM64_HI(0),
		BPF_LD_IMM64_LO(11, 0, 3),			/* 22 */
		BPF_LD_IMM64_HI(0),
		BPF_EXIT_INSN(),				/* 24 */
	};
	struct bpf_insn trunc[] = {
		BPF_EXIT_INSN(),
		BPF_LD_IMM64_LO(1, 0, 5),
	};
	struct bpf_insn badhi[] = {
		BPF_LD_IMM64_LO(1, 0, 5),
		BPF_MOV64_IMM(0, 0),
	};
	struct bpf_insn lone_hi[] = { BPF_LD_IMM64_HI(0) };
	char buf[64];

	TA(imm, 0, "r1 = 0x123456789 ll", 2);
	TA(imm, 2, "exit", 1);
	TA(neg, 0, "r2 = 0xffffffffffffffff ll", 2);
	TA(zero, 0, "r0 = 0x0 ll", 2);

	TA(maps, 0, "r1 = map[id:aggs]", 2);
	TA(maps, 2, "r1 = map[fd:42]", 2);
	TA(maps, 4, "r2 = map_value[aggs]+16", 2);
	TA(maps, 6, "r2 = map_value[fd:42]+0", 2);
	TA(maps, 8, "r3 = map[id:@counts]", 2);
	TA(maps, 10, "r3 = map[idx:1]", 2);
	TA(maps, 12, "r4 = map_value[idx:1]+8", 2);
	TA(maps, 14, "r4 = map[fd:9]", 2);
	TA(maps, 16, "r5 = btf_id[1234]", 2);
	TA(maps, 18, "r6 = func pc+3 <L22>", 2);
	TA(maps, 20, "(bad opcode 0x18: src_reg)", 2);
	TA(maps, 22, "(bad opcode 0x18: dst_reg)", 2);

	/* no callback at all */
	bpf_disasm_insn(buf, sizeof(buf), maps, 0, N(maps), NULL, NULL);
	ok(!strcmp(buf, "r1 = map[fd:7]"), __LINE__, buf);
	bpf_disasm_insn(buf, sizeof(buf), maps, 4, N(maps), NULL, NULL);
	ok(!strcmp(buf, "r2 = map_value[fd:7]+16"), __LINE__, buf);

	TA(trunc, 1, "(bad opcode 0x18: truncated)", 1);
	TA(badhi, 0, "(bad opcode 0x18: second slot)", 1);
	TA(badhi, 1, "r0 = 0", 1);
	TA(lone_hi, 0, "(bad opcode 0x00)", 1);

	/* legacy packet access */
	T(BPF_INSN(BPF_LD | BPF_ABS | BPF_W, 0, 0, 0, 12), "r0 = *(u32 *)skb[12]");
	T(BPF_INSN(BPF_LD | BPF_ABS | BPF_B, 0, 0, 0, 23), "r0 = *(u8 *)skb[23]");
	T(BPF_INSN(BPF_LD | BPF_IND | BPF_H, 0, 3, 0, 2), "r0 = *(u16 *)skb[r3 + 2]");
	T(BPF_INSN(BPF_LD | BPF_ABS | BPF_DW, 0, 0, 0, 0), "(bad opcode 0x38)");
	T(BPF_INSN(BPF_LD | BPF_MEM | BPF_W, 0, 0, 0, 0), "(bad opcode 0x60)");
}

static void test_targets_ldimm(void)
{
	struct bpf_insn p[] = {
		BPF_JMP_A(1),			/* 0: lands in slot 2, the hi half */
		BPF_LD_IMM64_LO(1, 0, 1),	/* 1 */
		BPF_LD_IMM64_HI(1),		/* 2 */
		BPF_JMP_A(-3),			/* 3: -> 1, fine */
		BPF_EXIT_INSN(),		/* 4 */
	};

	TA(p, 0, "goto pc+1 <L2: inside ld_imm64>", 1);
	TA(p, 3, "goto pc-3 <L1>", 1);
}

static void test_buffers(void)
{
	struct bpf_insn p[] = {
		BPF_LD_IMM64_LO(1, 0, 0x123456789ULL),
		BPF_LD_IMM64_HI(0x123456789ULL),
		BPF_MOV64_REG(1, 10),
	};
	char small[6], one[1];

	memset(small, 'X', sizeof(small));
	ok(bpf_disasm_insn(small, sizeof(small), p, 2, 3, NULL, NULL) == 1 &&
	   !strcmp(small, "r1 = "), __LINE__, "truncated to buffer");
	memset(small, 'X', sizeof(small));
	ok(bpf_disasm_insn(small, sizeof(small), p, 0, 3, NULL, NULL) == 2 &&
	   !strcmp(small, "r1 = "), __LINE__, "ld_imm64 truncated, still 2 slots");
	one[0] = 'X';
	ok(bpf_disasm_insn(one, 1, p, 2, 3, NULL, NULL) == 1 && one[0] == '\0',
	   __LINE__, "len 1 gives empty string");
	ok(bpf_disasm_insn(NULL, 0, p, 0, 3, NULL, NULL) == 2, __LINE__,
	   "NULL buffer still counts slots");
	small[0] = 'X';
	ok(bpf_disasm_insn(small, sizeof(small), p, 3, 3, NULL, NULL) == 0 &&
	   small[0] == '\0', __LINE__, "index past the end");
	ok(bpf_disasm_insn(small, sizeof(small), p, -1, 3, NULL, NULL) == 0,
	   __LINE__, "negative index");
	ok(bpf_disasm_insn(small, sizeof(small), NULL, 0, 3, NULL, NULL) == 0,
	   __LINE__, "NULL program");
}

static int counted;
static const char *counting(void *arg, int fd)
{
	(void)fd;
	counted++;
	return (const char *)arg;
}

static void test_listing(void)
{
	struct bpf_insn p[] = {
		BPF_MOV64_REG(1, 10),				/* 0 */
		BPF_ALU64_IMM(BPF_ADD, 1, -8),			/* 1 */
		BPF_LD_IMM64_LO(1, BPF_PSEUDO_MAP_FD, 7),	/* 2 */
		BPF_LD_IMM64_HI(0),				/* 3 */
		BPF_CALL_HELPER(BPF_FUNC_map_lookup_elem),	/* 4 */
		BPF_JMP_IMM(BPF_JEQ, 0, 0, 1),			/* 5 */
		BPF_ATOMIC_ADD64(0, 1, 0),			/* 6 */
		BPF_EXIT_INSN(),				/* 7 */
	};
	const char *want =
		"0000: bf a1 00 00 00 00 00 00  r1 = r10\n"
		"0001: 07 01 00 00 f8 ff ff ff  r1 += -8\n"
		"0002: 18 11 00 00 07 00 00 00  r1 = map[id:hist]\n"
		"0003: 00 00 00 00 00 00 00 00\n"
		"0004: 85 00 00 00 01 00 00 00  call bpf_map_lookup_elem#1\n"
		"0005: 15 00 01 00 00 00 00 00  if r0 == 0x0 goto pc+1 <L7>\n"
		"0006: db 10 00 00 00 00 00 00  lock *(u64 *)(r0 +0) += r1\n"
		"0007: 95 00 00 00 00 00 00 00  exit\n";
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);
	unsigned char first;

	/* The expected hex assumes the usual little-endian bitfield layout. */
	memcpy(&first, (const char *)&p[0] + 1, 1);
	if (!f || first != 0xa1) {
		ok(0, __LINE__, "listing: no memstream or unexpected layout");
		if (f)
			fclose(f);
		free(text);
		return;
	}
	counted = 0;
	bpf_disasm(f, p, N(p), counting, (void *)"hist");
	fclose(f);
	if (strcmp(text, want) != 0) {
		fprintf(stderr, "listing got:\n%swant:\n%s", text, want);
		ok(0, __LINE__, "listing");
	} else {
		ok(1, __LINE__, "listing");
	}
	ok(counted == 1, __LINE__, "map_name called once per map reference");
	free(text);

	/* A truncated ld_imm64 at the end still prints exactly one line. */
	text = NULL;
	size = 0;
	f = open_memstream(&text, &size);
	if (f) {
		bpf_disasm(f, &p[2], 1, NULL, NULL);
		fclose(f);
		ok(!strcmp(text, "0000: 18 11 00 00 07 00 00 00  (bad opcode 0x18: truncated)\n"),
		   __LINE__, text);
		free(text);
	}

	/* n == 0 prints nothing */
	text = NULL;
	size = 0;
	f = open_memstream(&text, &size);
	if (f) {
		bpf_disasm(f, p, 0, NULL, NULL);
		fclose(f);
		ok(size == 0, __LINE__, "empty program prints nothing");
		free(text);
	}
}

int main(void)
{
	test_alu();
	test_mem();
	test_atomic();
	test_jmp();
	test_call();
	test_helper_names();
	test_ld();
	test_targets_ldimm();
	test_buffers();
	test_listing();

	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
